import { sql, type SQL } from 'drizzle-orm';
import type { NetworkId } from '@cadence/shared';
import type { DbExecutor } from '../../db/client.js';
import { rowsOf } from './metrics.repository.js';

export interface Scope {
  userId: string;
  companyId?: string | undefined;
}

/** The stats rows of the customer's publications (of one entity, when given). */
const owned = (scope: Scope, alias = 's') =>
  scope.companyId
    ? sql`${sql.raw(alias)}.user_id = ${scope.userId} and ${sql.raw(alias)}.company_id = ${scope.companyId}`
    : sql`${sql.raw(alias)}.user_id = ${scope.userId}`;

const period = (from: Date, to: Date, column = 's.published_at') =>
  sql`${sql.raw(column)} >= ${from.toISOString()}::timestamptz and ${sql.raw(column)} < ${to.toISOString()}::timestamptz`;

/**
 * The built-in short links of the customer's posts (of one entity, when given): a post keeps
 * its short link as `shortened_url`, ending in `/s/{code}`.
 */
const ownedLinks = (scope: Scope) =>
  scope.companyId
    ? sql`select l.id from short_links l
        where l.user_id = ${scope.userId} and l.code in (
          select substring(p.shortened_url from '/s/([A-Za-z0-9_-]+)$') from posts p
          where p.user_id = ${scope.userId} and p.company_id = ${scope.companyId}
            and p.shortened_url is not null)`
    : sql`select l.id from short_links l where l.user_id = ${scope.userId}`;

const num = (value: unknown) => Number(value ?? 0);

export async function totals(db: DbExecutor, scope: Scope, from: Date, to: Date) {
  const fromDay = from.toISOString().slice(0, 10);
  const toDay = to.toISOString().slice(0, 10);
  const result = await db.execute(sql`
    select
      (select count(distinct s.post_id) from publication_stats s
        where ${owned(scope)} and ${period(from, to)}) as posts_published,
      (select coalesce(sum(s.impressions), 0) from publication_stats s
        where ${owned(scope)} and ${period(from, to)}) as impressions,
      (select coalesce(sum(s.engagements), 0) from publication_stats s
        where ${owned(scope)} and ${period(from, to)}) as engagements,
      (select coalesce(sum(c.clicks), 0) from short_link_clicks c
        where c.short_link_id in (${ownedLinks(scope)})
          and c.day >= ${fromDay}::date and c.day < ${toDay}::date) as clicks,
      (select coalesce(sum(
          coalesce((select f.followers from follower_counts f
             where f.connection_id = c.id and f.day < ${toDay}::date
             order by f.day desc limit 1), 0)
        - coalesce((select f.followers from follower_counts f
             where f.connection_id = c.id and f.day < ${fromDay}::date
             order by f.day desc limit 1),
           (select f.followers from follower_counts f
             where f.connection_id = c.id and f.day >= ${fromDay}::date and f.day < ${toDay}::date
             order by f.day asc limit 1), 0)), 0)
        from social_connections c join companies co on co.id = c.company_id
        where co.user_id = ${scope.userId}
          ${scope.companyId ? sql`and c.company_id = ${scope.companyId}` : sql``}) as followers_gained`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return {
    posts_published: num(row?.posts_published),
    impressions: num(row?.impressions),
    engagements: num(row?.engagements),
    clicks: num(row?.clicks),
    followers_gained: num(row?.followers_gained),
  };
}

export async function dailySeries(db: DbExecutor, scope: Scope, from: Date, to: Date) {
  const fromDay = from.toISOString().slice(0, 10);
  const toDay = to.toISOString().slice(0, 10);
  const [published, clicks] = await Promise.all([
    db.execute(sql`
      select to_char(s.published_at at time zone 'UTC', 'YYYY-MM-DD') as day,
        count(distinct s.post_id) as posts_published,
        coalesce(sum(s.impressions), 0) as impressions,
        coalesce(sum(s.engagements), 0) as engagements
      from publication_stats s
      where ${owned(scope)} and ${period(from, to)}
      group by 1`),
    db.execute(sql`
      select to_char(c.day, 'YYYY-MM-DD') as day, sum(c.clicks) as clicks
      from short_link_clicks c
      where c.short_link_id in (${ownedLinks(scope)})
        and c.day >= ${fromDay}::date and c.day < ${toDay}::date
      group by 1`),
  ]);
  return {
    published: rowsOf<Record<string, unknown> & { day: string }>(published),
    clicks: rowsOf<{ day: string; clicks: unknown }>(clicks),
  };
}

export async function byNetwork(db: DbExecutor, scope: Scope, from: Date, to: Date) {
  const result = await db.execute(sql`
    select s.network, count(distinct s.post_id) as posts_published,
      coalesce(sum(s.impressions), 0) as impressions, coalesce(sum(s.likes), 0) as likes,
      coalesce(sum(s.comments), 0) as comments, coalesce(sum(s.shares), 0) as shares,
      coalesce(sum(s.engagements), 0) as engagements
    from publication_stats s
    where ${owned(scope)} and ${period(from, to)}
    group by s.network order by s.network`);
  return rowsOf<Record<string, unknown> & { network: NetworkId }>(result).map((row) => ({
    network: row.network,
    posts_published: num(row.posts_published),
    impressions: num(row.impressions),
    likes: num(row.likes),
    comments: num(row.comments),
    shares: num(row.shares),
    engagements: num(row.engagements),
  }));
}

export interface StatRow {
  publication_id: string;
  post_id: string;
  network: NetworkId;
  external_url: string | null;
  content: string;
  published_at: string | Date;
  read_at: string | Date | null;
  likes: number;
  comments: number;
  shares: number;
  impressions: number | null;
  engagements: number;
  clicks: unknown;
}

/** Clicks of a post's built-in short link, over all days. */
const postClicks = sql`coalesce((select sum(c.clicks) from short_link_clicks c
  join short_links l on l.id = c.short_link_id
  where l.user_id = p.user_id and p.shortened_url is not null
    and l.code = substring(p.shortened_url from '/s/([A-Za-z0-9_-]+)$')), 0)`;

export async function topPosts(db: DbExecutor, scope: Scope, from: Date, to: Date, limit: number) {
  const result = await db.execute(sql`
    select s.publication_id, s.post_id, s.network, s.external_url, p.content, s.published_at,
      s.read_at, s.likes, s.comments, s.shares, s.impressions, s.engagements, 0 as clicks
    from publication_stats s join posts p on p.id = s.post_id
    where ${owned(scope)} and ${period(from, to)}
    order by s.engagements desc, s.published_at desc
    limit ${limit}`);
  return rowsOf<StatRow>(result);
}

/** Every publication of the period with its numbers (the CSV export), newest first. */
export async function periodRows(db: DbExecutor, scope: Scope, from: Date, to: Date) {
  const result = await db.execute(sql`
    select s.publication_id, s.post_id, s.network, s.external_url, p.content, s.published_at,
      s.read_at, s.likes, s.comments, s.shares, s.impressions, s.engagements, ${postClicks} as clicks
    from publication_stats s join posts p on p.id = s.post_id
    where ${owned(scope)} and ${period(from, to)}
    order by s.published_at desc`);
  return rowsOf<StatRow>(result);
}

/** Posts and engagements by weekday (ISO: 1 Monday) and hour in `timeZone`. */
export async function bestHours(
  db: DbExecutor,
  scope: Scope,
  from: Date,
  to: Date,
  timeZone: string,
) {
  const local = sql`(s.published_at at time zone ${timeZone})`;
  const result = await db.execute(sql`
    select extract(isodow from ${local})::int as weekday, extract(hour from ${local})::int as hour,
      count(*) as posts, coalesce(sum(s.engagements), 0) as engagements
    from publication_stats s
    where ${owned(scope)} and ${period(from, to)}
    group by 1, 2 order by 1, 2`);
  return rowsOf<{ weekday: number; hour: number; posts: unknown; engagements: unknown }>(
    result,
  ).map((row) => ({
    weekday: Number(row.weekday),
    hour: Number(row.hour),
    posts: num(row.posts),
    engagements: num(row.engagements),
  }));
}

/** The post's publications with their latest numbers (the post must be the customer's). */
export async function postPublications(db: DbExecutor, userId: string, postId: string) {
  const result = await db.execute(sql`
    select pub.id, pub.network, s.read_at, s.likes, s.comments, s.shares, s.impressions,
      (select m.raw from publication_metrics m where m.publication_id = pub.id
        order by m.read_at desc limit 1) as raw,
      ${postClicks} as clicks
    from posts p
    join scheduled_instances i on i.post_id = p.id
    join publications pub on pub.instance_id = i.id
    left join publication_stats s on s.publication_id = pub.id
    where p.id = ${postId} and p.user_id = ${userId} and pub.status = 'published'
    order by pub.published_at desc nulls last, pub.network`);
  return rowsOf<{
    id: string;
    network: NetworkId;
    read_at: string | Date | null;
    likes: number | null;
    comments: number | null;
    shares: number | null;
    impressions: number | null;
    raw: Record<string, number> | string | null;
    clicks: unknown;
  }>(result);
}

export async function postExists(db: DbExecutor, userId: string, postId: string) {
  const result = await db.execute(
    sql`select 1 as found from posts where id = ${postId} and user_id = ${userId}`,
  );
  return rowsOf(result).length > 0;
}

export type { SQL };
