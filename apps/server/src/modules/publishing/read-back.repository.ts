import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import type { NetworkId } from '@cadence/shared';
import { logInsert, type LogEntry } from '../logs/index.js';
import { processIsSilent } from '../../db/process-liveness.js';
import { publisherIsStopped } from './publisher-control.js';
import { mediaOfUpload } from '../posts/index.js';
import { followUpsCte } from './publishing.repository.js';

/** Rows of a raw query (the two drivers type `execute` differently). */
async function rowsOf<T>(db: DbExecutor, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** An unconfirmed publication whose look at the network this worker has taken. */
export interface Look {
  id: string;
  network: NetworkId;
  /** The lease this worker wrote: every change below is conditional on it. */
  lease: Date;
  attempts: number;
  readBacks: number;
  readBacksAbsent: number;
  /** The claim of the attempt whose answer was lost: the window's start. */
  claimedAt: Date | null;
  /** When the publication was due (its retry window runs from there). */
  dueAt: Date;
  instance: { id: string; userId: string; postId: string; scheduledFor: Date };
  post: {
    companyId: string | null;
    content: string;
    url: string | null;
    shortenedUrl: string | null;
    urlShortened: boolean;
  };
  attachment: { mediaUrl: string; mimeType: string; storageKey: string } | null;
}

interface LookRow {
  id: string;
  network: NetworkId;
  read_back_at: string | Date;
  attempts: number;
  read_backs: number;
  read_backs_absent: number;
  claimed_at: string | Date | null;
  due_at: string | Date | null;
  instance_id: string;
  user_id: string;
  post_id: string;
  scheduled_for: string | Date;
  company_id: string | null;
  content: string;
  url: string | null;
  shortened_url: string | null;
  url_shortened: boolean;
  media_url: string | null;
  mime_type: string | null;
  storage_key: string | null;
  own_storage_key: string | null;
  own_size_bytes: string | number | null;
}

/**
 * Takes up to `limit` looks that are due: one statement moves each one's `read_back_at` to
 * `leaseUntil` and names `owner` (the taker's heartbeat id) as its holder (rows another worker
 * holds are skipped); that lease value is the taker's claim on the look. A look whose holder
 * has fallen silent (killed mid-look) is due again at once; one whose holder does not beat
 * (null) waits for its lease to run out. Nothing is taken while the publisher is stopped.
 */
export async function takeLooks(
  db: DbExecutor,
  now: Date,
  leaseUntil: Date,
  limit: number,
  owner: string | null = null,
): Promise<Look[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = (row: SQL) =>
    sql`${row}.status = 'unconfirmed' and ${row}.read_back_at is not null
      and ${row}.external_id is null
      and (${row}.read_back_at <= ${at} or ${processIsSilent(sql`${row}.read_back_by`, at)})`;
  const rows = await rowsOf<LookRow>(
    db,
    sql`
      with taken as (
        update publications p set read_back_at = ${leaseUntil.toISOString()}::timestamptz,
          read_back_by = ${owner}::text
        where p.id in (
            select id from publications q
            where ${due(sql`q`)}
            order by read_back_at
            limit ${limit}
            for update of q skip locked)
          and ${due(sql`p`)}
          and not ${publisherIsStopped}
        returning p.id, p.network, p.read_back_at, p.attempts, p.read_backs,
          p.read_backs_absent, p.claimed_at, p.due_at, p.instance_id
      )
      select t.*, si.user_id, si.post_id, si.scheduled_for,
        po.company_id,
        coalesce(po.variants -> t.network ->> 'content', po.content) as content,
        po.url, po.shortened_url, po.url_shortened,
        a.media_url, a.mime_type, a.storage_key,
        f.storage_key as own_storage_key, f.size_bytes as own_size_bytes
      from taken t
      join scheduled_instances si on si.id = t.instance_id
      join posts po on po.id = si.post_id
      -- A network whose own version names media_ids ([] or its own file) was not sent the
      -- post's media; its own file, when it names one, was.
      left join post_attachments a on a.post_id = po.id
        and po.variants -> t.network -> 'media_ids' is null
      left join uploaded_files f on f.user_id = si.user_id and f.kind = 'media'
        and f.id::text = po.variants -> t.network -> 'media_ids' ->> 0`,
  );
  return rows.map((row) => ({
    id: row.id,
    network: row.network,
    lease: new Date(row.read_back_at),
    attempts: Number(row.attempts),
    readBacks: Number(row.read_backs),
    readBacksAbsent: Number(row.read_backs_absent),
    claimedAt: row.claimed_at === null ? null : new Date(row.claimed_at),
    dueAt: new Date(row.due_at ?? row.scheduled_for),
    instance: {
      id: row.instance_id,
      userId: row.user_id,
      postId: row.post_id,
      scheduledFor: new Date(row.scheduled_for),
    },
    post: {
      companyId: row.company_id,
      content: row.content,
      url: row.url,
      shortenedUrl: row.shortened_url,
      urlShortened: row.url_shortened,
    },
    attachment: attachmentOf(row),
  }));
}

/** The file the network was sent: its own (by its variant), else the post's. */
function attachmentOf(row: LookRow): Look['attachment'] {
  if (row.own_storage_key) {
    const own = mediaOfUpload({
      storageKey: row.own_storage_key,
      sizeBytes: Number(row.own_size_bytes ?? 0),
    });
    return own ? { mediaUrl: own.url, mimeType: own.mimeType, storageKey: own.key } : null;
  }
  return row.media_url && row.mime_type && row.storage_key
    ? { mediaUrl: row.media_url, mimeType: row.mime_type, storageKey: row.storage_key }
    : null;
}

/** What a look found out, as the publication's new values. */
export type LookOutcome =
  /** The post is on the network: published, with its id and link. */
  | { kind: 'found'; externalId: string; url: string | null }
  /** Not there (yet): looked for again at `next`. */
  | { kind: 'again'; next: Date; absent: boolean }
  /** Not there twice: pending again, due now (the publisher's claim sends it). */
  | { kind: 'send-again'; message: string }
  /** The network cannot be read: it stays unconfirmed, for the customer. */
  | { kind: 'stop' };

/**
 * Records a look's outcome, with its log row when given, in one statement; only while the
 * look is still this worker's (its lease) and the publication unconfirmed without an
 * external id. A post found gets its follow-ups (thread parts, first comment) in the same
 * statement, as a post the publisher saw go out does. Answers whether it was recorded.
 */
export async function settleLook(
  db: DbExecutor,
  look: Pick<Look, 'id' | 'lease'>,
  outcome: LookOutcome,
  now: Date,
  log?: LogEntry,
  followUps?: { commentDueAt: Date },
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const changes: SQL = (() => {
    switch (outcome.kind) {
      case 'found':
        return sql`status = 'published', external_id = ${outcome.externalId},
          external_url = ${outcome.url}, published_at = ${at}, last_error = null,
          error_code = null, next_attempt_at = null, read_back_at = null,
          read_back_by = null, read_backs = read_backs + 1`;
      case 'again':
        return sql`read_back_at = ${outcome.next.toISOString()}::timestamptz,
          read_back_by = null, read_backs = read_backs + 1,
          read_backs_absent = read_backs_absent + ${outcome.absent ? 1 : 0}`;
      case 'send-again':
        // As the customer's 'not there' does: due now, claimed afresh by the publisher.
        return sql`status = 'pending', due_at = ${at}, next_attempt_at = null,
          claimed_at = null, send_pending = false, last_error = ${outcome.message},
          error_code = 'not_found', read_back_at = null, read_back_by = null, read_backs = 0,
          read_backs_absent = 0`;
      case 'stop':
        return sql`read_back_at = null, read_back_by = null, read_backs = read_backs + 1`;
    }
  })();
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
      with done as (
        update publications set ${changes}, updated_at = ${at}
        where id = ${look.id} and status = 'unconfirmed' and external_id is null
          and read_back_at = ${look.lease.toISOString()}::timestamptz${
            // A post another publication already holds is not this one's.
            outcome.kind === 'found'
              ? sql` and not exists (select 1 from publications other
                  where other.network = publications.network
                    and other.external_id = ${outcome.externalId})`
              : sql``
          }
        returning id, instance_id, network
      )${
        outcome.kind === 'found' && followUps ? followUpsCte(followUps.commentDueAt, now) : sql``
      }${
        // (logInsert ends in its WHERE: the row is written only with the change.)
        log
          ? sql`, logged as (${logInsert(log)} and exists (select 1 from done) returning 1)`
          : sql``
      }
      select count(*)::int as n from done`,
  );
  return (row?.n ?? 0) > 0;
}
