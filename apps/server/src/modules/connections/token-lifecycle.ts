import type { NetworkId } from '@cadence/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbExecutor } from '../../db/client.js';
import { companies } from '../../db/schema/companies.js';
import { socialConnections, type SocialConnectionRow } from '../../db/schema/connections.js';
import {
  isOAuthNetwork,
  type OAuthClients,
  type OAuthNetwork,
  type OAuthTokens,
} from '../../integrations/networks/oauth.js';
import {
  NetworkError,
  type FacebookCredentials,
  type InstagramCredentials,
  type LinkedInCredentials,
  type NetworkCredentials,
  type ThreadsCredentials,
  type TwitterCredentials,
} from '../../integrations/networks/types.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { recordConnectionEvent } from './connections.repository.js';

/** An access token this close to its expiry is refreshed before it is used. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export type UsableCredentials<N extends NetworkId = NetworkId> =
  | { kind: 'ok'; credentials: NetworkCredentials[N]; connectionId: string }
  | { kind: 'none' }
  /** The token is expired (or refused) and cannot be renewed: only a reconnect helps. */
  | { kind: 'reconnect'; entityName: string };

export interface TokenLifecycleDeps {
  db: Db;
  box: SecretBox;
  clock: Clock;
  oauth: OAuthClients;
  logger: FastifyBaseLogger;
}

/** The token fields of one network's stored credentials that a refresh reads and replaces. */
function tokensOf(network: OAuthNetwork, credentials: NetworkCredentials[NetworkId]) {
  switch (network) {
    case 'twitter': {
      const c = credentials as TwitterCredentials;
      return 'oauth2AccessToken' in c
        ? { accessToken: c.oauth2AccessToken, refreshToken: c.refreshToken }
        : undefined;
    }
    case 'linkedIn':
    case 'threads':
    case 'instagram': {
      const c = credentials as LinkedInCredentials | ThreadsCredentials | InstagramCredentials;
      return {
        accessToken: c.accessToken,
        refreshToken: 'refreshToken' in c ? c.refreshToken : undefined,
      };
    }
    default:
      return undefined;
  }
}

function withTokens(
  network: OAuthNetwork,
  credentials: NetworkCredentials[NetworkId],
  fresh: OAuthTokens,
): NetworkCredentials[NetworkId] {
  switch (network) {
    case 'twitter': {
      const c = credentials as TwitterCredentials;
      return {
        oauth2AccessToken: fresh.accessToken,
        refreshToken: fresh.refreshToken ?? ('refreshToken' in c ? c.refreshToken : undefined),
      };
    }
    case 'linkedIn': {
      const c = credentials as LinkedInCredentials;
      return {
        ...c,
        accessToken: fresh.accessToken,
        refreshToken: fresh.refreshToken ?? c.refreshToken,
      };
    }
    case 'threads':
      return { ...(credentials as ThreadsCredentials), accessToken: fresh.accessToken };
    case 'instagram':
      return { ...(credentials as InstagramCredentials), accessToken: fresh.accessToken };
    default:
      return credentials;
  }
}

/** What deciding whether a connection's token is usable reads of it. */
export interface LoadedConnection {
  connection: Pick<
    SocialConnectionRow,
    'id' | 'authMethod' | 'tokenExpiresAt' | 'credentialsEncrypted'
  >;
  entityName: string;
}

async function loadConnection(
  db: DbExecutor,
  companyId: string,
  network: NetworkId,
  lock: boolean,
) {
  const query = db
    .select({ connection: socialConnections, entityName: companies.name })
    .from(socialConnections)
    .innerJoin(companies, eq(companies.id, socialConnections.companyId))
    .where(
      and(
        eq(socialConnections.companyId, companyId),
        eq(socialConnections.network, network),
        isNull(socialConnections.disconnectedAt),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: socialConnections }) : await query;
  return row;
}

/**
 * The one token lifecycle (decisions 080 and 092: one-click connect, connections that stay
 * alive): each connection's access-token expiry is stored; a token is refreshed before it
 * expires and once after a 401, under a row lock (`SELECT … FOR UPDATE`) so two workers
 * never spend one refresh token twice, and the rotated refresh token is stored in the same
 * transaction. A token known to be expired that cannot be renewed is never used.
 */
export function createTokenLifecycle(deps: TokenLifecycleDeps) {
  const { db, box } = deps;
  const open = (sealed: string) => JSON.parse(box.open(sealed)) as NetworkCredentials[NetworkId];

  /**
   * Under the connection's row lock: refreshes when `isStale` still holds for what is stored
   * (another worker may have refreshed while this one waited for the lock). `outcome` says
   * what happened: the stored token was already fresh, it was refreshed, it cannot be
   * renewed (no refresh grant, or a Threads/Instagram token already dead), or the network
   * refused the refresh. A token endpoint that cannot be reached throws its NetworkError.
   */
  async function refreshLocked(
    companyId: string,
    network: OAuthNetwork,
    isStale: (
      row: { tokenExpiresAt: Date | null },
      credentials: NetworkCredentials[NetworkId],
    ) => boolean,
  ): Promise<{
    usable: UsableCredentials;
    outcome: 'fresh' | 'refreshed' | 'not-renewable' | 'refused';
  }> {
    return db.transaction(async (tx) => {
      const row = await loadConnection(tx, companyId, network, true);
      if (!row) return { usable: { kind: 'none' }, outcome: 'not-renewable' } as const;
      const { connection } = row;
      const credentials = open(connection.credentialsEncrypted);
      const ok = { kind: 'ok', credentials, connectionId: connection.id } as const;
      if (!isStale(connection, credentials)) return { usable: ok, outcome: 'fresh' } as const;
      const tokens = tokensOf(network, credentials);
      const now = deps.clock();
      const expired = isExpired(connection.tokenExpiresAt);
      /** Usable until it expires, then only a reconnect helps; the sweep stops trying. */
      const cannotRenew = async (outcome: 'not-renewable' | 'refused') => {
        const [before] = await tx
          .select({ needsReconnect: socialConnections.needsReconnect })
          .from(socialConnections)
          .where(eq(socialConnections.id, connection.id));
        const [updated] = await tx
          .update(socialConnections)
          .set({
            tokenRenewable: false,
            ...(expired ? { needsReconnect: true } : {}),
            updatedAt: now,
          })
          .where(eq(socialConnections.id, connection.id))
          .returning();
        if (expired && updated && before && !before.needsReconnect)
          await recordConnectionEvent(tx, 'connection.needs_reconnect', updated, now);
        const usable: UsableCredentials = expired
          ? { kind: 'reconnect', entityName: row.entityName }
          : ok;
        return { usable, outcome };
      };
      if (
        !tokens ||
        !deps.oauth.canRefresh(network, tokens) ||
        // Threads renews the token itself: a dead one is never sent.
        (expired && deps.oauth.refreshNeedsLiveToken(network))
      ) {
        return cannotRenew('not-renewable');
      }
      let fresh: OAuthTokens;
      try {
        fresh = await deps.oauth.refresh(network, { ...tokens, now });
      } catch (error) {
        if (!(error instanceof NetworkError) || error.kind !== 'auth') throw error;
        deps.logger.warn({ network, connectionId: connection.id }, 'token refresh refused');
        return cannotRenew('refused');
      }
      const next = withTokens(network, credentials, fresh);
      await tx
        .update(socialConnections)
        .set({
          credentialsEncrypted: box.seal(JSON.stringify(next)),
          tokenExpiresAt: fresh.expiresAt,
          tokenRenewable: true,
          needsReconnect: false,
          updatedAt: now,
        })
        .where(eq(socialConnections.id, connection.id));
      deps.logger.info({ network, connectionId: connection.id }, 'access token refreshed');
      return {
        usable: { kind: 'ok', credentials: next, connectionId: connection.id },
        outcome: 'refreshed',
      } as const;
    });
  }

  const expiresSoon = (expiresAt: Date | null) =>
    expiresAt !== null && expiresAt.getTime() - deps.clock().getTime() <= REFRESH_MARGIN_MS;

  /**
   * `forPublishing` with the connection already read (the publisher loads an instance's
   * connections with the instance): no query unless the token needs refreshing.
   */
  async function fromLoaded<N extends NetworkId>(
    companyId: string,
    network: N,
    row: LoadedConnection | undefined,
  ): Promise<UsableCredentials<N>> {
    if (!row) return { kind: 'none' };
    const { connection } = row;
    // Any connection whose expiry is known: one-click, or a key form's token that Meta's
    // debug_token dated.
    if (expiresSoon(connection.tokenExpiresAt)) {
      if (isOAuthNetwork(network) && deps.oauth.app(network)) {
        const { usable } = await refreshLocked(companyId, network, (locked) =>
          expiresSoon(locked.tokenExpiresAt),
        );
        return usable as UsableCredentials<N>;
      }
      if (isExpired(connection.tokenExpiresAt)) {
        return { kind: 'reconnect', entityName: row.entityName };
      }
    }
    return {
      kind: 'ok',
      credentials: open(connection.credentialsEncrypted) as NetworkCredentials[N],
      connectionId: connection.id,
    };
  }

  return {
    /**
     * The credentials to publish with: refreshed first when the access token expires within
     * a few minutes; 'reconnect' when it has expired and cannot be renewed.
     */
    async forPublishing<N extends NetworkId>(
      companyId: string,
      network: N,
    ): Promise<UsableCredentials<N>> {
      return fromLoaded(companyId, network, await loadConnection(db, companyId, network, false));
    },

    fromLoaded,

    /**
     * After a 401 with `used`: one refresh, unless another worker has already replaced the
     * token (then its token is answered). Null when the connection cannot be refreshed.
     */
    async afterUnauthorized<N extends NetworkId>(
      companyId: string,
      network: N,
      used: NetworkCredentials[N],
    ): Promise<UsableCredentials<N> | null> {
      if (!isOAuthNetwork(network) || !deps.oauth.app(network)) return null;
      const usedTokens = tokensOf(network, used);
      if (!usedTokens) return null;
      const row = await loadConnection(db, companyId, network, false);
      if (!row || row.connection.authMethod !== 'oauth') return null;
      const { usable } = await refreshLocked(
        companyId,
        network,
        (_locked, stored) => tokensOf(network, stored)?.accessToken === usedTokens.accessToken,
      );
      return usable as UsableCredentials<N>;
    },

    /**
     * The sweep's refresh, days ahead of the expiry: renews the token when it still expires
     * within `aheadMs` once the row is locked (so two sweeps, or a sweep and a publication,
     * spend one refresh). 'refused' and 'not-renewable' leave the token to the warnings.
     */
    async refreshAhead(
      companyId: string,
      network: NetworkId,
      aheadMs: number,
    ): Promise<'fresh' | 'refreshed' | 'not-renewable' | 'refused'> {
      const within = (expiresAt: Date | null) =>
        expiresAt !== null && expiresAt.getTime() - deps.clock().getTime() <= aheadMs;
      if (!isOAuthNetwork(network) || !deps.oauth.app(network)) {
        await db
          .update(socialConnections)
          .set({ tokenRenewable: false, updatedAt: deps.clock() })
          .where(
            and(eq(socialConnections.companyId, companyId), eq(socialConnections.network, network)),
          );
        return 'not-renewable';
      }
      const { outcome } = await refreshLocked(companyId, network, (locked) =>
        within(locked.tokenExpiresAt),
      );
      return outcome;
    },
  };

  function isExpired(expiresAt: Date | null) {
    return expiresAt !== null && expiresAt.getTime() <= deps.clock().getTime();
  }
}

export type TokenLifecycle = ReturnType<typeof createTokenLifecycle>;

/**
 * The expiry of a token saved through the key form, where the network can tell: Meta's
 * debug_token for a Facebook Page token (with the app id and secret the form carries) and
 * for an Instagram token (with the operator's Meta app, when one is configured).
 */
export function keyFormTokenExpiry(
  oauth: OAuthClients,
  network: NetworkId,
  credentials: NetworkCredentials[NetworkId],
): Promise<Date | null | undefined> {
  if (network === 'facebook') {
    const c = credentials as FacebookCredentials;
    return oauth.metaTokenExpiry('facebook', c.pageAccessToken, {
      clientId: c.appId,
      clientSecret: c.appSecret,
    });
  }
  if (network === 'instagram') {
    return oauth.metaTokenExpiry('instagram', (credentials as InstagramCredentials).accessToken);
  }
  return Promise.resolve(undefined);
}
