import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { apiKeys, type ApiKeyRow } from '../../db/schema/api-keys.js';
import { users } from '../../db/schema/auth.js';
import { entitiesWithinCondition, type EntityAccess } from '../../lib/entity-scope.js';

export type NewApiKey = Pick<
  ApiKeyRow,
  | 'userId'
  | 'name'
  | 'prefix'
  | 'secretHash'
  | 'scopes'
  | 'entityIds'
  | 'createdBy'
  | 'expiresAt'
  | 'createdAt'
>;

export async function insertApiKey(db: DbExecutor, values: NewApiKey) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('The API key was not stored');
  return row;
}

/** The customer's keys not revoked, newest first (expired ones stay listed until revoked). */
export function listActiveApiKeys(db: DbExecutor, userId: string, access?: EntityAccess) {
  return db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        isNull(apiKeys.revokedAt),
        entitiesWithinCondition(apiKeys.entityIds, access),
      ),
    )
    .orderBy(desc(apiKeys.createdAt));
}

/** Marks the customer's key revoked; answers whether there was such a key not yet revoked. */
export async function revokeApiKey(
  db: DbExecutor,
  userId: string,
  id: string,
  now: Date,
  access?: EntityAccess,
) {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        eq(apiKeys.userId, userId),
        isNull(apiKeys.revokedAt),
        entitiesWithinCondition(apiKeys.entityIds, access),
      ),
    )
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The key with this prefix and its account (a read of auth's `users`). */
export async function findKeyByPrefix(db: DbExecutor, prefix: string) {
  const [row] = await db
    .select({
      key: apiKeys,
      user: { id: users.id, email: users.email, name: users.name, isVerified: users.isVerified },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.prefix, prefix))
    .limit(1);
  return row;
}

/** Records a use, at most once a minute per key. */
export async function touchApiKey(db: DbExecutor, id: string, now: Date) {
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, aMinuteAgo))),
    );
}
