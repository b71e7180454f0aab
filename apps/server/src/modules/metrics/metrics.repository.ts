import { and, asc, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { NetworkId } from '@cadence/shared';
import type { DbExecutor } from '../../db/client.js';
import {
  followerCounts,
  metricAccounts,
  publicationMetrics,
  publicationStats,
} from '../../db/schema/metrics.js';
import type { PostMetrics } from '../../integrations/networks/types.js';

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Starts reading the publications published since the last one seen (less an hour, for
 * publications whose publish time was set late), within the posts' reading age: one stats row
 * each, first read an hour (scaled) after publishing. Bounded: at most `limit` rows a run.
 */
export async function discoverPublished(
  db: DbExecutor,
  input: { now: Date; maxAgeMs: number; firstReadAfterMs: number; limit: number },
) {
  const oldest = new Date(input.now.getTime() - input.maxAgeMs).toISOString();
  const result = await db.execute(sql`
    insert into publication_stats
      (publication_id, user_id, company_id, post_id, connection_id, network, external_id,
       external_url, published_at, next_read_at)
    select p.id, i.user_id, po.company_id, i.post_id, p.connection_id, p.network, p.external_id,
      p.external_url, p.published_at,
      greatest(${input.now.toISOString()}::timestamptz,
        p.published_at + ${input.firstReadAfterMs} * interval '1 millisecond')
    from publications p
    join scheduled_instances i on i.id = p.instance_id
    join posts po on po.id = i.post_id
    where p.status = 'published' and p.external_id is not null
      and p.published_at > greatest(${oldest}::timestamptz,
        coalesce((select max(s.published_at) from publication_stats s), ${oldest}::timestamptz)
          - interval '1 hour')
      and not exists (select 1 from publication_stats s where s.publication_id = p.id)
    order by p.published_at
    limit ${input.limit}
    on conflict (publication_id) do nothing`);
  const counted = result as { rowCount?: number | null; affectedRows?: number };
  return counted.rowCount ?? counted.affectedRows ?? 0;
}

export interface DueRead {
  publicationId: string;
  companyId: string | null;
  connectionId: string | null;
  network: NetworkId;
  externalId: string;
  publishedAt: Date;
  backoff: number;
  likes: number;
  comments: number;
  shares: number;
  impressions: number | null;
  readAt: Date | null;
}

/**
 * The reads due now, oldest due first, of accounts not waiting out a rate limit; X's left
 * out when the admin turned them off.
 */
export async function takeDueReads(
  db: DbExecutor,
  input: { now: Date; limit: number; skipNetworks: NetworkId[] },
): Promise<DueRead[]> {
  const now = input.now;
  return db
    .select({
      publicationId: publicationStats.publicationId,
      companyId: publicationStats.companyId,
      connectionId: publicationStats.connectionId,
      network: publicationStats.network,
      externalId: publicationStats.externalId,
      publishedAt: publicationStats.publishedAt,
      backoff: publicationStats.backoff,
      likes: publicationStats.likes,
      comments: publicationStats.comments,
      shares: publicationStats.shares,
      impressions: publicationStats.impressions,
      readAt: publicationStats.readAt,
    })
    .from(publicationStats)
    .where(
      and(
        isNotNull(publicationStats.nextReadAt),
        lte(publicationStats.nextReadAt, now),
        input.skipNetworks.length > 0
          ? sql`${publicationStats.network} not in (${sql.join(
              input.skipNetworks.map((network) => sql`${network}`),
              sql`, `,
            )})`
          : undefined,
        sql`not exists (select 1 from ${metricAccounts} a
          where a.connection_id = ${publicationStats.connectionId}
            and a.not_before > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(publicationStats.nextReadAt))
    .limit(input.limit);
}

export interface ReadDone {
  publicationId: string;
  metrics: PostMetrics;
  backoff: number;
  nextReadAt: Date | null;
}

/**
 * Reads' numbers, in two statements however many: a snapshot row each, and each stats row's
 * latest numbers and next read.
 */
export async function recordReads(db: DbExecutor, now: Date, reads: ReadDone[]) {
  if (reads.length === 0) return;
  await db.insert(publicationMetrics).values(
    reads.map(({ publicationId, metrics }) => ({
      publicationId,
      readAt: now,
      likes: metrics.likes,
      comments: metrics.comments,
      shares: metrics.shares,
      impressions: metrics.impressions,
      raw: metrics.raw,
    })),
  );
  const values = sql.join(
    reads.map(
      ({ publicationId, metrics, backoff, nextReadAt }) =>
        sql`(${publicationId}::uuid, ${metrics.likes}::int, ${metrics.comments}::int,
          ${metrics.shares}::int, ${metrics.impressions}::int, ${backoff}::smallint,
          ${nextReadAt?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update publication_stats s
       set read_at = ${now.toISOString()}::timestamptz, likes = v.likes, comments = v.comments,
           shares = v.shares, impressions = v.impressions,
           engagements = v.likes + v.comments + v.shares, reads = s.reads + 1,
           backoff = v.backoff, next_read_at = v.next_read_at,
           stopped_reason = case when v.next_read_at is null then 'aged' end
      from (values ${values})
        as v(publication_id, likes, comments, shares, impressions, backoff, next_read_at)
     where s.publication_id = v.publication_id`);
}

/** No more reads: the network said the post is gone, or it has no account to be read with. */
export async function stopReading(
  db: DbExecutor,
  publicationIds: string[],
  reason: 'deleted' | 'aged',
) {
  if (publicationIds.length === 0) return;
  await db
    .update(publicationStats)
    .set({ nextReadAt: null, stoppedReason: reason })
    .where(inArray(publicationStats.publicationId, publicationIds));
}

/** Reads that could not be made now are due again at `at`. */
export async function postpone(db: DbExecutor, publicationIds: string[], at: Date) {
  if (publicationIds.length === 0) return;
  await db
    .update(publicationStats)
    .set({ nextReadAt: at })
    .where(inArray(publicationStats.publicationId, publicationIds));
}

/** The account is not read again before `until` (a 429's Retry-After). */
export async function holdAccount(db: DbExecutor, connectionId: string, until: Date) {
  await db
    .insert(metricAccounts)
    .values({ connectionId, notBefore: until })
    .onConflictDoUpdate({ target: metricAccounts.connectionId, set: { notBefore: until } });
}

/** Connected accounts whose followers were not read today (nor are waiting out a limit). */
export async function accountsDueForFollowers(
  db: DbExecutor,
  input: { now: Date; limit: number; skipNetworks: NetworkId[] },
) {
  const today = input.now.toISOString().slice(0, 10);
  const result = await db.execute(sql`
    select c.id as connection_id, c.company_id, c.network
    from social_connections c
    left join metric_accounts a on a.connection_id = c.id
    where c.disconnected_at is null and not c.needs_reconnect
      and (a.followers_read_on is null or a.followers_read_on < ${today}::date)
      and (a.not_before is null or a.not_before <= ${input.now.toISOString()}::timestamptz)
      ${
        input.skipNetworks.length > 0
          ? sql`and c.network not in (${sql.join(
              input.skipNetworks.map((network) => sql`${network}`),
              sql`, `,
            )})`
          : sql``
      }
    order by a.followers_read_on nulls first, c.id
    limit ${input.limit}`);
  return rowsOf<{ connection_id: string; company_id: string; network: NetworkId }>(result);
}

/** Today's followers of an account (null: the network does not tell; only the day is marked). */
export async function recordFollowers(
  db: DbExecutor,
  connectionId: string,
  now: Date,
  followers: number | null,
) {
  const day = now.toISOString().slice(0, 10);
  if (followers !== null) {
    await db
      .insert(followerCounts)
      .values({ connectionId, day, followers })
      .onConflictDoUpdate({
        target: [followerCounts.connectionId, followerCounts.day],
        set: { followers },
      });
  }
  await db
    .insert(metricAccounts)
    .values({ connectionId, followersReadOn: day })
    .onConflictDoUpdate({
      target: metricAccounts.connectionId,
      set: { followersReadOn: day },
    });
}
