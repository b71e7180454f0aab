import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client.js';
import { aiCallLogs } from '../../db/schema/ai.js';
import { apiKeys } from '../../db/schema/api-keys.js';
import { users } from '../../db/schema/auth.js';
import { companies } from '../../db/schema/companies.js';
import { socialConnections } from '../../db/schema/connections.js';
import { systemLogs } from '../../db/schema/logs.js';
import { notificationEvents } from '../../db/schema/notifications.js';
import { postAttachments, posts } from '../../db/schema/posts.js';
import { schedules } from '../../db/schema/schedules.js';
import { uploadedFiles } from '../../db/schema/uploads.js';
import { webhookEndpoints } from '../../db/schema/webhooks.js';

export const EXPORT_BATCH = 500;

/** Keyset page condition: rows strictly after (createdAt, id) in newest-first order. */
function before(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  cursor?: { at: Date; id: string },
): SQL | undefined {
  return cursor
    ? sql`(${createdAt}, ${id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
}

export async function findProfile(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      gender: users.gender,
      address: users.address,
      avatarUrl: users.avatarUrl,
      avatarKey: users.avatarKey,
      createdAt: users.createdAt,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Entities with their connections, never the sealed credentials. */
export async function listEntities(db: DbExecutor, userId: string) {
  const rows = await db.select().from(companies).where(eq(companies.userId, userId));
  const ids = rows.map((row) => row.id);
  const connections =
    ids.length === 0
      ? []
      : await db
          .select({
            companyId: socialConnections.companyId,
            network: socialConnections.network,
            accountName: socialConnections.accountName,
            accountId: socialConnections.accountId,
            needsReconnect: socialConnections.needsReconnect,
            connectedAt: socialConnections.connectedAt,
            disconnectedAt: socialConnections.disconnectedAt,
          })
          .from(socialConnections)
          .where(inArray(socialConnections.companyId, ids));
  return { rows, connections };
}

export async function postPage(db: DbExecutor, userId: string, cursor?: { at: Date; id: string }) {
  return db
    .select({
      id: posts.id,
      companyId: posts.companyId,
      content: posts.content,
      url: posts.url,
      shortenedUrl: posts.shortenedUrl,
      scheduledFor: posts.scheduledFor,
      tone: posts.tone,
      platforms: posts.platforms,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      mediaUrl: postAttachments.mediaUrl,
      mediaName: postAttachments.name,
      mediaType: postAttachments.mimeType,
    })
    .from(posts)
    .leftJoin(postAttachments, eq(postAttachments.postId, posts.id))
    .where(and(eq(posts.userId, userId), before(posts.createdAt, posts.id, cursor)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(EXPORT_BATCH);
}

export async function schedulePage(
  db: DbExecutor,
  userId: string,
  cursor?: { at: Date; id: string },
) {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.userId, userId), before(schedules.createdAt, schedules.id, cursor)))
    .orderBy(desc(schedules.createdAt), desc(schedules.id))
    .limit(EXPORT_BATCH);
}

export async function postLogPage(
  db: DbExecutor,
  userId: string,
  cursor?: { at: Date; id: string },
) {
  return db
    .select()
    .from(systemLogs)
    .where(and(eq(systemLogs.userId, userId), before(systemLogs.createdAt, systemLogs.id, cursor)))
    .orderBy(desc(systemLogs.createdAt), desc(systemLogs.id))
    .limit(EXPORT_BATCH);
}

export async function aiLogPage(db: DbExecutor, userId: string, cursor?: { at: Date; id: string }) {
  return db
    .select()
    .from(aiCallLogs)
    .where(and(eq(aiCallLogs.userId, userId), before(aiCallLogs.createdAt, aiCallLogs.id, cursor)))
    .orderBy(desc(aiCallLogs.createdAt), desc(aiCallLogs.id))
    .limit(EXPORT_BATCH);
}

export async function notificationPage(
  db: DbExecutor,
  userId: string,
  cursor?: { at: Date; id: string },
) {
  return db
    .select()
    .from(notificationEvents)
    .where(
      and(
        eq(notificationEvents.userId, userId),
        before(notificationEvents.createdAt, notificationEvents.id, cursor),
      ),
    )
    .orderBy(desc(notificationEvents.createdAt), desc(notificationEvents.id))
    .limit(EXPORT_BATCH);
}

export async function isAdmin(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.isAdmin ?? false;
}

export async function countOtherAdmins(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(eq(users.isAdmin, true), ne(users.id, userId)));
  return row?.total ?? 0;
}

/**
 * Every stored file of the account: its tracked uploads, its posts' media and its avatar.
 * (An entity logo address may point at someone else's upload: only the uploader's record
 * counts.)
 */
export async function listFileKeys(db: DbExecutor, userId: string): Promise<string[]> {
  const [uploads, media, avatar] = await Promise.all([
    db
      .select({ key: uploadedFiles.storageKey })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.userId, userId)),
    db
      .select({ key: postAttachments.storageKey })
      .from(postAttachments)
      .innerJoin(posts, eq(posts.id, postAttachments.postId))
      .where(eq(posts.userId, userId)),
    db.select({ key: users.avatarKey }).from(users).where(eq(users.id, userId)),
  ]);
  const keys = [...uploads, ...media, ...avatar].map((row) => row.key);
  return [...new Set(keys.filter((key): key is string => !!key))];
}

/** The customer's API keys, revoked ones too: what each is, never the hash of its secret. */
export async function apiKeyPage(
  db: DbExecutor,
  userId: string,
  cursor?: { at: Date; id: string },
) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      entityIds: apiKeys.entityIds,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), before(apiKeys.createdAt, apiKeys.id, cursor)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(EXPORT_BATCH);
}

/** The customer's webhook endpoints: where and what they send, never their secrets. */
export async function webhookEndpointPage(
  db: DbExecutor,
  userId: string,
  cursor?: { at: Date; id: string },
) {
  return db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      entityIds: webhookEndpoints.entityIds,
      enabled: webhookEndpoints.enabled,
      disabledAt: webhookEndpoints.disabledAt,
      createdAt: webhookEndpoints.createdAt,
      updatedAt: webhookEndpoints.updatedAt,
    })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, userId),
        before(webhookEndpoints.createdAt, webhookEndpoints.id, cursor),
      ),
    )
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(EXPORT_BATCH);
}
