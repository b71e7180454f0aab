import { listCountLimit } from '@cadence/shared';
import { and, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { apiCallLogs, apiIdempotencyKeys, apiKeys } from '../../db/schema/api-keys.js';
import { countUpTo } from '../../lib/capped-count.js';
import { entitiesWithinCondition, type EntityAccess } from '../../lib/entity-scope.js';

// ---- Idempotency keys ----------------------------------------------------------------------

export interface IdempotencyClaim {
  apiKeyId: string;
  key: string;
  fingerprint: string | null;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

/**
 * Takes the key for a first request: a new row, or a row that has expired or whose first
 * request was abandoned (still running past its lock). Answers the row's id when taken,
 * undefined when another request holds or has answered it. The unique index decides
 * between processes.
 */
export async function claimIdempotencyKey(db: DbExecutor, claim: IdempotencyClaim) {
  const fresh = {
    fingerprint: claim.fingerprint,
    statusCode: null,
    contentType: null,
    responseBody: null,
    lockedUntil: claim.lockedUntil,
    createdAt: claim.now,
    expiresAt: claim.expiresAt,
  };
  const [inserted] = await db
    .insert(apiIdempotencyKeys)
    .values({ apiKeyId: claim.apiKeyId, key: claim.key, ...fresh })
    .onConflictDoNothing()
    .returning({ id: apiIdempotencyKeys.id });
  if (inserted) return inserted.id;
  const [taken] = await db
    .update(apiIdempotencyKeys)
    .set(fresh)
    .where(
      and(
        eq(apiIdempotencyKeys.apiKeyId, claim.apiKeyId),
        eq(apiIdempotencyKeys.key, claim.key),
        or(
          lte(apiIdempotencyKeys.expiresAt, claim.now),
          and(
            isNull(apiIdempotencyKeys.statusCode),
            lte(apiIdempotencyKeys.lockedUntil, claim.now),
          ),
        ),
      ),
    )
    .returning({ id: apiIdempotencyKeys.id });
  return taken?.id;
}

export async function findIdempotencyKey(db: DbExecutor, apiKeyId: string, key: string) {
  const [row] = await db
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.apiKeyId, apiKeyId), eq(apiIdempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/** Sets the fingerprint of a claimed key that had none yet (a multipart upload's file). */
export async function setIdempotencyFingerprint(db: DbExecutor, id: string, fingerprint: string) {
  await db
    .update(apiIdempotencyKeys)
    .set({ fingerprint })
    .where(and(eq(apiIdempotencyKeys.id, id), isNull(apiIdempotencyKeys.statusCode)));
}

export async function storeIdempotentAnswer(
  db: DbExecutor,
  id: string,
  answer: { statusCode: number; contentType: string | null; body: string },
) {
  await db
    .update(apiIdempotencyKeys)
    .set({
      statusCode: answer.statusCode,
      contentType: answer.contentType,
      responseBody: answer.body,
      lockedUntil: null,
    })
    .where(and(eq(apiIdempotencyKeys.id, id), isNull(apiIdempotencyKeys.statusCode)));
}

/** Gives the key back (its request failed): the next request with it runs afresh. */
export async function releaseIdempotencyKey(db: DbExecutor, id: string) {
  await db
    .delete(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.id, id), isNull(apiIdempotencyKeys.statusCode)));
}

export async function deleteExpiredIdempotencyKeys(db: DbExecutor, now: Date) {
  const rows = await db
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.expiresAt, now))
    .returning({ id: apiIdempotencyKeys.id });
  return rows.length;
}

// ---- The call log ----------------------------------------------------------------------------

export async function insertApiCall(db: DbExecutor, values: typeof apiCallLogs.$inferInsert) {
  await db.insert(apiCallLogs).values(values);
}

/** The customer's calls, newest first, with the key's name and prefix. */
export async function listApiCalls(
  db: DbExecutor,
  userId: string,
  page: { page: number; limit: number },
  access?: EntityAccess,
) {
  // A member limited to some entities: the calls of the keys limited to some of theirs.
  const limit = entitiesWithinCondition(apiKeys.entityIds, access);
  const owned = limit
    ? and(
        eq(apiCallLogs.userId, userId),
        sql`${apiCallLogs.apiKeyId} in (select ${apiKeys.id} from ${apiKeys} where ${limit})`,
      )
    : eq(apiCallLogs.userId, userId);
  const countLimit = listCountLimit(page.page, page.limit);
  const [rows, total] = await Promise.all([
    db
      .select({
        call: apiCallLogs,
        keyName: apiKeys.name,
        keyPrefix: apiKeys.prefix,
      })
      .from(apiCallLogs)
      .innerJoin(apiKeys, eq(apiKeys.id, apiCallLogs.apiKeyId))
      .where(owned)
      .orderBy(desc(apiCallLogs.createdAt), desc(apiCallLogs.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    countUpTo(
      db,
      db
        .select({ one: sql`1`.as('one') })
        .from(apiCallLogs)
        .where(owned)
        .limit(countLimit + 1)
        .as('matching'),
      countLimit,
    ),
  ]);
  return { rows, total };
}

export async function deleteApiCallsBefore(db: DbExecutor, before: Date) {
  const rows = await db
    .delete(apiCallLogs)
    .where(lt(apiCallLogs.createdAt, before))
    .returning({ id: apiCallLogs.id });
  return rows.length;
}
