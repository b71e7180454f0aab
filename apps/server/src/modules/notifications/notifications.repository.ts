import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema/auth.js';
import { socialConnections } from '../../db/schema/connections.js';
import {
  notificationEvents,
  notificationSettings,
  type NotificationEventRow,
  type NotificationKind,
  type NotificationMailState,
} from '../../db/schema/notifications.js';
import type { NetworkId } from '@cadence/shared';

/**
 * The event's person is still in its workspace (their own, or one they are a member of):
 * a removed member's bell no longer lists that workspace's events, nor are they mailed.
 */
const stillInWorkspace = sql`(${notificationEvents.workspaceId} = ${notificationEvents.userId}
  or exists (select 1 from memberships m
    where m.workspace_id = ${notificationEvents.workspaceId}
      and m.user_id = ${notificationEvents.userId}))`;

export async function findSettings(db: DbExecutor, userId: string) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return row;
}

export async function upsertSettings(
  db: DbExecutor,
  userId: string,
  values: { emailPublicationFailures: boolean; emailReconnect: boolean; emailReviews?: boolean },
  now: Date,
) {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { ...values, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export interface NewEvent {
  /** Who it is for. */
  userId: string;
  /** The workspace it happened in. */
  workspaceId: string;
  kind: NotificationKind;
  postId: string | null;
  companyId: string | null;
  network: NetworkId | null;
  groupKey: string;
  message: string;
  mailState: NotificationMailState;
  createdAt: Date;
}

export async function insertEvent(db: DbExecutor, event: NewEvent) {
  await db.insert(notificationEvents).values(event);
}

/**
 * Whether a reconnect event of this connection is already in (or waiting for) a mail since
 * the connection was last connected: a reconnect is asked for once, not once per post.
 */
export async function hasReconnectMailSinceConnected(
  db: DbExecutor,
  input: { userId: string; groupKey: string; companyId: string; network: NetworkId },
) {
  const connectedAt = db
    .select({ at: max(socialConnections.connectedAt) })
    .from(socialConnections)
    .where(
      and(
        eq(socialConnections.companyId, input.companyId),
        eq(socialConnections.network, input.network),
      ),
    );
  const [row] = await db
    .select({ id: notificationEvents.id })
    .from(notificationEvents)
    .where(
      and(
        eq(notificationEvents.userId, input.userId),
        eq(notificationEvents.groupKey, input.groupKey),
        eq(notificationEvents.kind, 'connection_reconnect'),
        inArray(notificationEvents.mailState, ['pending', 'sent']),
        sql`${notificationEvents.createdAt} >= coalesce((${connectedAt}), '-infinity'::timestamptz)`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Unread first, then newest first. */
export async function listEvents(
  db: DbExecutor,
  userId: string,
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(notificationEvents)
    .where(and(eq(notificationEvents.userId, userId), stillInWorkspace))
    .orderBy(
      sql`(${notificationEvents.readAt} is null) desc`,
      desc(notificationEvents.createdAt),
      desc(notificationEvents.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export async function countEvents(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notificationEvents.readAt} is null)`.mapWith(
        Number,
      ),
    })
    .from(notificationEvents)
    .where(and(eq(notificationEvents.userId, userId), stillInWorkspace));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

export async function markRead(
  db: DbExecutor,
  userId: string,
  ids: string[] | 'all',
  now: Date,
): Promise<number> {
  const rows = await db
    .update(notificationEvents)
    .set({ readAt: now })
    .where(
      and(
        eq(notificationEvents.userId, userId),
        isNull(notificationEvents.readAt),
        ids === 'all' ? undefined : inArray(notificationEvents.id, ids),
      ),
    )
    .returning({ id: notificationEvents.id });
  return rows.length;
}

export async function listPendingMail(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(notificationEvents)
    .where(and(eq(notificationEvents.userId, userId), eq(notificationEvents.mailState, 'pending')))
    .orderBy(asc(notificationEvents.createdAt), asc(notificationEvents.id));
}

/** Pending mail about workspaces the person has left is not sent. */
export async function dropMailOfLeftWorkspaces(db: DbExecutor, userId: string) {
  await db
    .update(notificationEvents)
    .set({ mailState: 'off' })
    .where(
      and(
        eq(notificationEvents.userId, userId),
        eq(notificationEvents.mailState, 'pending'),
        sql`not ${stillInWorkspace}`,
      ),
    );
}

/** When each group (connection) last had a mail. */
export async function lastMailedByGroup(db: DbExecutor, userId: string, groupKeys: string[]) {
  if (groupKeys.length === 0) return new Map<string, Date>();
  const rows = await db
    .select({ groupKey: notificationEvents.groupKey, last: max(notificationEvents.mailedAt) })
    .from(notificationEvents)
    .where(
      and(
        eq(notificationEvents.userId, userId),
        eq(notificationEvents.mailState, 'sent'),
        inArray(notificationEvents.groupKey, groupKeys),
      ),
    )
    .groupBy(notificationEvents.groupKey);
  return new Map(
    rows.filter((row) => row.last !== null).map((row) => [row.groupKey, row.last as Date]),
  );
}

/** Takes pending events for a mail; answers the ones this call took. */
export async function claimForMail(
  db: DbExecutor,
  ids: string[],
  now: Date,
): Promise<NotificationEventRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(notificationEvents)
    .set({ mailState: 'sent', mailedAt: now })
    .where(and(inArray(notificationEvents.id, ids), eq(notificationEvents.mailState, 'pending')))
    .returning();
}

export async function releaseFromMail(db: DbExecutor, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(notificationEvents)
    .set({ mailState: 'pending', mailedAt: null })
    .where(inArray(notificationEvents.id, ids));
}

export async function findRecipient(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
