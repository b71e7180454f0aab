import { sql, type SQL } from 'drizzle-orm';
import type { NetworkId } from '@cadence/shared';
import type { Db, DbExecutor } from '../../db/client.js';
import { entityCondition, entityVisible } from '../../lib/entity-scope.js';
import { rowsOf } from './metrics.repository.js';

export interface Scope {
  userId: string;
  companyId?: string | undefined;
  /** The entities that exist for the person asking (null or absent: every one). */
  entityIds?: readonly string[] | null;
}

/** ` and <column> is the scope's entity` (one, else those of a limited member, else none). */
const ofEntities = (scope: Scope, column: string) => {
  if (scope.companyId) return sql` and ${sql.raw(column)} = ${scope.companyId}`;
  const only = entityCondition(sql.raw(column), scope);
  return only ? sql` and ${only}` : sql``;
};

/** The stats rows of the customer's publications (of one entity, when given). */
const owned = (scope: Scope, alias = 's') =>
  sql`${sql.raw(alias)}.user_id = ${scope.userId}${ofEntities(scope, `${alias}.company_id`)}`;

const period = (from: Date, to: Date, column = 's.published_at') =>
  sql`${sql.raw(column)} >= ${from.toISOString()}::timestamptz and ${sql.raw(column)} < ${to.toISOString()}::timestamptz`;

/**
 * Which of the customer's built-in short links count (`l` is short_links): all of them, or
 * those of one entity's posts (a post keeps its short link as `shortened_url`, ending in
 * `/s/{code}`).
 */
const ownedLinks = (scope: Scope) =>
  scope.companyId || (scope.entityIds ?? null) !== null
    ? sql`l.user_id = ${scope.userId} and l.code in (
          select substring(p.shortened_url from '/s/([A-Za-z0-9_-]+)$') from posts p
          where p.user_id = ${scope.userId}${ofEntities(scope, 'p.company_id')}
            and p.shortened_url is not null)`
    : sql`l.user_id = ${scope.userId}`;

const num = (value: unknown) => Number(value ?? 0);

/**
 * Daily numbers (clicks, followers) count in the period that holds the day's start (00:00
 * UTC): the days from this one for `from`, up to and without this one for `to` (the day
 * after the one holding the moment just before it). Consecutive periods share no day, and
 * a period ending now holds today.
 */
const dayAfter = (to: Date) =>
  new Date(Date.parse(new Date(to.getTime() - 1).toISOString().slice(0, 10)) + 86_400_000)
    .toISOString()
    .slice(0, 10);

/**
 * The customer's rollup (decision 125) counted in `timeZone`: when its zone row names another
 * zone (the customer changed theirs) or none (never asked before), its rows are summed again
 * from the stats rows first, in one transaction that holds the zone row, so the triggers'
 * upkeep and the rebuild take turns.
 */
export async function ensureRollup(db: Db, userId: string, timeZone: string) {
  const current = rowsOf<{ time_zone: string }>(
    await db.execute(sql`select time_zone from analytics_zones where user_id = ${userId}`),
  )[0];
  if (current?.time_zone === timeZone) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into analytics_zones (user_id, time_zone) values (${userId}, ${timeZone})
      on conflict (user_id) do update set time_zone = excluded.time_zone`);
    await tx.execute(sql`delete from analytics_days where user_id = ${userId}`);
    await tx.execute(sql`delete from analytics_hours where user_id = ${userId}`);
    await tx.execute(sql`delete from analytics_spread_posts where user_id = ${userId}`);
    await tx.execute(sql`
      select analytics_refresh(array_agg(s.user_id), array_agg(s.company_id),
        array_agg(s.published_at), array_agg(s.post_id))
      from publication_stats s where s.user_id = ${userId}`);
  });
}

/** The rollup rows of the customer (of one entity, when given). */
const ownedRollup = (scope: Scope, alias: string) =>
  sql`${sql.raw(alias)}.user_id = ${scope.userId}${ofEntities(scope, `${alias}.company_id`)}`;

const DAY_MS = 86_400_000;

/**
 * The period's publications, each counted by its latest numbers, as one scan of them would
 * count them: sums per day (in the saved time zone) and network, the distinct posts per day
 * and in all, and (with `withHours`) publications and engagements per weekday and hour.
 *
 * The local days wholly inside the period come from the rollup (a row per entity, day and
 * network); the period's first and last days, which it holds only in part, from the stats
 * rows themselves (at most two days of them). A post on two days of the period counts once
 * in all: the spread posts' extra days are taken off.
 */
export async function periodFigures(
  db: DbExecutor,
  scope: Scope,
  from: Date,
  to: Date,
  timeZone: string,
  withHours: boolean,
) {
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  // The stats rows within two days of each end are the only ones on a part day.
  const firstEnd = new Date(Math.min(to.getTime(), from.getTime() + 2 * DAY_MS));
  const lastStart = new Date(Math.max(firstEnd.getTime(), to.getTime() - 2 * DAY_MS));
  const dFrom = sql`(${fromIso}::timestamptz at time zone ${timeZone})::date`;
  const dTo = sql`(${toIso}::timestamptz at time zone ${timeZone})::date`;
  const local = sql`(s.published_at at time zone ${timeZone})`;
  const partDay = sql`(${local}::date <= ${dFrom} or ${local}::date >= ${dTo})`;
  const edgeColumns = sql`s.post_id, s.network, coalesce(s.impressions, 0) as impressions,
    s.engagements, s.likes, s.comments, s.shares, ${local} as local`;
  const result = await db.execute(sql`
    with edge as materialized (
      select ${edgeColumns} from publication_stats s
      where ${owned(scope)} and s.published_at >= ${fromIso}::timestamptz
        and s.published_at < ${firstEnd.toISOString()}::timestamptz and ${partDay}
      union all
      select ${edgeColumns} from publication_stats s
      where ${owned(scope)} and s.published_at >= ${lastStart.toISOString()}::timestamptz
        and s.published_at < ${toIso}::timestamptz and ${partDay}
    ), cells as (
      select to_char(e.local, 'YYYY-MM-DD') as day, e.network, count(*) as publications,
        sum(e.impressions) as impressions, sum(e.engagements) as engagements,
        sum(e.likes) as likes, sum(e.comments) as comments, sum(e.shares) as shares
      from edge e group by 1, 2
      union all
      select to_char(d.day, 'YYYY-MM-DD'), d.network, sum(d.publications), sum(d.impressions),
        sum(d.engagements), sum(d.likes), sum(d.comments), sum(d.shares)
      from analytics_days d
      where ${ownedRollup(scope, 'd')} and d.day > ${dFrom} and d.day < ${dTo}
      group by d.day, d.network
    ), day_posts as (
      select to_char(e.local, 'YYYY-MM-DD') as day, count(distinct e.post_id) as posts
      from edge e group by 1
      union all
      select to_char(d.day, 'YYYY-MM-DD'), sum(d.posts)
      from analytics_days d
      where ${ownedRollup(scope, 'd')} and d.day > ${dFrom} and d.day < ${dTo}
      group by d.day
    ), extra_days as (
      select count(distinct to_char(${local}, 'YYYY-MM-DD')) - 1 as extra
      from analytics_spread_posts sp
      join publication_stats s on s.post_id = sp.post_id
      where sp.user_id = ${scope.userId} and ${owned(scope)} and ${period(from, to)}
      group by sp.post_id
    )
    select 'cell' as kind, day, network, publications as posts, impressions, engagements,
      likes, comments, shares, null::int as weekday, null::int as hour from cells
    union all
    select 'day', day, null, posts, 0, 0, 0, 0, 0, null, null from day_posts
    union all
    select 'all', null, null,
      coalesce((select sum(posts) from day_posts), 0)
        - coalesce((select sum(extra) from extra_days), 0), 0, 0, 0, 0, 0, null, null
    ${
      withHours
        ? sql`union all
    select 'hour', null, null, sum(h.posts), 0, sum(h.engagements), 0, 0, 0, h.weekday, h.hour
    from (
      select extract(dow from e.local)::int as weekday, extract(hour from e.local)::int as hour,
        count(*) as posts, sum(e.engagements) as engagements
      from edge e group by 1, 2
      union all
      select extract(dow from r.day)::int, r.hour, sum(r.publications), sum(r.engagements)
      from analytics_hours r
      where ${ownedRollup(scope, 'r')} and r.day > ${dFrom} and r.day < ${dTo}
      group by 1, 2
    ) h group by h.weekday, h.hour`
        : sql``
    }`);
  type Row = {
    kind: 'cell' | 'day' | 'all' | 'hour';
    day: string | null;
    network: NetworkId | null;
    posts: unknown;
    impressions: unknown;
    engagements: unknown;
    likes: unknown;
    comments: unknown;
    shares: unknown;
    weekday: unknown;
    hour: unknown;
  };
  const rows = rowsOf<Row>(result);
  const cells = rows.filter((row) => row.kind === 'cell');
  const postsOn = new Map(
    rows.filter((row) => row.kind === 'day').map((row) => [row.day!, num(row.posts)]),
  );
  const days = new Map<
    string,
    { posts_published: number; impressions: number; engagements: number }
  >();
  const networks = new Map<
    NetworkId,
    {
      network: NetworkId;
      posts_published: number;
      impressions: number;
      likes: number;
      comments: number;
      shares: number;
      engagements: number;
    }
  >();
  for (const cell of cells) {
    const day = days.get(cell.day!) ?? {
      posts_published: postsOn.get(cell.day!) ?? 0,
      impressions: 0,
      engagements: 0,
    };
    day.impressions += num(cell.impressions);
    day.engagements += num(cell.engagements);
    days.set(cell.day!, day);
    const network = networks.get(cell.network!) ?? {
      network: cell.network!,
      posts_published: 0,
      impressions: 0,
      likes: 0,
      comments: 0,
      shares: 0,
      engagements: 0,
    };
    // A post goes to a network once: its publications there are its posts there.
    network.posts_published += num(cell.posts);
    network.impressions += num(cell.impressions);
    network.likes += num(cell.likes);
    network.comments += num(cell.comments);
    network.shares += num(cell.shares);
    network.engagements += num(cell.engagements);
    networks.set(cell.network!, network);
  }
  const all = [...days.values()];
  return {
    totals: {
      posts_published: num(rows.find((row) => row.kind === 'all')?.posts),
      impressions: all.reduce((sum, day) => sum + day.impressions, 0),
      engagements: all.reduce((sum, day) => sum + day.engagements, 0),
    },
    days,
    networks: [...networks.values()].sort((a, b) => (a.network < b.network ? -1 : 1)),
    hours: rows
      .filter((row) => row.kind === 'hour')
      .map((row) => ({
        weekday: Number(row.weekday),
        hour: Number(row.hour),
        posts: num(row.posts),
        engagements: num(row.engagements),
      }))
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
  };
}

/**
 * Clicks on the scope's built-in short links per UTC day of [from, to): for all entities from
 * the per-day totals the triggers keep, for one entity (or a limited member's entities) from
 * their posts' links.
 */
export async function clicksByDay(db: DbExecutor, scope: Scope, from: Date, to: Date) {
  const result =
    scope.companyId || (scope.entityIds ?? null) !== null
      ? await db.execute(sql`
        select to_char(c.day, 'YYYY-MM-DD') as day, sum(c.clicks) as clicks
        from short_links l join short_link_clicks c on c.short_link_id = l.id
        where ${ownedLinks(scope)}
          and c.day >= ${dayAfter(from)}::date
          and c.day < ${dayAfter(to)}::date
        group by 1`)
      : await db.execute(sql`
        select to_char(c.day, 'YYYY-MM-DD') as day, c.clicks
        from analytics_clicks c
        where c.user_id = ${scope.userId}
          and c.day >= ${dayAfter(from)}::date
          and c.day < ${dayAfter(to)}::date`);
  return rowsOf<{ day: string; clicks: unknown }>(result).map((row) => ({
    day: row.day,
    clicks: num(row.clicks),
  }));
}

/**
 * Followers gained by the scope's accounts: each account's last count read before the
 * period's end, less its last before the period (or, without one, its first in the period).
 */
export async function followersGained(db: DbExecutor, scope: Scope, from: Date, to: Date) {
  const fromDay = dayAfter(from);
  const toDay = dayAfter(to);
  const result = await db.execute(sql`
    select coalesce(sum(
        coalesce((select f.followers from follower_counts f
           where f.connection_id = c.id and f.day < ${toDay}::date
           order by f.day desc limit 1), 0)
      - coalesce((select f.followers from follower_counts f
           where f.connection_id = c.id and f.day < ${fromDay}::date
           order by f.day desc limit 1),
         (select f.followers from follower_counts f
           where f.connection_id = c.id and f.day >= ${fromDay}::date and f.day < ${toDay}::date
           order by f.day asc limit 1), 0)), 0) as gained
    from social_connections c join companies co on co.id = c.company_id
    where co.user_id = ${scope.userId}${ofEntities(scope, 'c.company_id')}`);
  return num(rowsOf<{ gained: unknown }>(result)[0]?.gained);
}

/**
 * Per network: clicks on the short links of the posts published there in the period (a post
 * on two networks counts its link's clicks on both), and the latest followers of the
 * scope's accounts there (null: never read).
 */
export async function networkExtras(db: DbExecutor, scope: Scope, from: Date, to: Date) {
  const [clicks, followers] = await Promise.all([
    db.execute(sql`
      select n.network, coalesce(sum(c.clicks), 0) as clicks
      from (select distinct s.network, s.post_id, p.user_id, p.shortened_url
        from posts p join publication_stats s on s.post_id = p.id
        where p.user_id = ${scope.userId} and p.shortened_url is not null
          and ${owned(scope)} and ${period(from, to)}) n
      join short_links l on l.user_id = n.user_id
        and l.code = substring(n.shortened_url from '/s/([A-Za-z0-9_-]+)$')
      join short_link_clicks c on c.short_link_id = l.id
        and c.day >= ${dayAfter(from)}::date and c.day < ${dayAfter(to)}::date
      group by n.network`),
    db.execute(sql`
      select c.network, sum(f.followers) as followers
      from social_connections c join companies co on co.id = c.company_id
      join lateral (select f.followers from follower_counts f where f.connection_id = c.id
        and f.day < ${dayAfter(to)}::date order by f.day desc limit 1) f on true
      where co.user_id = ${scope.userId}${ofEntities(scope, 'c.company_id')}
      group by c.network`),
  ]);
  return {
    clicks: new Map(
      rowsOf<{ network: NetworkId; clicks: unknown }>(clicks).map((row) => [
        row.network,
        num(row.clicks),
      ]),
    ),
    followers: new Map(
      rowsOf<{ network: NetworkId; followers: unknown }>(followers).map((row) => [
        row.network,
        num(row.followers),
      ]),
    ),
  };
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
    order by s.engagements desc nulls last, s.published_at desc nulls last
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

/** Whether the post is the customer's and its entity exists for the scope's person. */
export async function postExists(db: DbExecutor, scope: Scope, postId: string) {
  const result = await db.execute(
    sql`select company_id from posts where id = ${postId} and user_id = ${scope.userId}`,
  );
  const [row] = rowsOf<{ company_id: string | null }>(result);
  return row !== undefined && entityVisible(scope, row.company_id);
}

export type { SQL };
