CREATE TABLE "network_sessions" (
	"key" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "network_sessions_updated_idx" ON "network_sessions" USING btree ("updated_at");