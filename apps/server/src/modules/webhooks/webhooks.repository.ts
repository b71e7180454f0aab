import { and, desc, eq, inArray, lte, or, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import {
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
  type WebhookEndpointRow,
} from '../../db/schema/webhooks.js';

export type NewEndpoint = Pick<
  WebhookEndpointRow,
  | 'userId'
  | 'url'
  | 'events'
  | 'entityIds'
  | 'createdBy'
  | 'secretSealed'
  | 'createdAt'
  | 'updatedAt'
>;

export async function insertEndpoint(db: DbExecutor, values: NewEndpoint) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('The webhook endpoint was not stored');
  return row;
}

export function listEndpoints(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function countEndpoints(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

export async function findEndpoint(db: DbExecutor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

export async function updateEndpoint(
  db: DbExecutor,
  userId: string,
  id: string,
  values: Partial<Omit<WebhookEndpointRow, 'id' | 'userId' | 'createdAt'>>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: DbExecutor, userId: string, id: string) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** One message for one endpoint, whatever its events (the test event, a redelivery). */
export async function insertMessage(
  db: DbExecutor,
  values: { endpointId: string; eventType: 'webhook.test'; body: string; at: Date },
) {
  const [row] = await db
    .insert(webhookMessages)
    .values({
      endpointId: values.endpointId,
      eventType: values.eventType,
      body: values.body,
      nextAttemptAt: values.at,
      createdAt: values.at,
    })
    .returning();
  if (!row) throw new Error('The webhook message was not stored');
  return row;
}

/**
 * Takes up to `limit` due messages for delivery: each is held for `leaseMs` (due again
 * then, should its worker die). SKIP LOCKED lets several workers take different ones.
 */
export async function claimDueMessages(db: DbExecutor, now: Date, leaseMs: number, limit: number) {
  const due = db
    .select({ id: webhookMessages.id })
    .from(webhookMessages)
    .where(and(eq(webhookMessages.status, 'pending'), lte(webhookMessages.nextAttemptAt, now)))
    .orderBy(webhookMessages.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(webhookMessages)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(webhookMessages.id, due))
    .returning({ id: webhookMessages.id });
}

/** A message with its endpoint, for its delivery. */
export async function findMessageToSend(db: DbExecutor, messageId: string) {
  const [row] = await db
    .select({ message: webhookMessages, endpoint: webhookEndpoints })
    .from(webhookMessages)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
    .where(and(eq(webhookMessages.id, messageId), eq(webhookMessages.status, 'pending')));
  return row;
}

/** Records one attempt and the message's next state (only if no other attempt came first). */
export async function recordAttempt(
  db: DbExecutor,
  input: {
    messageId: string;
    endpointId: string;
    eventType: string;
    attempt: number;
    statusCode: number | null;
    success: boolean;
    error: string | null;
    durationMs: number;
    at: Date;
    next: { status: 'pending'; at: Date } | { status: 'delivered' | 'failed' };
  },
) {
  const updated = await db
    .update(webhookMessages)
    .set({
      status: input.next.status,
      attempts: input.attempt,
      nextAttemptAt: input.next.status === 'pending' ? input.next.at : null,
    })
    .where(
      and(
        eq(webhookMessages.id, input.messageId),
        eq(webhookMessages.status, 'pending'),
        eq(webhookMessages.attempts, input.attempt - 1),
      ),
    )
    .returning({ id: webhookMessages.id });
  if (updated.length === 0) return false;
  await db.insert(webhookDeliveries).values({
    messageId: input.messageId,
    endpointId: input.endpointId,
    eventType: input.eventType as never,
    attempt: input.attempt,
    statusCode: input.statusCode,
    success: input.success,
    error: input.error,
    durationMs: input.durationMs,
    createdAt: input.at,
  });
  return true;
}

/** A success: the endpoint is no longer failing. */
export async function clearFailing(db: DbExecutor, endpointId: string) {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(
      and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`),
    );
}

/** A failure: failing since now, unless it already was. Answers since when. */
export async function markFailing(db: DbExecutor, endpointId: string, now: Date) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? now;
}

/**
 * Disables an endpoint that failed since before `failingBefore` (once: answers the row only
 * to the caller that turned it off) and gives up its waiting messages.
 */
export async function disableFailingEndpoint(
  db: DbExecutor,
  endpointId: string,
  failingBefore: Date,
  now: Date,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: now, updatedAt: now })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.enabled, true),
        lte(webhookEndpoints.failingSince, failingBefore),
      ),
    )
    .returning();
  if (row) await giveUpMessages(db, endpointId);
  return row;
}

/** The endpoint's waiting messages are not sent (it was turned off). */
export async function giveUpMessages(db: DbExecutor, endpointId: string) {
  await db
    .update(webhookMessages)
    .set({ status: 'failed', nextAttemptAt: null })
    .where(and(eq(webhookMessages.endpointId, endpointId), eq(webhookMessages.status, 'pending')));
}

/** One message is due again now (a redelivery asked for). */
export async function requeueMessage(db: DbExecutor, messageId: string, now: Date) {
  await db
    .update(webhookMessages)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(eq(webhookMessages.id, messageId));
}

/** The endpoint's attempts, newest first, after the cursor's (created_at, id). */
export function listDeliveries(
  db: DbExecutor,
  endpointId: string,
  limit: number,
  after?: { createdAt: Date; id: string },
) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        after
          ? or(
              lt(webhookDeliveries.createdAt, after.createdAt),
              and(
                eq(webhookDeliveries.createdAt, after.createdAt),
                lt(webhookDeliveries.id, after.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(db: DbExecutor, endpointId: string, deliveryId: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

/**
 * Retention: deletes delivery attempts made before `before`, and the events written before
 * it that are settled (delivered or given up; a pending one still has attempts to make).
 */
export async function deleteSettledBefore(db: DbExecutor, before: Date) {
  const deliveries = await db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.createdAt, before))
    .returning({ id: webhookDeliveries.id });
  const messages = await db
    .delete(webhookMessages)
    .where(and(lt(webhookMessages.createdAt, before), sql`${webhookMessages.status} <> 'pending'`))
    .returning({ id: webhookMessages.id });
  return { messages: messages.length, deliveries: deliveries.length };
}
