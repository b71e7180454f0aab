import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { workspaceBranding } from '../../db/schema/branding.js';

export async function findBranding(db: DbExecutor, workspaceId: string) {
  const [row] = await db
    .select()
    .from(workspaceBranding)
    .where(eq(workspaceBranding.userId, workspaceId))
    .limit(1);
  return row;
}

export async function upsertBranding(
  db: DbExecutor,
  workspaceId: string,
  values: { name: string; logoUrl: string | null; accentColor: string },
  now: Date,
) {
  const [row] = await db
    .insert(workspaceBranding)
    .values({ userId: workspaceId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: workspaceBranding.userId, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
