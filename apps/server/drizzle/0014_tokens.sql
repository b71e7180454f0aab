ALTER TABLE "social_connections" ADD COLUMN "token_renewable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "social_connections" ADD COLUMN "expiry_warned_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_connections" ADD COLUMN "expiry_warned_days" integer;--> statement-breakpoint
-- One-click connections so far: X, LinkedIn, Threads and Instagram have a refresh the sweep tries
-- (a refusal turns this off again); Facebook page tokens do not expire.
UPDATE "social_connections" SET "token_renewable" = true WHERE "auth_method" = 'oauth' AND "network" IN ('twitter', 'linkedIn', 'threads', 'instagram');
