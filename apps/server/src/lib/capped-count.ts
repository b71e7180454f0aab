import { count, type Subquery } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.js';

export interface CappedCount {
  count: number;
  /** False when more rows match than were counted: more pages follow (decision 041). */
  isExact: boolean;
}

/**
 * Counts the rows of `matching`, a subquery built with `.limit(limit + 1)`, so the database
 * stops after `limit + 1` rows instead of scanning every row of a long list (decision 041).
 */
export async function countUpTo(
  db: DbExecutor,
  matching: Subquery,
  limit: number,
): Promise<CappedCount> {
  const [row] = await db.select({ total: count() }).from(matching);
  const total = row?.total ?? 0;
  return total > limit ? { count: limit, isExact: false } : { count: total, isExact: true };
}
