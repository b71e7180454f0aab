import { isCleared } from '../approvals/index.js';
import { PUBLICATION_ACTIONS, type PublicationAction } from '@cadence/shared';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { publications, type PublicationRow } from '../../db/schema/publishing.js';
import { scheduledInstances } from '../../db/schema/schedules.js';

/** The caller's publication with the instance it belongs to; undefined for anyone else's. */
export async function findOwnedPublication(db: DbExecutor, userId: string, publicationId: string) {
  const [row] = await db
    .select({
      publication: publications,
      instance: {
        id: scheduledInstances.id,
        postId: scheduledInstances.postId,
        scheduledFor: scheduledInstances.scheduledFor,
        status: scheduledInstances.status,
        entityId: sql<
          string | null
        >`(select p.company_id from posts p where p.id = ${scheduledInstances.postId})`,
      },
    })
    .from(publications)
    .innerJoin(scheduledInstances, eq(scheduledInstances.id, publications.instanceId))
    .where(and(eq(publications.id, publicationId), eq(scheduledInstances.userId, userId)))
    .limit(1);
  return row;
}

/** The new values each action writes; `now` is also the publication's new due time. */
function changesOf(action: PublicationAction, now: Date, url: string | undefined) {
  switch (action) {
    case 'retry':
    case 'confirm-absent':
      // A fresh start: due now, and the automatic retries count again from zero.
      return {
        status: 'pending' as const,
        dueAt: now,
        nextAttemptAt: null,
        attempts: 0,
        claimedAt: null,
        lastError: null,
        errorCode: null,
        updatedAt: now,
      };
    case 'publish-now':
      // Also from a miss for want of approval, once approved: pending again, its error gone.
      return {
        status: 'pending' as const,
        dueAt: now,
        nextAttemptAt: null,
        lastError: sql`case when ${publications.status} = 'missed' then null else ${publications.lastError} end`,
        errorCode: sql`case when ${publications.status} = 'missed' then null else ${publications.errorCode} end`,
        updatedAt: now,
      };
    case 'mark-published':
      return {
        status: 'published' as const,
        externalUrl: url ?? null,
        publishedAt: now,
        nextAttemptAt: null,
        lastError: null,
        errorCode: null,
        updatedAt: now,
      };
  }
}

/**
 * An earlier publish-now (or retry) nobody has picked up yet: due_at set after the last
 * claim. A second click finds it and is refused rather than queueing the post again.
 */
const alreadyRequested: SQL = sql`(${publications.dueAt} is not null and
  (${publications.claimedAt} is null or ${publications.claimedAt} < ${publications.dueAt}))`;

/**
 * The action's one conditional UPDATE: it changes the publication only from the states the
 * action is allowed from, with no external id, and only for its owner. Of two racing
 * clicks the row lock lets one through; the other matches nothing (undefined).
 */
export async function applyAction(
  db: DbExecutor,
  userId: string,
  publicationId: string,
  action: PublicationAction,
  now: Date,
  url?: string,
): Promise<PublicationRow | undefined> {
  const [row] = await db
    .update(publications)
    .set(changesOf(action, now, url))
    .where(
      and(
        eq(publications.id, publicationId),
        action === 'publish-now'
          ? sql`(${publications.status} = 'pending' or (${publications.status} = 'missed'
              and ${publications.errorCode} = 'NOT_APPROVED'
              and exists (select 1 from scheduled_instances pn_si
                join posts pn_p on pn_p.id = pn_si.post_id
                left join companies pn_co on pn_co.id = pn_p.company_id
                where pn_si.id = ${publications.instanceId} and ${isCleared('pn_p', 'pn_co')})))`
          : inArray(publications.status, [...PUBLICATION_ACTIONS[action]]),
        isNull(publications.externalId),
        action === 'publish-now' ? sql`not ${alreadyRequested}` : undefined,
        sql`exists (select 1 from scheduled_instances si
          where si.id = ${publications.instanceId} and si.user_id = ${userId})`,
      ),
    )
    .returning();
  return row;
}

export async function instanceStatus(db: DbExecutor, instanceId: string) {
  const [row] = await db
    .select({ status: scheduledInstances.status })
    .from(scheduledInstances)
    .where(eq(scheduledInstances.id, instanceId));
  return row?.status;
}

export async function publicationStatus(db: DbExecutor, publicationId: string) {
  const [row] = await db
    .select({ status: publications.status })
    .from(publications)
    .where(eq(publications.id, publicationId));
  return row?.status;
}
