import type { NetworkId } from '@cadence/shared';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { oauthPendingChoices, oauthStates } from '../../db/schema/connections.js';

export async function insertState(
  db: DbExecutor,
  input: {
    stateHash: string;
    userId: string;
    companyId: string;
    network: NetworkId;
    verifierEncrypted: string;
    bindingHash: string;
    returnUrl: string | null;
    expiresAt: Date;
    now: Date;
  },
) {
  // Expired flows are swept as new ones start, so the table never grows.
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, input.now));
  await db.insert(oauthStates).values({
    stateHash: input.stateHash,
    userId: input.userId,
    companyId: input.companyId,
    network: input.network,
    verifierEncrypted: input.verifierEncrypted,
    bindingHash: input.bindingHash,
    returnUrl: input.returnUrl,
    expiresAt: input.expiresAt,
    createdAt: input.now,
  });
}

/**
 * Uses the state once: answers its row only if it is this network's, unused and unexpired,
 * and marks it used in the same statement (two callbacks with one state: one wins).
 */
export async function claimState(db: DbExecutor, stateHash: string, network: NetworkId, now: Date) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.network, network),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * A state as it stands, before it is claimed: whose browser it is bound to, whether it could
 * still be used, and the entity to send the customer back to.
 */
export async function findState(db: DbExecutor, stateHash: string) {
  const [row] = await db
    .select({
      companyId: oauthStates.companyId,
      network: oauthStates.network,
      bindingHash: oauthStates.bindingHash,
      returnUrl: oauthStates.returnUrl,
      expiresAt: oauthStates.expiresAt,
      usedAt: oauthStates.usedAt,
    })
    .from(oauthStates)
    .where(eq(oauthStates.stateHash, stateHash))
    .limit(1);
  return row;
}

export async function insertPendingChoice(
  db: DbExecutor,
  input: {
    userId: string;
    companyId: string;
    network: NetworkId;
    payloadEncrypted: string;
    expiresAt: Date;
    now: Date;
  },
) {
  await db.delete(oauthPendingChoices).where(lt(oauthPendingChoices.expiresAt, input.now));
  const [row] = await db
    .insert(oauthPendingChoices)
    .values({ ...input, createdAt: input.now })
    .returning({ id: oauthPendingChoices.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function findPendingChoice(
  db: DbExecutor,
  input: { id: string; userId: string; network: NetworkId; now: Date },
) {
  const [row] = await db
    .select()
    .from(oauthPendingChoices)
    .where(
      and(
        eq(oauthPendingChoices.id, input.id),
        eq(oauthPendingChoices.userId, input.userId),
        eq(oauthPendingChoices.network, input.network),
        gt(oauthPendingChoices.expiresAt, input.now),
      ),
    )
    .limit(1);
  return row;
}

/** Deletes the choice; false when another request used it first. */
export async function deletePendingChoice(db: DbExecutor, id: string) {
  const rows = await db
    .delete(oauthPendingChoices)
    .where(eq(oauthPendingChoices.id, id))
    .returning({ id: oauthPendingChoices.id });
  return rows.length > 0;
}
