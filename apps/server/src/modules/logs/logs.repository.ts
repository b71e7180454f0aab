import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { systemLogs, type LogStatus } from '../../db/schema.js';

export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The customer's publishing logs, newest first; `q` searches platform, message and code. */
export async function listLogs(
  db: DbExecutor,
  userId: string,
  query: { status?: LogStatus | undefined; q?: string | undefined; limit: number },
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
  return db
    .select()
    .from(systemLogs)
    .where(and(...conditions))
    .orderBy(desc(systemLogs.createdAt), desc(systemLogs.id))
    .limit(query.limit);
}
