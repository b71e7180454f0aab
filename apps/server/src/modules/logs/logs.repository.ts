import { listCountLimit } from '@cadence/shared';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { countUpTo } from '../../lib/capped-count.js';
import { likePattern } from '../../lib/like-pattern.js';
import { posts, systemLogs, type LogStatus } from '../../db/schema.js';

/** One page of the customer's publishing logs, newest first; `q` searches platform, message and code. */
export async function listLogs(
  db: DbExecutor,
  userId: string,
  query: { status?: LogStatus | undefined; q?: string | undefined; page: number; limit: number },
) {
  const conditions: Array<SQL | undefined> = [eq(systemLogs.userId, userId)];
  if (query.status) conditions.push(eq(systemLogs.status, query.status));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(
        ilike(systemLogs.platform, pattern),
        ilike(systemLogs.message, pattern),
        ilike(systemLogs.errorCode, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const countLimit = listCountLimit(query.page, query.limit);
  const [rows, total] = await Promise.all([
    db
      .select({
        log: systemLogs,
        // The start of the post's text, for the row's link to it (only the owner's posts).
        postContent: sql<string | null>`left(${posts.content}, 80)`,
      })
      .from(systemLogs)
      .leftJoin(posts, and(eq(posts.id, systemLogs.postId), eq(posts.userId, userId)))
      .where(where)
      .orderBy(desc(systemLogs.createdAt), desc(systemLogs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countUpTo(
      db,
      db
        .select({ one: sql`1`.as('one') })
        .from(systemLogs)
        .where(where)
        .limit(countLimit + 1)
        .as('matching'),
      countLimit,
    ),
  ]);
  return { rows, total };
}
