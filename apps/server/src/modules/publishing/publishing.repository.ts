import {
  FIRST_COMMENT_NETWORKS,
  THREAD_NETWORKS,
  type NetworkId,
  type PostVariants,
} from '@cadence/shared';
import { and, eq, inArray, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { processIsSilent } from '../../db/process-liveness.js';
import { logInsert, type LogEntry } from '../logs/index.js';
import { webhookOutboxInsert, type WebhookEventInput } from '../webhooks/index.js';
import { clearedToSend, isCleared } from '../approvals/index.js';
import { claimInstances, finishInstanceStatement } from '../schedules/index.js';
import type { LoadedConnection } from '../connections/index.js';
import { publisherIsStopped } from './publisher-control.js';
import { publications, type PublicationRow } from '../../db/schema/publishing.js';
import type { ScheduledInstanceRow } from '../../db/schema/schedules.js';
import { uploadedFiles } from '../../db/schema/uploads.js';
import { uuidArray } from '../../db/uuid-array.js';

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
    variants: PostVariants;
    thread: string[];
    firstComment: string | null;
  };
  attachment: { mediaUrl: string; storageKey: string; mimeType: string; name: string } | null;
  publications: PublicationRow[];
  connections: Partial<Record<NetworkId, LoadedConnection>>;
  /** When loaded, the post needed no approval or had it (the claim judges it again). */
  isCleared: boolean;
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
  variants: PostVariants | string | null;
  thread: string[] | string | null;
  first_comment: string | null;
  media_url: string | null;
  storage_key: string | null;
  mime_type: string | null;
  attachment_name: string | null;
  entity_name: string | null;
  publications: Array<Record<string, unknown>> | string;
  connections: Array<Record<string, unknown>> | string;
  is_cleared: boolean;
}

const parsedObject = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

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
  return (await startInstances(db, [instanceId], now)).get(instanceId);
}

/**
 * `startInstance` for several instances in one statement (decision 142): answers the
 * contexts of those it started, by instance id.
 */
export async function startInstances(
  db: DbExecutor,
  instanceIds: readonly string[],
  now: Date,
): Promise<Map<string, InstanceContext>> {
  const rows = await executePrepared<StartedRow>(
    db,
    'publisher_start',
    sql`
      with claimed as (${claimInstances(instanceIds, now)})
      select c.id, c.user_id, c.post_id, c.scheduled_for,
        p.company_id, p.content, p.url, p.shortened_url, p.url_shortened,
        p.variants, p.thread, p.first_comment,
        a.media_url, a.storage_key, a.mime_type, a.name as attachment_name,
        co.name as entity_name,
        ${isCleared('p', 'co')} as is_cleared,
        coalesce((
          select json_agg(json_build_object(
            'id', pub.id, 'instanceId', pub.instance_id, 'network', pub.network,
            'connectionId', pub.connection_id, 'accountName', pub.account_name,
            'status', pub.status, 'externalId', pub.external_id,
            'externalUrl', pub.external_url, 'externalRef', pub.external_ref,
            'attempts', pub.attempts,
            'lastError', pub.last_error, 'errorCode', pub.error_code,
            'claimedAt', pub.claimed_at, 'claimedBy', pub.claimed_by,
            'sendPending', pub.send_pending, 'nextAttemptAt', pub.next_attempt_at,
            'dueAt', pub.due_at, 'publishedAt', pub.published_at, 'updatedAt', pub.updated_at,
            'readBackAt', pub.read_back_at, 'readBackBy', pub.read_back_by,
            'readBacks', pub.read_backs,
            'readBacksAbsent', pub.read_backs_absent, 'prepared', pub.prepared))
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
      left join companies co on co.id = p.company_id`,
  );
  return new Map(rows.map((row) => [row.id, contextOf(row)]));
}

function contextOf(row: StartedRow): InstanceContext {
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
      variants: parsedObject<PostVariants>(row.variants) ?? {},
      thread: parsedObject<string[]>(row.thread) ?? [],
      firstComment: row.first_comment,
    },
    isCleared: row.is_cleared === true,
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
      externalRef: (entry.externalRef as string | null) ?? null,
      attempts: Number(entry.attempts),
      lastError: (entry.lastError as string | null) ?? null,
      errorCode: (entry.errorCode as string | null) ?? null,
      claimedAt: dateOrNull(entry.claimedAt),
      claimedBy: (entry.claimedBy as string | null) ?? null,
      sendPending: entry.sendPending === true,
      nextAttemptAt: dateOrNull(entry.nextAttemptAt),
      dueAt: dateOrNull(entry.dueAt),
      publishedAt: dateOrNull(entry.publishedAt),
      readBackAt: dateOrNull(entry.readBackAt),
      readBackBy: (entry.readBackBy as string | null) ?? null,
      readBacks: Number(entry.readBacks ?? 0),
      readBacksAbsent: Number(entry.readBacksAbsent ?? 0),
      prepared: (entry.prepared as string | null) ?? null,
      updatedAt: new Date(entry.updatedAt as string),
    })),
    connections,
  };
}

/** The pending publications of new instances, one per (instance, network). */
export async function insertPendingPublications(
  db: DbExecutor,
  rows: Array<{
    instanceId: string;
    network: NetworkId;
    connectionId: string;
    accountName: string | null;
  }>,
) {
  await db.insert(publications).values(rows);
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
 * back to pending; for the others nobody knows whether the post went out: unconfirmed, to be
 * looked for on the network at `readBackAt`.
 */
export async function settleStaleClaims(
  db: DbExecutor,
  instanceId: string,
  staleBefore: Date,
  message: string,
  now: Date,
  readBackAt: Date,
) {
  const stale = and(
    eq(publications.instanceId, instanceId),
    eq(publications.status, 'publishing'),
    isNull(publications.externalId),
    or(
      lte(publications.claimedAt, staleBefore),
      // Its holder fell silent (killed): nothing more will come from it.
      processIsSilent(sql`${publications.claimedBy}`, sql`${now.toISOString()}::timestamptz`),
    ),
  );
  const returned = await db
    .update(publications)
    // Nothing was sent: the attempt its dead worker claimed is not counted.
    .set({
      status: 'pending',
      claimedAt: null,
      claimedBy: null,
      sendPending: false,
      attempts: sql`greatest(${publications.attempts} - 1, 0)`,
      updatedAt: now,
    })
    .where(and(stale, eq(publications.sendPending, true)))
    .returning();
  const unconfirmed = await db
    .update(publications)
    .set({
      status: 'unconfirmed',
      lastError: message,
      errorCode: 'unconfirmed',
      readBackAt,
      readBackBy: null,
      readBacks: 0,
      readBacksAbsent: 0,
      updatedAt: now,
    })
    .where(stale)
    .returning();
  return { returned, unconfirmed };
}

/**
 * The claims (one publication, or several) and the keeping of what was prepared run with the
 * same SQL every time: each is built once per database handle, with placeholders for its
 * values, and named (db/prepared.ts).
 * Built at every call, drizzle's building of the claim (the approval gate and the publisher's
 * Stop are subqueries) took about a twentieth of a worker's busy time in the realistic
 * benchmark's profile.
 */
const built = new WeakMap<DbExecutor, ReturnType<typeof buildStatements>>();

function buildStatements(db: DbExecutor) {
  const now = sql.placeholder('now');
  /** The claim is still the holder's: the one it took, not taken back or settled since. */
  const stillHeld = and(
    eq(publications.id, sql.placeholder('id')),
    eq(publications.status, 'publishing'),
    eq(publications.claimedAt, sql.placeholder('claimedAt')),
  );
  /** The claim of the rows `rows` selects, each sent or not as `sendPending` says. */
  const claimOf = (rows: SQL, sendPending: SQL, name: string) =>
    db
      .update(publications)
      .set({
        status: 'publishing',
        // (A value set from a placeholder goes through `sql`: `set` takes no placeholder.)
        claimedAt: sql`${now}`,
        claimedBy: sql`${sql.placeholder('owner')}`,
        sendPending,
        attempts: sql`${publications.attempts} + 1`,
        updatedAt: sql`${now}`,
      })
      .where(
        and(
          rows,
          eq(publications.status, 'pending'),
          isNull(publications.externalId),
          or(isNull(publications.nextAttemptAt), lte(publications.nextAttemptAt, now)),
          not(publisherIsStopped),
          // Nothing unapproved goes out: judged here, in the claim itself (rows locked).
          clearedToSend(publications.instanceId),
        ),
      )
      .returning()
      .prepare(name);
  return {
    claim: claimOf(
      eq(publications.id, sql.placeholder('id')),
      sql`${sql.placeholder('sendPending')}`,
      'publisher_claim',
    ),
    // Several claims in one statement (decision 142): the ids as an array, by primary key.
    claimMany: claimOf(
      sql`${publications.id} = any(${sql.placeholder('ids')}::uuid[])`,
      sql`${publications.id} = any(${sql.placeholder('pendingIds')}::uuid[])`,
      'publisher_claim_many',
    ),
    keep: db
      .update(publications)
      .set({ prepared: sql`${sql.placeholder('prepared')}` })
      .where(stillHeld)
      .prepare('publisher_keep'),
  };
}

function statementsOf(db: DbExecutor) {
  let statements = built.get(db);
  if (!statements) {
    statements = buildStatements(db);
    built.set(db, statements);
  }
  return statements;
}

/**
 * The claim's holder is about to make the call that can publish: from now on a stale claim
 * is unconfirmed. Answers false when the claim is no longer the holder's (taken back as
 * stale, or settled by the customer): then the call must not be made.
 */
export async function markSending(
  db: DbExecutor,
  publicationId: string,
  claimedAt: Date,
  prepared: string | null = null,
) {
  return (await markSendingMany(db, [{ publicationId, claimedAt, prepared }])).has(publicationId);
}

/**
 * `markSending` for several claims in one statement (decision 142): answers the ids whose
 * claim was still their holder's (the rule of `stillHeld`), now marked. What the attempt
 * uploaded is kept with the mark (decision 138), in the same write.
 */
export async function markSendingMany(
  db: DbExecutor,
  marks: ReadonlyArray<{ publicationId: string; claimedAt: Date; prepared: string | null }>,
): Promise<Set<string>> {
  const rows = marks.map((mark) => ({
    id: mark.publicationId,
    claimed_at: mark.claimedAt.toISOString(),
    prepared: mark.prepared,
  }));
  const marked = await executePrepared<{ id: string }>(
    db,
    'publisher_sending_many',
    sql`update publications set send_pending = false,
        prepared = coalesce(i.prepared, publications.prepared)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as i(id uuid, claimed_at timestamptz, prepared text)
      where publications.id = any(${uuidArray(marks.map((mark) => mark.publicationId))}::uuid[])
        and publications.id = i.id
        and publications.status = 'publishing' and publications.claimed_at = i.claimed_at
      returning publications.id`,
  );
  return new Set(marked.map((row) => row.id));
}

/**
 * Keeps what the claim's holder prepared (an adapter's media container) for whoever sends
 * the publication next, should the holder die before its publishing call (decision 134).
 * Written only while the claim is still the holder's.
 */
export async function keepPrepared(
  db: DbExecutor,
  publicationId: string,
  claimedAt: Date,
  prepared: string,
) {
  await statementsOf(db).keep.execute({ id: publicationId, claimedAt, prepared });
}

/**
 * The one gate in front of a network call: only the caller whose UPDATE matched may call.
 * Answers the claimed row (attempts already counted) or undefined.
 */
export async function claimPublication(
  db: DbExecutor,
  publicationId: string,
  now: Date,
  options: { sendPending?: boolean; owner?: string | null } = {},
): Promise<PublicationRow | undefined> {
  const [row] = await statementsOf(db).claim.execute({
    id: publicationId,
    now,
    owner: options.owner ?? null,
    sendPending: options.sendPending ?? false,
  });
  return row;
}

/**
 * `claimPublication` for several publications in one statement (decision 142), each judged
 * by the same conditions: answers the rows this call claimed.
 */
export async function claimPublications(
  db: DbExecutor,
  claims: ReadonlyArray<{ publicationId: string; sendPending: boolean }>,
  now: Date,
  owner: string | null,
): Promise<PublicationRow[]> {
  return statementsOf(db).claimMany.execute({
    ids: uuidArray(claims.map((claim) => claim.publicationId)),
    pendingIds: uuidArray(claims.filter((claim) => claim.sendPending).map((c) => c.publicationId)),
    now,
    owner,
  });
}

/**
 * Due publications of a post that is not approved (judged in this statement): they end
 * missed with NOT_APPROVED. Once the post is approved, Publish now sends them.
 */
export async function markNotApproved(
  db: DbExecutor,
  instanceId: string,
  publicationIds: string[],
  message: string,
  now: Date,
) {
  if (publicationIds.length === 0) return [];
  return db
    .update(publications)
    .set({ status: 'missed', lastError: message, errorCode: 'NOT_APPROVED', updatedAt: now })
    .where(
      and(
        eq(publications.instanceId, instanceId),
        inArray(publications.id, publicationIds),
        eq(publications.status, 'pending'),
        isNull(publications.externalId),
        sql`not exists (select 1 from scheduled_instances na_si
          join posts na_p on na_p.id = na_si.post_id
          left join companies na_co on na_co.id = na_p.company_id
          where na_si.id = ${publications.instanceId} and ${isCleared('na_p', 'na_co')})`,
      ),
    )
    .returning();
}

/**
 * The webhook event of a change, written by the change's own statement (the outbox, at no
 * extra round trip): only when the change's CTE `changed` matched a row.
 */
function webhookCte(
  event: WebhookEventInput | undefined,
  changed: 'done' | 'settled' | 'finished',
) {
  if (!event) return sql``;
  return sql`, hooked as (${webhookOutboxInsert(event, sql.raw(`exists (select 1 from ${changed})`))} returning 1)`;
}

/**
 * Gives the instance its outcome when nothing of it waits any more, with its `post.completed`
 * webhook event, in one statement (no transaction of its own: one round trip, not four);
 * false when something still waits.
 */
export async function finishInstance(
  db: DbExecutor,
  instanceId: string,
  outcome: 'published' | 'partial' | 'failed' | 'missed',
  now: Date,
  event: WebhookEventInput,
) {
  const [row] = await executePrepared<{ n: number }>(
    db,
    'publisher_finish',
    sql`
      with finished as (${finishInstanceStatement(instanceId, outcome, now)})${webhookCte(event, 'finished')}
      select count(*)::int as n from finished`,
  );
  return (row?.n ?? 0) > 0;
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
  result: { externalId: string; url: string | null; ref?: string | null | undefined },
  now: Date,
  log?: LogEntry,
  event?: WebhookEventInput,
  followUps?: { commentDueAt: Date },
) {
  const at = now.toISOString();
  const [row] = await executePrepared<{ n: number }>(
    db,
    'publisher_record',
    sql`
      with done as (
        update publications set status = 'published', external_id = ${result.externalId},
          external_url = ${result.url}, external_ref = ${result.ref ?? null},
          published_at = ${at}::timestamptz, last_error = null,
          error_code = null, next_attempt_at = null, updated_at = ${at}::timestamptz
        where id = ${publicationId} and external_id is null
          and status in ('publishing', 'unconfirmed', 'pending')
        returning id, instance_id, network
      )${log ? sql`, logged as (${logInsert(log)} returning 1)` : sql``}${webhookCte(event, 'done')}${
        followUps ? followUpsCte(followUps.commentDueAt, now) : sql``
      }
      select count(*)::int as n from done`,
  );
  return (row?.n ?? 0) > 0;
}

/**
 * The follow-ups of a publication that just went out, made by the same statement (so a
 * thread is never left without its parts): the post's thread as it is now, one row per part
 * (2..n) on a thread network; its first comment, due after the delay, on a comment network.
 * Follows a CTE `done` answering the publication's `id, instance_id, network`.
 */
export function followUpsCte(commentDueAt: Date, now: Date) {
  const at = now.toISOString();
  return sql`, parts as (
    insert into publication_parts (publication_id, kind, position, content, due_at, updated_at)
    select d.id, 'thread', (t.ordinality + 1)::smallint, t.value, null, ${at}::timestamptz
    from done d
    join scheduled_instances si on si.id = d.instance_id
    join posts po on po.id = si.post_id
    cross join lateral jsonb_array_elements_text(po.thread) with ordinality as t(value, ordinality)
    where d.network in (${sql.join(
      THREAD_NETWORKS.map((network) => sql`${network}`),
      sql`, `,
    )})
    union all
    select d.id, 'comment', 1, btrim(po.first_comment), ${commentDueAt.toISOString()}::timestamptz,
      ${at}::timestamptz
    from done d
    join scheduled_instances si on si.id = d.instance_id
    join posts po on po.id = si.post_id
    where d.network in (${sql.join(
      FIRST_COMMENT_NETWORKS.map((network) => sql`${network}`),
      sql`, `,
    )}) and coalesce(btrim(po.first_comment), '') <> ''
    on conflict do nothing
    returning 1)`;
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
    /** Unconfirmed: when to look for the post on the network. */
    readBackAt?: Date | null;
  },
  now: Date,
  log?: LogEntry,
  event?: WebhookEventInput,
) {
  const next = outcome.nextAttemptAt ? outcome.nextAttemptAt.toISOString() : null;
  const readBackAt = outcome.readBackAt ? outcome.readBackAt.toISOString() : null;
  const [row] = await executePrepared<{ n: number }>(
    db,
    'publisher_settle',
    sql`
      with settled as (
        update publications set status = ${outcome.status}, last_error = ${outcome.message},
          error_code = ${outcome.errorCode}, next_attempt_at = ${next}::timestamptz,
          read_back_at = ${readBackAt}::timestamptz, read_back_by = null, read_backs = 0,
          read_backs_absent = 0, updated_at = ${now.toISOString()}::timestamptz
        where id = ${publicationId} and status = 'publishing' and external_id is null
        returning id
      )${log ? sql`, logged as (${logInsert(log)} returning 1)` : sql``}${webhookCte(event, 'settled')}
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

/**
 * The instance's thread parts not yet out (behind no part that failed: a thread stops there
 * until the customer's Retry): a part that waits keeps the instance open (so a
 * worker that dies between parts leaves it to the reconciler), and its time becomes the
 * instance's next job.
 */
export async function listWaitingThreadParts(db: DbExecutor, instanceId: string, now: Date) {
  const parts = await rowsOf<{ status: 'pending' | 'publishing'; due_at: string | Date | null }>(
    db,
    sql`select pp.status, pp.due_at
      from publication_parts pp join publications p on p.id = pp.publication_id
      where p.instance_id = ${instanceId} and pp.kind = 'thread'
        and pp.status in ('pending', 'publishing')
        and not exists (select 1 from publication_parts e
          where e.publication_id = pp.publication_id and e.kind = 'thread'
            and e.position < pp.position and e.status in ('failed', 'unconfirmed'))`,
  );
  return parts.map((part) => ({
    status: part.status,
    dueAt: part.due_at === null ? now : new Date(part.due_at),
  }));
}

/** The customer's uploaded media files among `ids` (the files networks get as their own). */
export async function findUploadedMedia(db: DbExecutor, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: uploadedFiles.id,
      storageKey: uploadedFiles.storageKey,
      sizeBytes: uploadedFiles.sizeBytes,
    })
    .from(uploadedFiles)
    .where(
      and(
        eq(uploadedFiles.userId, userId),
        eq(uploadedFiles.kind, 'media'),
        inArray(uploadedFiles.id, ids),
      ),
    );
}
