ALTER TABLE "service_heartbeats" ADD COLUMN "backend_pid" integer;--> statement-breakpoint
ALTER TABLE "service_heartbeats" ADD COLUMN "backend_started_at" timestamp with time zone;