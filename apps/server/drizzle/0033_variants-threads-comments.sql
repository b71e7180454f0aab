CREATE TABLE "publication_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publication_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" smallint NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"external_ref" text,
	"external_url" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"error_code" text,
	"claimed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "variants" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "thread" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "publication_parts" ADD CONSTRAINT "publication_parts_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publication_parts_publication_kind_position_key" ON "publication_parts" USING btree ("publication_id","kind","position");--> statement-breakpoint
CREATE INDEX "publication_parts_pending_due_idx" ON "publication_parts" USING btree ("due_at") WHERE "publication_parts"."status" = 'pending';