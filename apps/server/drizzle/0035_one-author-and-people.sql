ALTER TABLE "posts" DROP CONSTRAINT "posts_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "system_logs" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_events" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_logs" ADD CONSTRAINT "system_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_workspace_id_users_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "posts" SET "created_by" = "author_id" WHERE "created_by" IS NULL;--> statement-breakpoint
UPDATE "system_logs" AS "l" SET "actor_id" = "s"."created_by" FROM "scheduled_instances" AS "si" JOIN "schedules" AS "s" ON "s"."id" = "si"."schedule_id" WHERE "si"."id" = "l"."instance_id";--> statement-breakpoint
UPDATE "notification_events" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "notification_events" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "author_id";
