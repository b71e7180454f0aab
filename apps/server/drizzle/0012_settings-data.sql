CREATE TABLE "notification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid,
	"company_id" uuid,
	"network" text,
	"group_key" text NOT NULL,
	"message" text NOT NULL,
	"mail_state" text NOT NULL,
	"mailed_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_publication_failures" boolean DEFAULT true NOT NULL,
	"email_reconnect" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "max_storage_bytes" bigint;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_events_user_created_idx" ON "notification_events" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_events_mail_idx" ON "notification_events" USING btree ("user_id","mail_state");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_files_storage_key_key" ON "uploaded_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploaded_files_user_created_idx" ON "uploaded_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploaded_files_created_idx" ON "uploaded_files" USING btree ("created_at");
--> statement-breakpoint
-- Storage allowance per plan (uploads: logos, avatars, media). NULL means unlimited.
-- Only fills plans that have none yet, so an admin's later change is never overwritten.
UPDATE "subscription_plans" SET "max_storage_bytes" = CASE "tier"
    WHEN 'free' THEN 200 * 1024 * 1024
    WHEN 'pro' THEN 2 * 1024 * 1024 * 1024::bigint
    WHEN 'business' THEN 20 * 1024 * 1024 * 1024::bigint
    ELSE NULL
  END
WHERE "max_storage_bytes" IS NULL AND "tier" IN ('free', 'pro', 'business');
--> statement-breakpoint
-- Files uploaded before uploads were tracked: post media (sizes known), entity logos and
-- avatars (sizes not recorded before this migration: counted as 0 bytes).
INSERT INTO "uploaded_files" ("user_id", "kind", "storage_key", "size_bytes", "created_at")
SELECT p."user_id", 'media', a."storage_key", a."size_bytes", a."created_at"
FROM "post_attachments" a JOIN "posts" p ON p."id" = a."post_id"
ON CONFLICT ("storage_key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "uploaded_files" ("user_id", "kind", "storage_key", "size_bytes", "created_at")
SELECT c."user_id", 'logo', substr(c."logo_url", length('/uploads/') + 1), 0, c."created_at"
FROM "companies" c
WHERE c."logo_url" LIKE '/uploads/logos/%'
ON CONFLICT ("storage_key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "uploaded_files" ("user_id", "kind", "storage_key", "size_bytes", "created_at")
SELECT u."id", 'avatar', u."avatar_key", 0, u."updated_at"
FROM "users" u
WHERE u."avatar_key" IS NOT NULL
ON CONFLICT ("storage_key") DO NOTHING;
