ALTER TABLE "subscription_plans" ADD COLUMN "has_bulk_scheduling" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Bulk scheduling from a file is on Business and Enterprise; an admin may change it on the
-- plan's card. Only the seeded values are set: other tiers keep the column's false.
UPDATE "subscription_plans" SET "has_bulk_scheduling" = true WHERE "tier" IN ('business', 'enterprise');
