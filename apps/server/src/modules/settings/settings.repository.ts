import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { userSettings } from '../../db/schema/settings.js';

export async function findUserSettings(db: DbExecutor, userId: string) {
  const [row] = await db
    .select()
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row;
}

export async function upsertUserSettings(
  db: DbExecutor,
  input: { userId: string; timezone: string; autoDst: boolean; now: Date },
) {
  const [row] = await db
    .insert(userSettings)
    .values({
      userId: input.userId,
      timezone: input.timezone,
      autoDst: input.autoDst,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { timezone: input.timezone, autoDst: input.autoDst, updatedAt: input.now },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
