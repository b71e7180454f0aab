import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { externalCallCounts } from '../db/schema/system.js';

/**
 * Counts one call to an outside service (news or web search, TinyURL) for the admin's
 * statistics. Never fails the caller: a lost count is better than a lost answer.
 */
export async function countExternalCall(db: Db, service: string, at = new Date()) {
  const day = at.toISOString().slice(0, 10);
  await db
    .insert(externalCallCounts)
    .values({ service, day, calls: 1 })
    .onConflictDoUpdate({
      target: [externalCallCounts.service, externalCallCounts.day],
      set: { calls: sql`${externalCallCounts.calls} + 1` },
    })
    .catch(() => undefined);
}
