import type { NetworkId, QueueSlot } from '@cadence/shared';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { posts } from '../../db/schema/posts.js';
import { publications } from '../../db/schema/publishing.js';
import { entityQueues } from '../../db/schema/queue.js';
import { scheduledInstances } from '../../db/schema/schedules.js';

/** Any number, fixed, plus the entity: serialises "find the open slot, then schedule" per entity. */
const QUEUE_LOCK = 724_311;

export async function findQueue(db: DbExecutor, userId: string, companyId: string) {
  const [row] = await db
    .select({ timezone: entityQueues.timezone, slots: entityQueues.slots })
    .from(entityQueues)
    .where(and(eq(entityQueues.companyId, companyId), eq(entityQueues.userId, userId)))
    .limit(1);
  return row;
}

export async function saveQueue(
  db: DbExecutor,
  row: { userId: string; companyId: string; timezone: string; slots: QueueSlot[]; now: Date },
) {
  await db
    .insert(entityQueues)
    .values({
      companyId: row.companyId,
      userId: row.userId,
      timezone: row.timezone,
      slots: row.slots,
      updatedAt: row.now,
    })
    .onConflictDoUpdate({
      target: entityQueues.companyId,
      set: { timezone: row.timezone, slots: row.slots, updatedAt: row.now },
    });
}

/** The customer's post with its entity, or undefined (also for another customer's post). */
export async function findOwnedPost(db: DbExecutor, userId: string, postId: string) {
  const [row] = await db
    .select({ id: posts.id, companyId: posts.companyId })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .limit(1);
  return row;
}

/** Held until the transaction ends: one post at a time finds and takes an entity's slot. */
export async function lockQueue(db: DbExecutor, companyId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK}, hashtext(${companyId}))`);
}

/** The entity's pending publications on `networks` between `from` and `until`: what holds a slot. */
export async function pendingPublicationTimes(
  db: DbExecutor,
  input: { companyId: string; networks: NetworkId[]; from: Date; until: Date },
) {
  return db
    .select({ at: scheduledInstances.scheduledFor, network: publications.network })
    .from(publications)
    .innerJoin(scheduledInstances, eq(scheduledInstances.id, publications.instanceId))
    .innerJoin(posts, eq(posts.id, scheduledInstances.postId))
    .where(
      and(
        eq(posts.companyId, input.companyId),
        eq(publications.status, 'pending'),
        inArray(publications.network, input.networks),
        gte(scheduledInstances.scheduledFor, input.from),
        lt(scheduledInstances.scheduledFor, input.until),
      ),
    );
}
