import { createHmac } from 'node:crypto';
import type { NetworkId } from '@cadence/shared';
import { eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor } from '../../db/client.js';
import { networkSessions } from '../../db/schema/connections.js';
import type { NetworkSessionStore } from '../../integrations/networks/types.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';

/** A session unused this long holds tokens the network has let lapse (Bluesky's refresh token: 90 days). */
export const SESSION_KEPT_MS = 90 * 24 * 3600 * 1000;

interface NetworkSessionDeps {
  db: DbExecutor;
  /** Seals the session, as the credentials are sealed. */
  box: SecretBox;
  /** Keys the rows: an HMAC of the network and login name, so no name is kept in clear. */
  keyOfLogin: Buffer;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/**
 * The networks' login sessions in the database, for every process (decision 139). Reading
 * and writing are best effort: whatever fails, the adapter logs in as it did without them.
 */
export function createNetworkSessionStore(deps: NetworkSessionDeps): NetworkSessionStore {
  const keyOf = (network: NetworkId, login: string) =>
    createHmac('sha256', deps.keyOfLogin).update(`${network}\n${login}`).digest('base64url');
  return {
    async load(network, login) {
      try {
        const [row] = await deps.db
          .select({ sealed: networkSessions.sealed })
          .from(networkSessions)
          .where(eq(networkSessions.key, keyOf(network, login)));
        return row ? deps.box.open(row.sealed) : undefined;
      } catch (error) {
        // Unreadable (another APP_SECRET, a database hiccup): a new login replaces it.
        deps.logger.warn({ err: error, network }, 'a kept network session could not be read');
        return undefined;
      }
    },
    async save(network, login, session) {
      try {
        const sealed = deps.box.seal(session);
        const updatedAt = deps.clock();
        await deps.db
          .insert(networkSessions)
          .values({ key: keyOf(network, login), sealed, updatedAt })
          .onConflictDoUpdate({ target: networkSessions.key, set: { sealed, updatedAt } });
      } catch (error) {
        deps.logger.warn({ err: error, network }, 'a network session could not be kept');
      }
    },
  };
}

/** Forgets the sessions nobody renewed within `SESSION_KEPT_MS`; answers how many. */
export async function forgetLapsedSessions(db: DbExecutor, now: Date) {
  const gone = await db
    .delete(networkSessions)
    .where(lt(networkSessions.updatedAt, new Date(now.getTime() - SESSION_KEPT_MS)))
    .returning({ key: networkSessions.key });
  return gone.length;
}
