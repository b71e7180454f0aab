import {
  CONNECTION_MESSAGES,
  formatReconnectDate,
  NETWORK_TEXT_NAMES,
  type NetworkId,
} from '@cadence/shared';
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/companies.js';
import { socialConnections } from '../../db/schema/connections.js';
import type { Clock } from '../../lib/clock.js';
import type { PublishingEvent } from '../notifications/index.js';
import { recordConnectionEvent } from './connections.repository.js';
import { forgetLapsedSessions } from './network-sessions.js';
import type { TokenLifecycle } from './token-lifecycle.js';

const DAY_MS = 24 * 3600 * 1000;
/** Tokens expiring within this are refreshed by the sweep (or, if they cannot be, warned about). */
const REFRESH_AHEAD_MS = 7 * DAY_MS;
/** The warnings before an expiry nobody can renew but the customer, in days (largest first). */
const EXPIRY_WARNING_DAYS = [7, 1] as const;
/**
 * Renewed when a post needs them, not by the sweep: X's access tokens live two hours, so a
 * sweep would rotate every X connection's tokens all day long for nothing; its refresh
 * token works after the access token died (LinkedIn's 60-day tokens are cheap to sweep).
 */
const REFRESHED_ON_USE: readonly NetworkId[] = ['twitter'];

interface TokenSweepDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  lifecycle: Pick<TokenLifecycle, 'refreshAhead'>;
  /** The notifications module's `record` (bell and grouped mail). */
  notify: (event: PublishingEvent) => Promise<void>;
  /** The customer's saved zone (the settings module's), for the date in the warning. */
  savedTimeZone: (userId: string) => Promise<string | null | undefined>;
}

/** Which warning an expiry this far ahead calls for: the smallest stage it is within. */
function warningStage(msLeft: number): number | null {
  let stage: number | null = null;
  for (const days of EXPIRY_WARNING_DAYS) if (msLeft <= days * DAY_MS) stage = days;
  return stage;
}

/**
 * Keeps connections alive (decision 092): every active connection whose token expires within
 * seven days is refreshed where the network allows it (under the lifecycle's row lock, so
 * two workers or a sweep and a publication spend one refresh), and otherwise the customer is
 * warned seven days and one day ahead, each warning once per connection and expiry (the
 * claim is one conditional UPDATE, so two sweeps never send one warning twice).
 */
export function createTokenSweep(deps: TokenSweepDeps) {
  const { db } = deps;

  /** Takes the warning of `stage` for this expiry; false when it was sent already. */
  async function claimWarning(connectionId: string, expiresAt: Date, stage: number) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(socialConnections)
        .set({ expiryWarnedFor: expiresAt, expiryWarnedDays: stage })
        .where(
          and(
            eq(socialConnections.id, connectionId),
            eq(socialConnections.tokenExpiresAt, expiresAt),
            or(
              isNull(socialConnections.expiryWarnedFor),
              ne(socialConnections.expiryWarnedFor, expiresAt),
              sql`${socialConnections.expiryWarnedDays} > ${stage}`,
            ),
          ),
        )
        .returning();
      // The webhooks hear of it with the claim: once per connection, expiry and stage.
      if (row) await recordConnectionEvent(tx, 'connection.expiring', row, deps.clock());
      return row !== undefined;
    });
  }

  async function warn(row: {
    id: string;
    companyId: string;
    network: NetworkId;
    userId: string;
    entityName: string;
    expiresAt: Date;
  }) {
    const stage = warningStage(row.expiresAt.getTime() - deps.clock().getTime());
    if (stage === null || !(await claimWarning(row.id, row.expiresAt, stage))) return false;
    const zone = (await deps.savedTimeZone(row.userId)) || 'UTC';
    await deps.notify({
      workspaceId: row.userId,
      kind: 'connection_expiring',
      postId: null,
      companyId: row.companyId,
      network: row.network,
      message: CONNECTION_MESSAGES.expiring(
        NETWORK_TEXT_NAMES[row.network],
        row.entityName,
        formatReconnectDate(row.expiresAt, zone),
      ),
    });
    return true;
  }

  return {
    /** One pass over the connections expiring soon; answers what it did. */
    async run() {
      const now = deps.clock();
      const due = await db
        .select({
          id: socialConnections.id,
          companyId: socialConnections.companyId,
          network: socialConnections.network,
          expiresAt: socialConnections.tokenExpiresAt,
          renewable: socialConnections.tokenRenewable,
          userId: companies.userId,
          entityName: companies.name,
        })
        .from(socialConnections)
        .innerJoin(companies, eq(companies.id, socialConnections.companyId))
        .where(
          and(
            isNull(socialConnections.disconnectedAt),
            eq(socialConnections.needsReconnect, false),
            gt(socialConnections.tokenExpiresAt, now),
            lte(socialConnections.tokenExpiresAt, new Date(now.getTime() + REFRESH_AHEAD_MS)),
          ),
        );
      // Sessions no process renewed for months hold lapsed tokens: not kept for nothing.
      const forgotten = await forgetLapsedSessions(db, now);
      const result = { refreshed: 0, warned: 0, failed: 0, forgotten };
      for (const row of due) {
        const expiresAt = row.expiresAt!;
        if (row.renewable && REFRESHED_ON_USE.includes(row.network)) continue;
        if (row.renewable) {
          try {
            const outcome = await deps.lifecycle.refreshAhead(
              row.companyId,
              row.network,
              REFRESH_AHEAD_MS,
            );
            if (outcome === 'refreshed') result.refreshed += 1;
            if (outcome === 'refreshed' || outcome === 'fresh') continue;
          } catch (error) {
            // The token endpoint could not be reached: the next sweep tries again, and
            // only the last day's warning goes out while it keeps failing.
            result.failed += 1;
            deps.logger.warn({ err: error, connectionId: row.id }, 'token refresh failed');
            if (expiresAt.getTime() - deps.clock().getTime() > DAY_MS) continue;
          }
        }
        try {
          if (await warn({ ...row, expiresAt })) result.warned += 1;
        } catch (error) {
          deps.logger.error({ err: error, connectionId: row.id }, 'could not warn of an expiry');
        }
      }
      return result;
    },
  };
}
