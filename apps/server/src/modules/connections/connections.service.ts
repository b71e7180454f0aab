import {
  COMPANY_MESSAGES,
  CONNECTION_FAILURE_PREFIX,
  CONNECTION_MESSAGES,
  NETWORK_NAMES,
  NETWORK_TEXT_NAMES,
  type ConnectionRequest,
  type NetworkId,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { entityVisible, type EntityAccess } from '../../lib/entity-scope.js';
import {
  NetworkError,
  type NetworkCredentials,
  type VerifiedAccount,
} from '../../integrations/networks/types.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import * as repo from './connections.repository.js';
import { admitConnection } from './plan-check.js';
import { credentialsFromRequest, facebookFieldsFromRequest } from './credentials-from-request.js';
import type { NetworkRegistry } from '../../integrations/networks/registry.js';

export interface ConnectionsDeps {
  db: Db;
  registry: NetworkRegistry;
  box: SecretBox;
  clock: Clock;
  logger: FastifyBaseLogger;
  /**
   * When the saved token stops working, where the network can tell (Meta's debug_token for
   * a Facebook Page token or an Instagram token): null never, undefined unknown.
   */
  tokenExpiry?: (
    network: NetworkId,
    credentials: NetworkCredentials[NetworkId],
  ) => Promise<Date | null | undefined>;
}

export function createConnectionsService(deps: ConnectionsDeps) {
  const { db, registry } = deps;

  /** Runs a network call; its failure becomes the spec's prefixed message with a fitting status. */
  async function talk<T>(network: NetworkId, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const prefix = CONNECTION_FAILURE_PREFIX[network];
      if (!(error instanceof NetworkError)) {
        deps.logger.error({ err: error, network }, 'unexpected error talking to a network');
        throw AppError.badGateway(`${prefix}Unknown error`, 'NETWORK_FAILED');
      }
      const message = `${prefix}${error.message || 'Unknown error'}`;
      switch (error.kind) {
        case 'auth':
        case 'invalid':
          throw AppError.badRequest(message, 'NETWORK_REJECTED');
        case 'rate-limited':
          throw AppError.tooManyRequests(
            message,
            error.details.retryAfterSeconds ?? 60,
            'NETWORK_RATE_LIMITED',
          );
        default:
          throw AppError.badGateway(message, 'NETWORK_UNAVAILABLE');
      }
    }
  }

  /** The network, once the company is the customer's and their plan allows the network. */
  async function admit(
    userId: string,
    body: ConnectionRequest,
    access?: EntityAccess,
  ): Promise<NetworkId> {
    const network = body.social_account_type;
    await admitConnection(db, userId, body.company_id, network, access);
    return network;
  }

  async function facebookPages(body: ConnectionRequest, needsPage: boolean) {
    const fields = facebookFieldsFromRequest(body, { needsPage });
    const pages = await talk('facebook', () => registry.listFacebookPages(fields));
    return { fields, pages };
  }

  /** Verifies the request's credentials against the network; answers them with what it learned. */
  async function verify(
    network: NetworkId,
    body: ConnectionRequest,
  ): Promise<{ account: VerifiedAccount; credentials: NetworkCredentials[NetworkId] }> {
    if (network === 'facebook') {
      const { fields, pages } = await facebookPages(body, true);
      const page = pages.find((candidate) => candidate.id === fields.pageId);
      if (!page) {
        throw AppError.badRequest(
          `${CONNECTION_FAILURE_PREFIX.facebook}This token cannot manage the chosen page`,
          'PAGE_NOT_MANAGED',
        );
      }
      const credentials = { ...fields, pageAccessToken: page.accessToken };
      const account = await talk(network, () => registry.adapters.facebook.verify(credentials));
      return { account, credentials };
    }
    const credentials = credentialsFromRequest(network, body);
    // Each branch narrows the adapter to its own credential type.
    const account = await talk(network, () =>
      (
        registry.adapters[network] as { verify(c: typeof credentials): Promise<VerifiedAccount> }
      ).verify(credentials),
    );
    return { account, credentials: withLearnedIds(network, credentials, account) };
  }

  return {
    async authenticate(userId: string, body: ConnectionRequest, access?: EntityAccess) {
      const network = await admit(userId, body, access);
      const name = NETWORK_NAMES[network];
      if (network === 'facebook' && body.grant_type) {
        const { pages } = await facebookPages(body, false);
        return {
          message: CONNECTION_MESSAGES.pagesFetched,
          data: {
            account_id: null,
            account_name: null,
            credentials: { page_list: pages.map((page) => ({ id: page.id, name: page.name })) },
          },
        };
      }
      const { account } = await verify(network, body);
      return {
        message: CONNECTION_MESSAGES.verified(name),
        data: { account_id: account.accountId, account_name: account.accountName },
      };
    },

    async save(userId: string, body: ConnectionRequest, access?: EntityAccess) {
      const network = await admit(userId, body, access);
      const { account, credentials } = await verify(network, body);
      // Never fails a connect: an expiry nobody could learn is simply not known.
      const tokenExpiresAt = await deps.tokenExpiry?.(network, credentials).catch(() => undefined);
      const row = await repo.upsertConnection(db, {
        companyId: body.company_id,
        network,
        accountId: account.accountId,
        accountName: account.accountName,
        credentialsEncrypted: deps.box.seal(JSON.stringify(credentials)),
        now: deps.clock(),
        tokenExpiresAt: tokenExpiresAt ?? null,
      });
      return {
        message: CONNECTION_MESSAGES.connected(NETWORK_NAMES[network]),
        data: {
          id: row.id,
          success: true as const,
          social_account: { key: network, name: NETWORK_NAMES[network] },
          account_name: row.accountName,
          connected_at: row.connectedAt.toISOString(),
        },
      };
    },

    async disconnect(
      userId: string,
      body: Pick<ConnectionRequest, 'company_id' | 'social_account_type'>,
      access?: EntityAccess,
    ) {
      const network = body.social_account_type;
      if (
        !entityVisible(access, body.company_id) ||
        !(await repo.isCompanyOwnedBy(db, body.company_id, userId))
      ) {
        throw AppError.notFound(COMPANY_MESSAGES.notFound, 'COMPANY_NOT_FOUND');
      }
      if (!(await repo.markDisconnected(db, body.company_id, network, deps.clock()))) {
        throw AppError.notFound(
          `${NETWORK_TEXT_NAMES[network]} is not connected for this entity`,
          'NETWORK_NOT_CONNECTED',
        );
      }
      return { message: CONNECTION_MESSAGES.disconnected, data: null };
    },

    /** The stored credentials of an active connection, for the publisher. */
    async readCredentials<N extends NetworkId>(
      companyId: string,
      network: N,
    ): Promise<NetworkCredentials[N] | undefined> {
      const row = await repo.findActiveConnection(db, companyId, network);
      return row
        ? (JSON.parse(deps.box.open(row.credentialsEncrypted)) as NetworkCredentials[N])
        : undefined;
    },
  };
}

/** Ids a network tells us at verification and needs again when publishing. */
function withLearnedIds(
  network: Exclude<NetworkId, 'facebook'>,
  credentials: NetworkCredentials[Exclude<NetworkId, 'facebook'>],
  account: VerifiedAccount,
) {
  switch (network) {
    case 'linkedIn':
      return { ...credentials, memberId: account.accountId };
    case 'instagram':
      return { ...credentials, igUserId: account.accountId };
    case 'threads':
      return { ...credentials, userId: account.accountId };
    default:
      return credentials;
  }
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
