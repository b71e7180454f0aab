CREATE TABLE "post_usage" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_usage_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "post_usage" ADD CONSTRAINT "post_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "post_usage" ("user_id", "month", "created")
SELECT "user_id", to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), count(*)::int
FROM "posts"
GROUP BY 1, 2;
