import { eq, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { revokedTokens, users } from '../../db/schema/auth.js';
import type { SessionUser } from './session-cache.js';

/**
 * What authenticate needs of an account, with the ids of its tokens signed out one by one
 * that have not expired yet: one round trip, cached a few seconds per process (decision 040).
 */
export async function findSessionAccount(
  db: DbExecutor,
  id: string,
  now: Date,
): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      isVerified: users.isVerified,
      tokenVersion: users.tokenVersion,
      avatarUrl: users.avatarUrl,
      revokedTokens: sql<string[] | null>`(select array_agg(${revokedTokens.tokenHash})
        from ${revokedTokens}
        where ${revokedTokens.userId} = ${users.id}
          and ${revokedTokens.expiresAt} > ${now.toISOString()}::timestamptz)`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? { ...row, revokedTokens: row.revokedTokens ?? [] } : undefined;
}

/** Signs one token out until it would have expired; expired entries are swept on the way. */
export async function revokeToken(
  db: DbExecutor,
  token: { tokenId: string; userId: string; expiresAt: Date },
  now: Date,
) {
  await db.delete(revokedTokens).where(lte(revokedTokens.expiresAt, now));
  await db
    .insert(revokedTokens)
    .values({ tokenHash: token.tokenId, userId: token.userId, expiresAt: token.expiresAt })
    .onConflictDoNothing();
}

/** Every token issued so far stops working (sign out everywhere). */
export async function bumpTokenVersion(db: DbExecutor, userId: string, now: Date) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
  // Tokens signed out one by one are covered by the new version.
  await db.delete(revokedTokens).where(eq(revokedTokens.userId, userId));
}
