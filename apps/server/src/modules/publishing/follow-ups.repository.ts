import type { FollowUpStatus, NetworkId } from '@cadence/shared';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { publicationParts, type PublicationPartRow } from '../../db/schema/publishing.js';

/*
 * A publication's follow-ups (its thread's later parts, its first comment), each gated like a
 * publication (decision 003): claimed by one UPDATE before its call, its external id written
 * once after. Only publishing writes them.
 */

/** The follow-ups of one kind of a publication, in order. */
export function listParts(db: DbExecutor, publicationId: string, kind: 'thread' | 'comment') {
  return db
    .select()
    .from(publicationParts)
    .where(and(eq(publicationParts.publicationId, publicationId), eq(publicationParts.kind, kind)))
    .orderBy(asc(publicationParts.position));
}

/** The one gate before a follow-up's call: only the caller whose UPDATE matched may call. */
export async function claimPart(
  db: DbExecutor,
  partId: string,
  now: Date,
): Promise<PublicationPartRow | undefined> {
  const [row] = await db
    .update(publicationParts)
    .set({
      status: 'publishing',
      claimedAt: now,
      attempts: sql`${publicationParts.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(publicationParts.id, partId),
        eq(publicationParts.status, 'pending'),
        isNull(publicationParts.externalId),
        or(isNull(publicationParts.dueAt), lte(publicationParts.dueAt, now)),
      ),
    )
    .returning();
  return row;
}

/** The part is on the network: its id is kept (once, never replaced) before the next is sent. */
export async function markPartPublished(
  db: DbExecutor,
  partId: string,
  result: { externalId: string; url: string | null; ref?: string | null | undefined },
  now: Date,
) {
  const rows = await db
    .update(publicationParts)
    .set({
      status: 'published',
      externalId: result.externalId,
      externalUrl: result.url,
      externalRef: result.ref ?? null,
      publishedAt: now,
      lastError: null,
      errorCode: null,
      dueAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(publicationParts.id, partId),
        isNull(publicationParts.externalId),
        inArray(publicationParts.status, ['publishing', 'unconfirmed', 'pending']),
      ),
    )
    .returning({ id: publicationParts.id });
  return rows.length > 0;
}

/** A claimed part that did not go out: pending again (with its time), failed or unconfirmed. */
export async function settlePart(
  db: DbExecutor,
  partId: string,
  outcome: {
    status: 'pending' | 'failed' | 'unconfirmed';
    message: string;
    errorCode: string;
    dueAt?: Date | null;
  },
  now: Date,
) {
  await db
    .update(publicationParts)
    .set({
      status: outcome.status,
      lastError: outcome.message,
      errorCode: outcome.errorCode,
      dueAt: outcome.dueAt ?? null,
      updatedAt: now,
    })
    .where(
      and(
        eq(publicationParts.id, partId),
        eq(publicationParts.status, 'publishing'),
        isNull(publicationParts.externalId),
      ),
    );
}

/**
 * Parts claimed before `staleBefore` and never settled: their worker died during the call.
 * Nobody knows whether the part went out: unconfirmed, never sent again by itself.
 */
export async function settleStaleParts(
  db: DbExecutor,
  publicationId: string,
  staleBefore: Date,
  message: string,
  now: Date,
) {
  return db
    .update(publicationParts)
    .set({ status: 'unconfirmed', lastError: message, errorCode: 'unconfirmed', updatedAt: now })
    .where(
      and(
        eq(publicationParts.publicationId, publicationId),
        eq(publicationParts.status, 'publishing'),
        isNull(publicationParts.externalId),
        lte(publicationParts.claimedAt, staleBefore),
      ),
    )
    .returning();
}

/**
 * The customer's Retry of a follow-up that failed (or that they found absent): pending and due
 * now, only from those states and only for the owner's. Answers the part with its instance,
 * or undefined when it moved on or is not theirs.
 */
export async function retryPart(db: DbExecutor, userId: string, partId: string, now: Date) {
  const result: unknown = await db.execute(sql`
    update publication_parts pp set status = 'pending', due_at = ${now.toISOString()}::timestamptz,
      attempts = 0, last_error = null, error_code = null, claimed_at = null,
      updated_at = ${now.toISOString()}::timestamptz
    from publications p
    join scheduled_instances si on si.id = p.instance_id
    where pp.id = ${partId} and pp.publication_id = p.id and si.user_id = ${userId}
      and pp.status in ('failed', 'unconfirmed') and pp.external_id is null
    returning pp.id, pp.kind, pp.publication_id, p.instance_id`);
  const [row] = (
    result as {
      rows: Array<{
        id: string;
        kind: 'thread' | 'comment';
        publication_id: string;
        instance_id: string;
      }>;
    }
  ).rows;
  return row;
}

/** A part of the customer's, with its post's entity (a 404 from a 409; who may see it). */
export async function findOwnPart(db: DbExecutor, userId: string, partId: string) {
  const result: unknown = await db.execute(sql`
    select pp.status, po.company_id from publication_parts pp
    join publications p on p.id = pp.publication_id
    join scheduled_instances si on si.id = p.instance_id
    join posts po on po.id = si.post_id
    where pp.id = ${partId} and si.user_id = ${userId}`);
  return (result as { rows: Array<{ status: FollowUpStatus; company_id: string | null }> }).rows[0];
}

/** Comments due by `now` that wait with no job alive for them (a send lost with its process). */
export async function findCommentsWithoutJob(
  db: DbExecutor,
  queueName: string,
  now: Date,
  limit: number,
) {
  const at = now.toISOString();
  const result: unknown = await db.execute(sql`
    select pp.publication_id from publication_parts pp
    where pp.kind = 'comment' and pp.status = 'pending'
      and pp.due_at <= ${at}::timestamptz
      and not exists (
        select 1 from pgboss.job j
        where j.name = ${queueName} and j.singleton_key like pp.publication_id::text || '%'
          and ((j.state = 'created' and j.start_after <= ${at}::timestamptz + interval '1 second')
            or j.state = 'retry'
            or (j.state = 'active' and j.started_on + j.expire_in > now())))
    order by pp.due_at
    limit ${limit}`);
  return (result as { rows: Array<{ publication_id: string }> }).rows.map(
    (row) => row.publication_id,
  );
}

/** A publication's first comment with what posting it needs: the post on the network, its entity. */
export async function loadComment(db: DbExecutor, publicationId: string) {
  const result: unknown = await db.execute(sql`
    select pp.id as part_id, p.network, p.status as publication_status,
      p.external_id, p.external_ref, po.company_id
    from publication_parts pp
    join publications p on p.id = pp.publication_id
    join scheduled_instances si on si.id = p.instance_id
    join posts po on po.id = si.post_id
    where pp.publication_id = ${publicationId} and pp.kind = 'comment'`);
  const [row] = (
    result as {
      rows: Array<{
        part_id: string;
        network: NetworkId;
        publication_status: string;
        external_id: string | null;
        external_ref: string | null;
        company_id: string | null;
      }>;
    }
  ).rows;
  if (!row) return undefined;
  const [part] = await db
    .select()
    .from(publicationParts)
    .where(eq(publicationParts.id, row.part_id));
  return part ? { ...row, part } : undefined;
}
