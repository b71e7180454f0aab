ALTER TABLE "publications" ADD COLUMN "read_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "read_backs" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "read_backs_absent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "publications_read_back_idx" ON "publications" USING btree ("read_back_at") WHERE "publications"."status" = 'unconfirmed' and "publications"."read_back_at" is not null;