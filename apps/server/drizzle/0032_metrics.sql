CREATE TABLE "short_link_clicks" (
	"short_link_id" uuid NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "short_link_clicks_short_link_id_day_pk" PRIMARY KEY("short_link_id","day")
);
--> statement-breakpoint
CREATE TABLE "follower_counts" (
	"connection_id" uuid NOT NULL,
	"day" date NOT NULL,
	"followers" integer NOT NULL,
	CONSTRAINT "follower_counts_connection_id_day_pk" PRIMARY KEY("connection_id","day")
);
--> statement-breakpoint
CREATE TABLE "metric_accounts" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"not_before" timestamp with time zone,
	"followers_read_on" date
);
--> statement-breakpoint
CREATE TABLE "publication_metrics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"publication_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"likes" integer NOT NULL,
	"comments" integer NOT NULL,
	"shares" integer NOT NULL,
	"impressions" integer,
	"raw" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_stats" (
	"publication_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"post_id" uuid NOT NULL,
	"connection_id" uuid,
	"network" text NOT NULL,
	"external_id" text NOT NULL,
	"external_url" text,
	"published_at" timestamp with time zone NOT NULL,
	"next_read_at" timestamp with time zone,
	"backoff" smallint DEFAULT 1 NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	"stopped_reason" text,
	"read_at" timestamp with time zone,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"impressions" integer,
	"engagements" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "short_link_clicks" ADD CONSTRAINT "short_link_clicks_short_link_id_short_links_id_fk" FOREIGN KEY ("short_link_id") REFERENCES "public"."short_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_counts" ADD CONSTRAINT "follower_counts_connection_id_social_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."social_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_accounts" ADD CONSTRAINT "metric_accounts_connection_id_social_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."social_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_metrics" ADD CONSTRAINT "publication_metrics_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_stats" ADD CONSTRAINT "publication_stats_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_stats" ADD CONSTRAINT "publication_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_stats" ADD CONSTRAINT "publication_stats_connection_id_social_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."social_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_metrics_publication_idx" ON "publication_metrics" USING btree ("publication_id","read_at");--> statement-breakpoint
CREATE INDEX "publication_stats_due_idx" ON "publication_stats" USING btree ("next_read_at") WHERE "publication_stats"."next_read_at" is not null;--> statement-breakpoint
CREATE INDEX "publication_stats_user_published_idx" ON "publication_stats" USING btree ("user_id","published_at","post_id","network","impressions","engagements","likes","comments","shares");--> statement-breakpoint
CREATE INDEX "publication_stats_company_published_idx" ON "publication_stats" USING btree ("company_id","published_at","post_id","network","impressions","engagements","likes","comments","shares");--> statement-breakpoint
CREATE INDEX "publication_stats_post_idx" ON "publication_stats" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "publication_stats_published_idx" ON "publication_stats" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "publications_published_idx" ON "publications" USING btree ("published_at") WHERE "publications"."status" = 'published';