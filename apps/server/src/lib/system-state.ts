import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.js';
import { systemState } from '../db/schema/system.js';

/**
 * Instance-wide state shared by every process, one JSON value per key (the publisher's
 * switch, the next deployment). The modules that keep a key read and write it here.
 */
export async function readSystemState(db: DbExecutor, key: string) {
  const [row] = await db
    .select({ value: systemState.value })
    .from(systemState)
    .where(eq(systemState.key, key))
    .limit(1);
  return row?.value;
}

export async function writeSystemState(
  db: DbExecutor,
  key: string,
  value: Record<string, unknown>,
  at: Date,
) {
  await db
    .insert(systemState)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: at } });
}

export async function deleteSystemState(db: DbExecutor, key: string) {
  await db.delete(systemState).where(eq(systemState.key, key));
}
