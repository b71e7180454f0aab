import type { NetworkId } from '@cadence/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.js';
import { companies } from '../../db/schema/companies.js';
import { socialConnections } from '../../db/schema/connections.js';
import { recordWebhookEvent } from '../webhooks/index.js';

export async function isCompanyOwnedBy(db: DbExecutor, companyId: string, userId: string) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** An entity's name (undefined when there is no such entity). */
export async function companyNameOf(db: DbExecutor, companyId: string) {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.name;
}

/** The networks the customer's entities have an active connection on (each once). */
export async function networksInUseBy(db: DbExecutor, userId: string): Promise<NetworkId[]> {
  const rows = await db
    .select({ network: socialConnections.network })
    .from(socialConnections)
    .innerJoin(companies, eq(companies.id, socialConnections.companyId))
    .where(and(eq(companies.userId, userId), isNull(socialConnections.disconnectedAt)))
    .groupBy(socialConnections.network);
  return rows.map((row) => row.network);
}

export async function findActiveConnection(db: DbExecutor, companyId: string, network: NetworkId) {
  const [row] = await db
    .select()
    .from(socialConnections)
    .where(
      and(
        eq(socialConnections.companyId, companyId),
        eq(socialConnections.network, network),
        isNull(socialConnections.disconnectedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Stores the (sealed) credentials. A reconnect updates the same row, so whatever refers
 * to the connection (publications, logs) keeps pointing at it.
 */
export async function upsertConnection(
  db: DbExecutor,
  input: {
    companyId: string;
    network: NetworkId;
    accountId: string;
    accountName: string;
    credentialsEncrypted: string;
    now: Date;
    /** One-click connect stores where the token came from and when it expires. */
    authMethod?: 'keys' | 'oauth';
    tokenExpiresAt?: Date | null;
    /** Whether the token can be renewed without the customer (the sweep refreshes it). */
    tokenRenewable?: boolean;
  },
) {
  const authMethod = input.authMethod ?? 'keys';
  const tokenExpiresAt = input.tokenExpiresAt ?? null;
  const tokenRenewable = input.tokenRenewable ?? false;
  const [row] = await db
    .insert(socialConnections)
    .values({
      companyId: input.companyId,
      network: input.network,
      accountId: input.accountId,
      accountName: input.accountName,
      credentialsEncrypted: input.credentialsEncrypted,
      authMethod,
      tokenExpiresAt,
      tokenRenewable,
      connectedAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [socialConnections.companyId, socialConnections.network],
      set: {
        accountId: input.accountId,
        accountName: input.accountName,
        credentialsEncrypted: input.credentialsEncrypted,
        authMethod,
        tokenExpiresAt,
        tokenRenewable,
        expiryWarnedFor: null,
        expiryWarnedDays: null,
        needsReconnect: false,
        disconnectedAt: null,
        connectedAt: input.now,
        updatedAt: input.now,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function markDisconnected(
  db: DbExecutor,
  companyId: string,
  network: NetworkId,
  now: Date,
) {
  const rows = await db
    .update(socialConnections)
    .set({ disconnectedAt: now, updatedAt: now })
    .where(
      and(
        eq(socialConnections.companyId, companyId),
        eq(socialConnections.network, network),
        isNull(socialConnections.disconnectedAt),
      ),
    )
    .returning({ id: socialConnections.id });
  return rows.length > 0;
}

/**
 * The network refused the stored credentials: the customer has to reconnect. The first time
 * (it did not need reconnecting yet), `connection.needs_reconnect` goes to the webhooks in
 * the same transaction.
 */
export async function markNeedsReconnect(db: Db, connectionId: string, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(socialConnections)
      .set({ needsReconnect: true, updatedAt: now })
      .where(
        and(eq(socialConnections.id, connectionId), eq(socialConnections.needsReconnect, false)),
      )
      .returning();
    if (row) await recordConnectionEvent(tx, 'connection.needs_reconnect', row, now);
  });
}

/**
 * A connection's webhook event, in the transaction of its change: the connection as
 * /api/v1/entities/:id/connections shows it, with its id and entity.
 */
export async function recordConnectionEvent(
  tx: DbExecutor,
  type: 'connection.expiring' | 'connection.needs_reconnect',
  row: Pick<
    typeof socialConnections.$inferSelect,
    'id' | 'companyId' | 'network' | 'accountName' | 'tokenExpiresAt'
  >,
  now: Date,
) {
  const [owner] = await tx
    .select({ userId: companies.userId })
    .from(companies)
    .where(eq(companies.id, row.companyId));
  if (!owner) return;
  await recordWebhookEvent(tx, {
    userId: owner.userId,
    type,
    entityId: row.companyId,
    at: now,
    data: {
      id: row.id,
      entity_id: row.companyId,
      network: row.network,
      name: row.accountName,
      status: type === 'connection.expiring' ? 'expiring' : 'needs_reconnect',
      expires_at: row.tokenExpiresAt ? row.tokenExpiresAt.toISOString() : null,
    },
  });
}
