-- Billing intervals of the catalogue (integer cents, USD). Pro and Business are sold
-- monthly, and yearly at about two months free; Free has no price; Enterprise has no
-- interval, so it is quoted ('Contact us'). Re-running never overwrites an admin's prices.
INSERT INTO "subscription_plan_intervals" ("plan_id", "interval_unit", "interval_count", "price_cents")
SELECT p."id", v."unit", 1, v."cents"
FROM (VALUES
  ('pro', 'month', 2900),
  ('pro', 'year', 29000),
  ('business', 'month', 7900),
  ('business', 'year', 79000)
) AS v("tier", "unit", "cents")
JOIN "subscription_plans" p ON p."tier" = v."tier"
ON CONFLICT ("plan_id", "interval_unit", "interval_count") DO NOTHING;
