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
-- Files uploaded before uploads were tracked: post media (sizes known) and entity logos
-- (sizes unknown before this migration: counted as 0 bytes).
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
