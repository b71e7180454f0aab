-- The public API (API keys, /api/v1) is on the Enterprise plan only; an admin may change
-- it on the plan's card. Only the seeded value is set: other tiers keep the column's false.
UPDATE "subscription_plans" SET "has_api" = true WHERE "tier" = 'enterprise';
