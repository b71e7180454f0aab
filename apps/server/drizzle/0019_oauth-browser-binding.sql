-- A state made before browser binding (decision 103) has no cookie to match: such flows, ten
-- minutes at most, start again.
DELETE FROM "oauth_states";--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "binding_hash" text NOT NULL;
