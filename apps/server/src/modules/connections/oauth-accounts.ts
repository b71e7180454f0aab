import { OAUTH_BUTTON_NAMES, OAUTH_MESSAGES } from '@cadence/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { OAuthClients, OAuthNetwork, OAuthTokens } from '../../integrations/networks/oauth.js';
import type { NetworkRegistry } from '../../integrations/networks/registry.js';
import type { NetworkCredentials, VerifiedAccount } from '../../integrations/networks/types.js';
import type { Clock } from '../../lib/clock.js';
import * as repo from './connections.repository.js';

/** What a pending Page choice holds (sealed): the options with what connecting each needs. */
export interface PendingPayload {
  userToken: string;
  expiresAt: string | null;
  options: Array<{ id: string; name: string; pageAccessToken?: string }>;
}

/**
 * The accounts behind one-click tokens: verified with the network's adapter and stored as
 * the entity's connection, tokens sealed (decision 080).
 */
export function createOAuthAccounts(deps: {
  db: Db;
  oauth: OAuthClients;
  registry: NetworkRegistry;
  clock: Clock;
  seal: (value: unknown) => string;
}) {
  const { db, seal } = deps;

  async function store(
    companyId: string,
    network: OAuthNetwork,
    account: VerifiedAccount,
    credentials: NetworkCredentials[OAuthNetwork],
    tokenExpiresAt: Date | null,
  ) {
    return repo.upsertConnection(db, {
      companyId,
      network,
      accountId: account.accountId,
      accountName: account.accountName,
      credentialsEncrypted: seal(credentials),
      now: deps.clock(),
      authMethod: 'oauth',
      tokenExpiresAt,
      tokenRenewable:
        tokenExpiresAt !== null &&
        deps.oauth.canRefresh(network, {
          ...('refreshToken' in credentials ? { refreshToken: credentials.refreshToken } : {}),
        }),
    });
  }

  /** X, LinkedIn, Threads: the token names one account; verify it and store the connection. */
  async function connectDirect(
    companyId: string,
    network: 'twitter' | 'linkedIn' | 'threads',
    tokens: OAuthTokens,
  ) {
    const app = deps.oauth.app(network)!;
    const adapters = deps.registry.adapters;
    switch (network) {
      case 'twitter': {
        const credentials = {
          oauth2AccessToken: tokens.accessToken,
          ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        };
        const account = await adapters.twitter.verify(credentials);
        return store(companyId, network, account, credentials, tokens.expiresAt);
      }
      case 'linkedIn': {
        const base = {
          clientId: app.clientId,
          clientSecret: app.clientSecret,
          accessToken: tokens.accessToken,
          ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        };
        const account = await adapters.linkedIn.verify(base);
        return store(
          companyId,
          network,
          account,
          { ...base, memberId: account.accountId },
          tokens.expiresAt,
        );
      }
      case 'threads': {
        const base = {
          accessToken: tokens.accessToken,
          clientSecret: app.clientSecret,
          ...(tokens.userId ? { userId: tokens.userId } : {}),
        };
        const account = await adapters.threads.verify(base);
        return store(
          companyId,
          network,
          account,
          { ...base, userId: account.accountId },
          tokens.expiresAt,
        );
      }
    }
  }

  /** Facebook and Instagram: the options the customer picks from. */
  async function listOptions(
    network: 'facebook' | 'instagram',
    userToken: string,
  ): Promise<PendingPayload['options']> {
    const app = deps.oauth.app(network)!;
    if (network === 'facebook') {
      const pages = await deps.registry.listFacebookPages({
        accessToken: userToken,
        appId: app.clientId,
        appSecret: app.clientSecret,
      });
      return pages.map((page) => ({
        id: page.id,
        name: page.name,
        pageAccessToken: page.accessToken,
      }));
    }
    const accounts = await deps.registry.listInstagramAccounts(userToken);
    return accounts.map((account) => ({ id: account.igUserId, name: account.pageName }));
  }

  /** Connects the chosen Page or Instagram account. */
  async function connectChoice(
    companyId: string,
    network: 'facebook' | 'instagram',
    payload: PendingPayload,
    optionId: string,
  ) {
    const option = payload.options.find((candidate) => candidate.id === optionId);
    if (!option) throw AppError.badRequest(OAUTH_MESSAGES.choiceNotFound, 'OAUTH_CHOICE_NOT_FOUND');
    const app = deps.oauth.app(network);
    if (!app) {
      throw AppError.badRequest(
        OAUTH_MESSAGES.notConfigured(OAUTH_BUTTON_NAMES[network]),
        'OAUTH_NOT_CONFIGURED',
      );
    }
    const expiresAt = payload.expiresAt ? new Date(payload.expiresAt) : null;
    if (network === 'facebook') {
      const credentials = {
        appId: app.clientId,
        appSecret: app.clientSecret,
        accessToken: payload.userToken,
        pageId: option.id,
        pageAccessToken: option.pageAccessToken ?? '',
      };
      const account = await deps.registry.adapters.facebook.verify(credentials);
      // A Page token obtained with a long-lived user token does not expire; debug_token
      // says so (expires_at 0), or dates it when Meta decided otherwise.
      const pageExpiry = await deps.oauth.metaTokenExpiry(network, credentials.pageAccessToken);
      return store(companyId, network, account, credentials, pageExpiry ?? null);
    }
    const credentials = { accessToken: payload.userToken, igUserId: option.id };
    const account = await deps.registry.adapters.instagram.verify(credentials);
    // The long-lived exchange's expires_in; when it said nothing, debug_token's date.
    const userExpiry =
      expiresAt ?? (await deps.oauth.metaTokenExpiry(network, payload.userToken)) ?? null;
    return store(
      companyId,
      network,
      account,
      { ...credentials, igUserId: account.accountId },
      userExpiry,
    );
  }

  return { connectDirect, listOptions, connectChoice };
}
