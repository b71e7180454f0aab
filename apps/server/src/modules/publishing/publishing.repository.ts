import type { NetworkId } from '@cadence/shared';
import { and, eq, inArray, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import type { LoadedConnection } from '../connections/token-lifecycle.js';
import { publisherIsStopped } from './publisher-control.js';
import {
  publications,
  scheduledInstances,
  socialConnections,
  type LogStatus,
  type PublicationRow,
  type ScheduledInstanceRow,
} from '../../db/schema.js';

/** Rows of a raw query (the two drivers type `execute` differently). */
async function rowsOf<T>(db: DbExecutor, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

const dateOrNull = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/**
 * An instance being published, with everything its publishing reads: the post as it is NOW
 * (edits after scheduling count), its attachment, its publications and the entity's live
 * connections.
 */
export interface InstanceContext {
  instance: Pick<ScheduledInstanceRow, 'id' | 'userId' | 'postId' | 'scheduledFor'>;
  post: {
    id: string;
    companyId: string | null;
    content: string;
    url: string | null;
    shortenedUrl: string | null;
    urlShortened: boolean;
  };
  attachment: { mediaUrl: string; storageKey: string; mimeType: string; name: string } | null;
  publications: PublicationRow[];
  connections: Partial<Record<NetworkId, LoadedConnection>>;
}

interface StartedRow {
  id: string;
  user_id: string;
  post_id: string;
  scheduled_for: string | Date;
  company_id: string | null;
  content: string;
  url: string | null;
  shortened_url: string | null;
  url_shortened: boolean;
  media_url: string | null;
  storage_key: string | null;
  mime_type: string | null;
  attachment_name: string | null;
  entity_name: string | null;
  publications: Array<Record<string, unknown>> | string;
  connections: Array<Record<string, unknown>> | string;
}

const parsedJson = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

/**
 * Marks the instance as being worked on and loads what publishing it reads, in one
 * statement; undefined when it is finished or gone. A finished one is taken again when a
 * publication of it waits: the customer retried it from the screen while a job was
 * settling the instance's outcome (decision 091).
 */
export async function startInstance(
  db: DbExecutor,
  instanceId: string,
  now: Date,
): Promise<InstanceContext | undefined> {
  const [row] = await rowsOf<StartedRow>(
    db,
    sql`
      with claimed as (
        update scheduled_instances set status = 'publishing', claimed_at = ${now.toISOString()}::timestamptz
        where id = ${instanceId} and (status in ('pending', 'publishing')
          or (status in ('published', 'partial', 'failed', 'missed') and exists (
            select 1 from publications p where p.instance_id = ${instanceId} and p.status = 'pending')))
        returning id, user_id, post_id, scheduled_for
      )
      select c.id, c.user_id, c.post_id, c.scheduled_for,
        p.company_id, p.content, p.url, p.shortened_url, p.url_shortened,
        a.media_url, a.storage_key, a.mime_type, a.name as attachment_name,
        co.name as entity_name,
        coalesce((
          select json_agg(json_build_object(
            'id', pub.id, 'instanceId', pub.instance_id, 'network', pub.network,
            'connectionId', pub.connection_id, 'accountName', pub.account_name,
            'status', pub.status, 'externalId', pub.external_id,
            'externalUrl', pub.external_url, 'attempts', pub.attempts,
            'lastError', pub.last_error, 'errorCode', pub.error_code,
            'claimedAt', pub.claimed_at, 'sendPending', pub.send_pending, 'nextAttemptAt', pub.next_attempt_at,
            'dueAt', pub.due_at, 'publishedAt', pub.published_at, 'updatedAt', pub.updated_at))
          from publications pub where pub.instance_id = c.id), '[]') as publications,
        coalesce((
          select json_agg(json_build_object(
            'id', sc.id, 'network', sc.network, 'authMethod', sc.auth_method,
            'tokenExpiresAt', sc.token_expires_at,
            'credentialsEncrypted', sc.credentials_encrypted))
          from social_connections sc
          where sc.company_id = p.company_id and sc.disconnected_at is null), '[]') as connections
      from claimed c
      join posts p on p.id = c.post_id
      left join post_attachments a on a.post_id = p.id
      left join companies co on co.id = p.company_id
      limit 1`,
  );
  if (!row) return undefined;
  const connections: InstanceContext['connections'] = {};
  for (const entry of parsedJson(row.connections)) {
    connections[entry.network as NetworkId] = {
      connection: {
        id: entry.id as string,
        authMethod: entry.authMethod as 'keys' | 'oauth',
        tokenExpiresAt: dateOrNull(entry.tokenExpiresAt),
        credentialsEncrypted: entry.credentialsEncrypted as string,
      },
      entityName: row.entity_name ?? '',
    };
  }
  return {
    instance: {
      id: row.id,
      userId: row.user_id,
      postId: row.post_id,
      scheduledFor: new Date(row.scheduled_for),
    },
    post: {
      id: row.post_id,
      companyId: row.company_id,
      content: row.content,
      url: row.url,
      shortenedUrl: row.shortened_url,
      urlShortened: row.url_shortened,
    },
    attachment:
      row.media_url && row.storage_key && row.mime_type
        ? {
            mediaUrl: row.media_url,
            storageKey: row.storage_key,
            mimeType: row.mime_type,
            name: row.attachment_name ?? '',
          }
        : null,
    publications: parsedJson(row.publications).map((entry) => ({
      id: entry.id as string,
      instanceId: entry.instanceId as string,
      network: entry.network as NetworkId,
      connectionId: (entry.connectionId as string | null) ?? null,
      accountName: (entry.accountName as string | null) ?? null,
      status: entry.status as PublicationRow['status'],
      externalId: (entry.externalId as string | null) ?? null,
      externalUrl: (entry.externalUrl as string | null) ?? null,
      attempts: Number(entry.attempts),
      lastError: (entry.lastError as string | null) ?? null,
      errorCode: (entry.errorCode as string | null) ?? null,
      claimedAt: dateOrNull(entry.claimedAt),
      sendPending: entry.sendPending === true,
      nextAttemptAt: dateOrNull(entry.nextAttemptAt),
      dueAt: dateOrNull(entry.dueAt),
      publishedAt: dateOrNull(entry.publishedAt),
      updatedAt: new Date(entry.updatedAt as string),
    })),
    connections,
  };
}

/**
 * When a pending publication is due: its retry time, else the time the customer asked for
 * (a retry or publish-now from the screen), else its instance's time.
 */
const publicationDueAt = sql`coalesce(${publications.nextAttemptAt}, ${publications.dueAt},
  (select si.scheduled_for from scheduled_instances si where si.id = ${publications.instanceId}))`;

/**
 * The waiting publications due before `cutoff` become missed; answers those rows. Each
 * counts from its own due time (`due_at`, else the instance's), so a retry the customer
 * asked for today is not missed because the post was first scheduled long ago.
 */
export async function markMissed(
  db: DbExecutor,
  instanceId: string,
  cutoff: Date,
  message: string,
  now: Date,
) {
  return db
    .update(publications)
    .set({ status: 'missed', lastError: message, errorCode: 'missed', updatedAt: now })
    .where(
      and(
        eq(publications.instanceId, instanceId),
        eq(publications.status, 'pending'),
        isNull(publications.externalId),
        sql`coalesce(${publications.dueAt},
          (select si.scheduled_for from scheduled_instances si where si.id = ${publications.instanceId}))
          < ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .returning();
}

/**
 * Publications claimed before `staleBefore` and never settled: their worker died. Those whose
 * worker had not yet made the call that can publish (`send_pending`) posted nothing and go
 * back to pending; for the others nobody knows whether the post went out: unconfirmed.
 */
export async function settleStaleClaims(
  db: DbExecutor,
  instanceId: string,
  staleBefore: Date,
  message: string,
  now: Date,
) {
  const stale = and(
    eq(publications.instanceId, instanceId),
    eq(publications.status, 'publishing'),
    isNull(publications.externalId),
    lte(publications.claimedAt, staleBefore),
  );
  const returned = await db
    .update(publications)
    .set({ status: 'pending', claimedAt: null, sendPending: false, updatedAt: now })
    .where(and(stale, eq(publications.sendPending, true)))
    .returning();
  const unconfirmed = await db
    .update(publications)
    .set({ status: 'unconfirmed', lastError: message, errorCode: 'unconfirmed', updatedAt: now })
    .where(stale)
    .returning();
  return { returned, unconfirmed };
}

/**
 * The claim's holder is about to make the call that can publish: from now on a stale claim
 * is unconfirmed. Answers false when the claim is no longer the holder's (taken back as
 * stale, or settled by the customer): then the call must not be made.
 */
export async function markSending(db: DbExecutor, publicationId: string, claimedAt: Date) {
  const rows = await db
    .update(publications)
    .set({ sendPending: false })
    .where(
      and(
        eq(publications.id, publicationId),
        eq(publications.status, 'publishing'),
        eq(publications.claimedAt, claimedAt),
      ),
    )
    .returning({ id: publications.id });
  return rows.length > 0;
}

/**
 * The one gate in front of a network call: only the caller whose UPDATE matched may call.
 * Answers the claimed row (attempts already counted) or undefined.
 */
export async function claimPublication(
  db: DbExecutor,
  publicationId: string,
  now: Date,
  options: { sendPending?: boolean } = {},
): Promise<PublicationRow | undefined> {
  const [row] = await db
    .update(publications)
    .set({
      status: 'publishing',
      claimedAt: now,
      sendPending: options.sendPending ?? false,
      attempts: sql`${publications.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(publications.id, publicationId),
        eq(publications.status, 'pending'),
        isNull(publications.externalId),
        or(isNull(publications.nextAttemptAt), lte(publications.nextAttemptAt, now)),
        not(publisherIsStopped),
      ),
    )
    .returning();
  return row;
}

/**
 * Records the post the network made, with its log row when given (one statement). The
 * external id is written once and never replaced; a late success after a claim was judged
 * stale still counts (it did go out, once), even when the customer has meanwhile said it is
 * not there (pending again: then it is not posted twice).
 */
export async function markPublished(
  db: DbExecutor,
  publicationId: string,
  result: { externalId: string; url: string | null },
  now: Date,
  log?: LogEntry,
) {
  const at = now.toISOString();
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
      with done as (
        update publications set status = 'published', external_id = ${result.externalId},
          external_url = ${result.url}, published_at = ${at}::timestamptz, last_error = null,
          error_code = null, next_attempt_at = null, updated_at = ${at}::timestamptz
        where id = ${publicationId} and external_id is null
          and status in ('publishing', 'unconfirmed', 'pending')
        returning id
      )${log ? sql`, logged as (${logInsert(log)} returning 1)` : sql``}
      select count(*)::int as n from done`,
  );
  return (row?.n ?? 0) > 0;
}

/**
 * Settles a claimed publication after a failed call (only while this claim still holds),
 * with its log row when given (one statement).
 */
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
  log?: LogEntry,
) {
  const next = outcome.nextAttemptAt ? outcome.nextAttemptAt.toISOString() : null;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
      with settled as (
        update publications set status = ${outcome.status}, last_error = ${outcome.message},
          error_code = ${outcome.errorCode}, next_attempt_at = ${next}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz
        where id = ${publicationId} and status = 'publishing' and external_id is null
        returning id
      )${log ? sql`, logged as (${logInsert(log)} returning 1)` : sql``}
      select count(*)::int as n from settled`,
  );
  return (row?.n ?? 0) > 0;
}

/**
 * Puts a publication off without an attempt (its account is paused by the network's rate
 * limit): it stays pending, due again at `until`.
 */
export async function postpone(db: DbExecutor, publicationId: string, until: Date, now: Date) {
  await db
    .update(publications)
    .set({ nextAttemptAt: until, updatedAt: now })
    .where(and(eq(publications.id, publicationId), eq(publications.status, 'pending')));
}

export async function markNeedsReconnect(db: DbExecutor, connectionId: string, now: Date) {
  await db
    .update(socialConnections)
    .set({ needsReconnect: true, updatedAt: now })
    .where(eq(socialConnections.id, connectionId));
}

export async function listPublicationStates(db: DbExecutor, instanceId: string) {
  return db
    .select({
      status: publications.status,
      nextAttemptAt: publications.nextAttemptAt,
      dueAt: sql<Date>`${publicationDueAt}`.mapWith(publications.nextAttemptAt),
    })
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
        // An outcome read before the customer retried a publication is no longer true.
        isFinal
          ? sql`not exists (select 1 from publications p where p.instance_id = ${instanceId}
              and p.status in ('pending', 'publishing'))`
          : undefined,
      ),
    );
}

/**
 * Gives the instance its outcome when none of its publications waits or is being published
 * (one statement); false when some still do.
 */
export async function finishInstance(
  db: DbExecutor,
  instanceId: string,
  outcome: 'published' | 'partial' | 'failed' | 'missed',
  now: Date,
) {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
      update scheduled_instances set status = ${outcome}, completed_at = ${now.toISOString()}::timestamptz
      where id = ${instanceId} and status in ('pending', 'publishing')
        and not exists (
          select 1 from publications
          where instance_id = ${instanceId} and status in ('pending', 'publishing'))
      returning id`,
  );
  return rows.length > 0;
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
 * One attempt's log row, as an INSERT to run alone or inside another statement. The post or
 * instance may have been deleted meanwhile; the log is kept and simply no longer points at
 * them.
 */
function logInsert(entry: LogEntry): SQL {
  return sql`
    insert into system_logs
      (user_id, post_id, instance_id, platform, status, message, error_code, retry_count, scheduled_for)
    select u.id,
      (select p.id from posts p where p.id = ${entry.postId}),
      (select si.id from scheduled_instances si where si.id = ${entry.instanceId}),
      ${entry.platform}, ${entry.status}, ${entry.message}, ${entry.errorCode ?? null},
      ${entry.retryCount ?? 0}, ${entry.scheduledFor.toISOString()}::timestamptz
    from users u where u.id = ${entry.userId}`;
}

export async function insertLog(db: DbExecutor, entry: LogEntry) {
  await db.execute(logInsert(entry));
}

/**
 * Instances due by `now` and not finished whose job is gone: never sent (the process died
 * between the insert and the send, or a 'Publish now' whose send failed), cancelled by
 * mistake, or held by a worker that died. An instance is due at its earliest waiting
 * publication's due time (a retry's or publish-now's, else the instance's own), so a
 * publish-now on an instance scheduled for next week is found too. Reads pg-boss's job
 * table: a job alive for it is one queued to start by now (jobs are sent with `startAfter`
 * from the same clock), one waiting for pg-boss's retry, or one still within its expiry.
 */
export async function findInstancesWithoutLiveJob(
  db: DbExecutor,
  queueName: string,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; due: Date; scheduledFor: Date }>> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with candidates as (
      select si.id, si.scheduled_for
      from scheduled_instances si
      where si.status in ('pending', 'publishing') and si.scheduled_for <= ${at}::timestamptz
      union
      select si.id, si.scheduled_for
      from publications p
      join scheduled_instances si on si.id = p.instance_id
      where p.status = 'pending' and p.due_at <= ${at}::timestamptz
        and si.status in ('pending', 'publishing')
    ), due as (
      select c.id, c.scheduled_for,
        coalesce(
          (select min(coalesce(p.next_attempt_at, p.due_at, c.scheduled_for))
            from publications p where p.instance_id = c.id and p.status = 'pending'),
          c.scheduled_for) as due
      from candidates c
    )
    select d.id, d.due, d.scheduled_for
    from due d
    where d.due <= ${at}::timestamptz
      and not exists (
        select 1 from pgboss.job j
        where j.name = ${queueName}
          and (j.singleton_key = d.id::text or j.singleton_key like d.id::text || ':%')
          and ((j.state = 'created' and j.start_after <= ${at}::timestamptz + interval '1 second')
            or j.state = 'retry'
            or (j.state = 'active' and j.started_on + j.expire_in > now()))
      )
    order by d.due
    limit ${limit}`);
  return (
    result as { rows: Array<{ id: string; due: string | Date; scheduled_for: string | Date }> }
  ).rows.map((row) => ({
    id: row.id,
    due: new Date(row.due),
    scheduledFor: new Date(row.scheduled_for),
  }));
}

/** Keeps the latest job of an instance, the one a delete cancels. */
export async function storeJobId(db: DbExecutor, instanceId: string, jobId: string) {
  await db.update(scheduledInstances).set({ jobId }).where(eq(scheduledInstances.id, instanceId));
}
