CREATE TABLE "analytics_clicks" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "analytics_clicks_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"day" date NOT NULL,
	"network" text NOT NULL,
	"publications" integer NOT NULL,
	"posts" integer NOT NULL,
	"impressions" bigint NOT NULL,
	"engagements" bigint NOT NULL,
	"likes" bigint NOT NULL,
	"comments" bigint NOT NULL,
	"shares" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_hours" (
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"publications" integer NOT NULL,
	"engagements" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_spread_posts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid
);
--> statement-breakpoint
CREATE TABLE "analytics_zones" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_clicks" ADD CONSTRAINT "analytics_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hours" ADD CONSTRAINT "analytics_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_spread_posts" ADD CONSTRAINT "analytics_spread_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_zones" ADD CONSTRAINT "analytics_zones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_days_user_idx" ON "analytics_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "analytics_days_company_idx" ON "analytics_days" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "analytics_hours_user_idx" ON "analytics_hours" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "analytics_hours_company_idx" ON "analytics_hours" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "analytics_spread_posts_user_idx" ON "analytics_spread_posts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_user_short_link_idx" ON "posts" USING btree ("user_id") WHERE "posts"."shortened_url" is not null;--> statement-breakpoint
CREATE INDEX "publication_stats_user_engagements_idx" ON "publication_stats" USING btree ("user_id","engagements" DESC NULLS LAST,"published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publication_stats_company_engagements_idx" ON "publication_stats" USING btree ("company_id","engagements" DESC NULLS LAST,"published_at" DESC NULLS LAST);--> statement-breakpoint
-- The Analytics rollup's upkeep (decision 125): the local days that changed stats rows fall
-- on are summed again from publication_stats, for the customers with a rollup (a zone row).
CREATE FUNCTION analytics_refresh(p_users uuid[], p_companies uuid[], p_ats timestamptz[], p_posts uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One refresh (or rebuild) of a customer's rollup at a time: the zone row is the lock.
  PERFORM 1 FROM analytics_zones z WHERE z.user_id = ANY (p_users) ORDER BY z.user_id FOR UPDATE;
  WITH changed AS (
    SELECT DISTINCT c.user_id, c.company_id, (c.at AT TIME ZONE z.time_zone)::date AS day
    FROM unnest(p_users, p_companies, p_ats) AS c(user_id, company_id, at)
    JOIN analytics_zones z ON z.user_id = c.user_id
  ), gone_days AS (
    DELETE FROM analytics_days d USING changed k
    WHERE d.user_id = k.user_id AND d.company_id IS NOT DISTINCT FROM k.company_id AND d.day = k.day
  )
  DELETE FROM analytics_hours h USING changed k
  WHERE h.user_id = k.user_id AND h.company_id IS NOT DISTINCT FROM k.company_id AND h.day = k.day;

  WITH changed AS (
    SELECT DISTINCT c.user_id, c.company_id, (c.at AT TIME ZONE z.time_zone)::date AS day,
      z.time_zone
    FROM unnest(p_users, p_companies, p_ats) AS c(user_id, company_id, at)
    JOIN analytics_zones z ON z.user_id = c.user_id
  ), day_rows AS (
    SELECT k.user_id, k.company_id, k.day, s.network, s.post_id, s.publication_id,
      s.published_at, extract(hour FROM s.published_at AT TIME ZONE k.time_zone)::smallint AS hour,
      coalesce(s.impressions, 0) AS impressions, s.engagements, s.likes, s.comments, s.shares
    FROM changed k
    JOIN publication_stats s ON s.user_id = k.user_id
      AND s.company_id IS NOT DISTINCT FROM k.company_id
      -- The local day's instants (3 hours either side for a day a clock change made longer),
      -- then exactly the rows of that local date.
      AND s.published_at >= (k.day::timestamp AT TIME ZONE k.time_zone) - interval '3 hours'
      AND s.published_at < ((k.day + 1)::timestamp AT TIME ZONE k.time_zone) + interval '3 hours'
      AND (s.published_at AT TIME ZONE k.time_zone)::date = k.day
  ), firsts AS (
    SELECT r.*, row_number() OVER (
        PARTITION BY r.user_id, r.company_id, r.day, r.post_id
        ORDER BY r.published_at, r.publication_id) = 1 AS first
    FROM day_rows r
  ), new_days AS (
    INSERT INTO analytics_days (user_id, company_id, day, network, publications, posts,
      impressions, engagements, likes, comments, shares)
    SELECT f.user_id, f.company_id, f.day, f.network, count(*), count(*) FILTER (WHERE f.first),
      sum(f.impressions), sum(f.engagements), sum(f.likes), sum(f.comments), sum(f.shares)
    FROM firsts f GROUP BY f.user_id, f.company_id, f.day, f.network
  )
  INSERT INTO analytics_hours (user_id, company_id, day, hour, publications, engagements)
  SELECT r.user_id, r.company_id, r.day, r.hour, count(*), sum(r.engagements)
  FROM day_rows r GROUP BY r.user_id, r.company_id, r.day, r.hour;

  -- A post is spread when its publications fall on more than one local day.
  DELETE FROM analytics_spread_posts p WHERE p.post_id = ANY (p_posts);
  INSERT INTO analytics_spread_posts (post_id, user_id)
  SELECT s.post_id, s.user_id
  FROM publication_stats s JOIN analytics_zones z ON z.user_id = s.user_id
  WHERE s.post_id = ANY (p_posts)
  GROUP BY s.post_id, s.user_id
  HAVING count(DISTINCT (s.published_at AT TIME ZONE z.time_zone)::date) > 1
  ON CONFLICT (post_id) DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_stats_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_refresh(array_agg(n.user_id), array_agg(n.company_id),
    array_agg(n.published_at), array_agg(n.post_id))
  FROM new_rows n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_stats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_refresh(array_agg(o.user_id), array_agg(o.company_id),
    array_agg(o.published_at), array_agg(o.post_id))
  FROM old_rows o;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only rows whose numbers or place changed (not a read postponed or stopped) are summed again.
CREATE FUNCTION analytics_stats_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_refresh(array_agg(v.user_id), array_agg(v.company_id),
    array_agg(v.published_at), array_agg(v.post_id))
  FROM old_rows o
  JOIN new_rows n ON n.publication_id = o.publication_id
  CROSS JOIN LATERAL (VALUES (o.user_id, o.company_id, o.published_at, o.post_id),
    (n.user_id, n.company_id, n.published_at, n.post_id)) AS v(user_id, company_id, published_at, post_id)
  WHERE (o.likes, o.comments, o.shares, o.impressions, o.engagements, o.published_at,
      o.company_id, o.network, o.user_id, o.post_id)
    IS DISTINCT FROM (n.likes, n.comments, n.shares, n.impressions, n.engagements,
      n.published_at, n.company_id, n.network, n.user_id, n.post_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_stats_insert AFTER INSERT ON publication_stats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_stats_inserted();
--> statement-breakpoint
CREATE TRIGGER analytics_stats_update AFTER UPDATE ON publication_stats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_stats_updated();
--> statement-breakpoint
CREATE TRIGGER analytics_stats_delete AFTER DELETE ON publication_stats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_stats_deleted();
--> statement-breakpoint
-- Clicks per customer and UTC day (the summary's clicks for all entities), kept as the
-- shortener writes its per-link days: a click's row added or changed adds the difference; a
-- deleted link takes its days off before its rows go (the rows' own trigger then finds no link).
CREATE FUNCTION analytics_clicks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT l.user_id INTO owner FROM short_links l WHERE l.id = NEW.short_link_id;
    IF owner IS NOT NULL THEN
      INSERT INTO analytics_clicks (user_id, day, clicks) VALUES (owner, NEW.day, NEW.clicks)
      ON CONFLICT (user_id, day) DO UPDATE SET clicks = analytics_clicks.clicks + excluded.clicks;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT l.user_id INTO owner FROM short_links l WHERE l.id = OLD.short_link_id;
    IF owner IS NOT NULL THEN
      UPDATE analytics_clicks SET clicks = clicks - OLD.clicks
      WHERE user_id = owner AND day = OLD.day;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_link_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_clicks a SET clicks = a.clicks - c.clicks
  FROM short_link_clicks c
  WHERE c.short_link_id = OLD.id AND a.user_id = OLD.user_id AND a.day = c.day;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_clicks_change AFTER INSERT OR UPDATE OR DELETE ON short_link_clicks
  FOR EACH ROW EXECUTE FUNCTION analytics_clicks_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_link_delete BEFORE DELETE ON short_links
  FOR EACH ROW EXECUTE FUNCTION analytics_link_deleted();
--> statement-breakpoint
-- The clicks counted before this migration.
INSERT INTO analytics_clicks (user_id, day, clicks)
SELECT l.user_id, c.day, sum(c.clicks)
FROM short_link_clicks c JOIN short_links l ON l.id = c.short_link_id
GROUP BY l.user_id, c.day;
