import { listCountLimit } from '@cadence/shared';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { entityCondition, type EntityAccess } from '../../lib/entity-scope.js';
import { countUpTo } from '../../lib/capped-count.js';
import { aiCallLogs } from '../../db/schema/ai.js';
import { users } from '../../db/schema/auth.js';

const profileColumns = {
  name: users.name,
  email: users.email,
  gender: users.gender,
  address: users.address,
  avatarKey: users.avatarKey,
  avatarUrl: users.avatarUrl,
};

export async function findProfile(
  db: DbExecutor,
  userId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** The account's AI calls, newest first, one page. */
export async function listAiCalls(
  db: DbExecutor,
  userId: string,
  page: { page: number; limit: number },
  access?: EntityAccess,
) {
  // A member limited to some entities: the calls about one of theirs only.
  const owned = and(eq(aiCallLogs.userId, userId), entityCondition(aiCallLogs.companyId, access));
  const countLimit = listCountLimit(page.page, page.limit);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(aiCallLogs)
      .where(owned)
      .orderBy(desc(aiCallLogs.createdAt), desc(aiCallLogs.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    countUpTo(
      db,
      db
        .select({ one: sql`1`.as('one') })
        .from(aiCallLogs)
        .where(owned)
        .limit(countLimit + 1)
        .as('matching'),
      countLimit,
    ),
  ]);
  return { rows, total };
}

/** Calls, failed calls and tokens since `from`. */
export async function summariseAiCalls(
  db: DbExecutor,
  userId: string,
  from: Date,
  access?: EntityAccess,
) {
  const [row] = await db
    .select({
      calls: count(),
      errors: sql<number>`count(*) filter (where ${aiCallLogs.error} is not null)`.mapWith(Number),
      inputTokens: sql<number>`coalesce(sum(${aiCallLogs.inputTokens}), 0)`.mapWith(Number),
      outputTokens: sql<number>`coalesce(sum(${aiCallLogs.outputTokens}), 0)`.mapWith(Number),
    })
    .from(aiCallLogs)
    .where(
      and(
        eq(aiCallLogs.userId, userId),
        gte(aiCallLogs.createdAt, from),
        entityCondition(aiCallLogs.companyId, access),
      ),
    );
  return row ?? { calls: 0, errors: 0, inputTokens: 0, outputTokens: 0 };
}
