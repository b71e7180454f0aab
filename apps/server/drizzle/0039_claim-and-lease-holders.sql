ALTER TABLE "scheduled_instances" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "claimed_by" text;--> statement-breakpoint
CREATE INDEX "scheduled_instances_lease_owner_idx" ON "scheduled_instances" USING btree ("lease_owner") WHERE "scheduled_instances"."lease_owner" is not null;