-- The four tiers of the catalogue (spec 001, section 3). Limits are data: NULL means unlimited.
-- Admins may edit prices and highlights later; re-running never overwrites their changes.
INSERT INTO "subscription_plans"
  ("tier", "name", "description", "price_cents", "max_companies", "max_posts_per_month", "max_networks", "has_ai", "allowed_networks", "highlight_points", "sort_order")
VALUES
  ('free', 'Free', 'Try scheduling for one company on one network.', 0, 1, 5, 1, false,
    '["twitter"]'::jsonb,
    '["1 company", "5 posts a month", "1 social network", "Manual URL shortening"]'::jsonb, 0),
  ('pro', 'Pro', 'For marketers running a few brands, with AI writing help.', 2900, 3, 50, 3, true,
    '["twitter", "facebook", "linkedIn"]'::jsonb,
    '["3 companies", "50 posts a month", "3 social networks", "AI writing help", "Automatic URL shortening", "Hashtag and emoji suggestions"]'::jsonb, 1),
  ('business', 'Business', 'For agencies: many companies, every network, no post limit.', 7900, 10, NULL, NULL, true,
    '["twitter", "facebook", "linkedIn", "instagram", "bluesky", "threads"]'::jsonb,
    '["10 companies", "Unlimited posts", "All social networks", "5 team members", "Bulk scheduling", "Everything in Pro"]'::jsonb, 2),
  ('enterprise', 'Enterprise', 'Unlimited everything with custom terms.', NULL, NULL, NULL, NULL, true,
    '["twitter", "facebook", "linkedIn", "instagram", "bluesky", "threads"]'::jsonb,
    '["Unlimited companies", "Unlimited posts", "All social networks", "White label", "API access", "Custom features"]'::jsonb, 3)
ON CONFLICT ("tier") DO NOTHING;
