import type { NetworkId } from '@cadence/shared';
import { and, eq, inArray, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { publisherIsPaused } from './publisher-control.js';
import {
  postAttachments,
  posts,
  publications,
  scheduledInstances,
  socialConnections,
  type LogStatus,
  type PublicationRow,
} from '../../db/schema.js';

/** The instance with what is published: the post as it is NOW (edits after scheduling count). */
export async function loadInstanceContext(db: DbExecutor, instanceId: string) {
  const [row] = await db
    .select({
      instance: scheduledInstances,
      post: {
        id: posts.id,
        companyId: posts.companyId,
        content: posts.content,
        url: posts.url,
        shortenedUrl: posts.shortenedUrl,
        urlShortened: posts.urlShortened,
      },
      attachment: {
        mediaUrl: postAttachments.mediaUrl,
        storageKey: postAttachments.storageKey,
        mimeType: postAttachments.mimeType,
        name: postAttachments.name,
      },
    })
    .from(scheduledInstances)
    .innerJoin(posts, eq(posts.id, scheduledInstances.postId))
    .leftJoin(postAttachments, eq(postAttachments.postId, posts.id))
    .where(eq(scheduledInstances.id, instanceId))
    .limit(1);
  return row;
}
export type InstanceContext = NonNullable<Awaited<ReturnType<typeof loadInstanceContext>>>;

/** Marks the instance as being worked on; answers false when it is finished or gone. */
export async function claimInstance(db: DbExecutor, instanceId: string, now: Date) {
  const rows = await db
    .update(scheduledInstances)
    .set({ status: 'publishing', claimedAt: now })
    .where(
      and(
        eq(scheduledInstances.id, instanceId),
        inArray(scheduledInstances.status, ['pending', 'publishing']),
      ),
    )
    .returning({ id: scheduledInstances.id });
  return rows.length > 0;
}

/** Every publication still waiting becomes missed; answers those rows. */
export async function markMissed(db: DbExecutor, instanceId: string, message: string, now: Date) {
  return db
    .update(publications)
    .set({ status: 'missed', lastError: message, errorCode: 'missed', updatedAt: now })
    .where(
      and(
        eq(publications.instanceId, instanceId),
        eq(publications.status, 'pending'),
        isNull(publications.externalId),
      ),
    )
    .returning();
}

/**
 * Publications claimed before `staleBefore` and never settled: their worker died during the
 * network call, so nobody knows whether the post went out. They become unconfirmed.
 */
export async function markStaleClaimsUnconfirmed(
  db: DbExecutor,
  instanceId: string,
  staleBefore: Date,
  message: string,
  now: Date,
) {
  return db
    .update(publications)
    .set({ status: 'unconfirmed', lastError: message, errorCode: 'unconfirmed', updatedAt: now })
    .where(
      and(
        eq(publications.instanceId, instanceId),
        eq(publications.status, 'publishing'),
        isNull(publications.externalId),
        lte(publications.claimedAt, staleBefore),
      ),
    )
    .returning();
}

export async function listDuePublications(db: DbExecutor, instanceId: string, now: Date) {
  return db
    .select()
    .from(publications)
    .where(
      and(
        eq(publications.instanceId, instanceId),
        eq(publications.status, 'pending'),
        isNull(publications.externalId),
        or(isNull(publications.nextAttemptAt), lte(publications.nextAttemptAt, now)),
      ),
    );
}

/**
 * The one gate in front of a network call: only the caller whose UPDATE matched may call.
 * Answers the claimed row (attempts already counted) or undefined.
 */
export async function claimPublication(
  db: DbExecutor,
  publicationId: string,
  now: Date,
): Promise<PublicationRow | undefined> {
  const [row] = await db
    .update(publications)
    .set({
      status: 'publishing',
      claimedAt: now,
      attempts: sql`${publications.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(publications.id, publicationId),
        eq(publications.status, 'pending'),
        isNull(publications.externalId),
        or(isNull(publications.nextAttemptAt), lte(publications.nextAttemptAt, now)),
        not(publisherIsPaused),
      ),
    )
    .returning();
  return row;
}

/**
 * Records the post the network made. The external id is written once and never replaced;
 * a late success after a claim was judged stale still counts (it did go out, once).
 */
export async function markPublished(
  db: DbExecutor,
  publicationId: string,
  result: { externalId: string; url: string | null },
  now: Date,
) {
  const rows = await db
    .update(publications)
    .set({
      status: 'published',
      externalId: result.externalId,
      externalUrl: result.url,
      publishedAt: now,
      lastError: null,
      errorCode: null,
      nextAttemptAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(publications.id, publicationId),
        isNull(publications.externalId),
        inArray(publications.status, ['publishing', 'unconfirmed']),
      ),
    )
    .returning({ id: publications.id });
  return rows.length > 0;
}

/** Settles a claimed publication after a failed call (only while this claim still holds). */
export async function settleFailure(
  db: DbExecutor,
  publicationId: string,
  outcome: {
    status: 'pending' | 'failed' | 'unconfirmed';
    message: string;
    errorCode: string;
    nextAttemptAt?: Date | null;
  },
  now: Date,
) {
  const rows = await db
    .update(publications)
    .set({
      status: outcome.status,
      lastError: outcome.message,
      errorCode: outcome.errorCode,
      nextAttemptAt: outcome.nextAttemptAt ?? null,
      updatedAt: now,
    })
    .where(
      and(
        eq(publications.id, publicationId),
        eq(publications.status, 'publishing'),
        isNull(publications.externalId),
      ),
    )
    .returning({ id: publications.id });
  return rows.length > 0;
}

export async function markNeedsReconnect(db: DbExecutor, connectionId: string, now: Date) {
  await db
    .update(socialConnections)
    .set({ needsReconnect: true, updatedAt: now })
    .where(eq(socialConnections.id, connectionId));
}

export async function listPublicationStates(db: DbExecutor, instanceId: string) {
  return db
    .select({ status: publications.status, nextAttemptAt: publications.nextAttemptAt })
    .from(publications)
    .where(eq(publications.instanceId, instanceId));
}

export async function setInstanceStatus(
  db: DbExecutor,
  instanceId: string,
  status: 'pending' | 'published' | 'partial' | 'failed' | 'missed',
  now: Date,
  jobId?: string | null,
) {
  const isFinal = status !== 'pending';
  await db
    .update(scheduledInstances)
    .set({
      status,
      ...(isFinal ? { completedAt: now } : {}),
      ...(jobId ? { jobId } : {}),
    })
    .where(
      and(
        eq(scheduledInstances.id, instanceId),
        inArray(scheduledInstances.status, ['pending', 'publishing']),
      ),
    );
}

export interface LogEntry {
  userId: string;
  postId: string;
  instanceId: string;
  platform: NetworkId;
  status: LogStatus;
  message: string;
  errorCode?: string | null;
  retryCount?: number;
  scheduledFor: Date;
}

/**
 * One attempt's log row. The post or instance may have been deleted meanwhile; the log is
 * kept and simply no longer points at them.
 */
export async function insertLog(db: DbExecutor, entry: LogEntry) {
  await db.execute(sql`
    insert into system_logs
      (user_id, post_id, instance_id, platform, status, message, error_code, retry_count, scheduled_for)
    select u.id,
      (select p.id from posts p where p.id = ${entry.postId}),
      (select si.id from scheduled_instances si where si.id = ${entry.instanceId}),
      ${entry.platform}, ${entry.status}, ${entry.message}, ${entry.errorCode ?? null},
      ${entry.retryCount ?? 0}, ${entry.scheduledFor.toISOString()}::timestamptz
    from users u where u.id = ${entry.userId}`);
}

/**
 * Instances due by `now` and not finished whose job is gone: never sent (the process died
 * between the insert and the send), cancelled by mistake, or held by a worker that died.
 * Reads pg-boss's job table: a queued job, or one still within its expiry, counts as alive.
 */
export async function findInstancesWithoutLiveJob(
  db: DbExecutor,
  queueName: string,
  now: Date,
  limit: number,
) {
  const result = await db.execute(sql`
    select si.id
    from scheduled_instances si
    where si.status in ('pending', 'publishing')
      and si.scheduled_for <= ${now.toISOString()}::timestamptz
      and not exists (
        select 1 from pgboss.job j
        where j.name = ${queueName}
          and (j.singleton_key = si.id::text or j.singleton_key like si.id::text || ':%')
          and (j.state in ('created', 'retry')
            or (j.state = 'active' and j.started_on + j.expire_in > now()))
      )
    order by si.scheduled_for
    limit ${limit}`);
  return (result as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

/** Keeps the latest job of an instance, the one a delete cancels. */
export async function storeJobId(db: DbExecutor, instanceId: string, jobId: string) {
  await db.update(scheduledInstances).set({ jobId }).where(eq(scheduledInstances.id, instanceId));
}
