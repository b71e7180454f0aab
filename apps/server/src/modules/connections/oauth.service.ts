import { createHash, randomBytes } from 'node:crypto';
import {
  COMPANY_MESSAGES,
  CONNECTION_MESSAGES,
  NETWORK_MESSAGES,
  NETWORK_NAMES,
  OAUTH_BUTTON_NAMES,
  OAUTH_MESSAGES,
  ROUTES,
  type OAuthConfig,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  isOAuthNetwork,
  OAUTH_NETWORKS,
  OAUTH_VARIABLES,
  type OAuthClients,
  type OAuthNetwork,
  type OAuthTokens,
} from '../../integrations/networks/oauth.js';
import type { NetworkRegistry } from '../../integrations/networks/registry.js';
import {
  NetworkError,
  type NetworkCredentials,
  type VerifiedAccount,
} from '../../integrations/networks/types.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { getEntitlements } from '../plans/entitlements.js';
import * as repo from './connections.repository.js';
import * as oauthRepo from './oauth.repository.js';

/** How long a consent page may take, and how long a Page choice waits. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export const OAUTH_CHOICE_TTL_MS = 15 * 60_000;

export interface OAuthDeps {
  db: Db;
  oauth: OAuthClients;
  registry: NetworkRegistry;
  box: SecretBox;
  clock: Clock;
  logger: FastifyBaseLogger;
  publicUrl: string;
}

/** What a pending Page choice holds (sealed): the options with what connecting each needs. */
interface PendingPayload {
  userToken: string;
  expiresAt: string | null;
  options: Array<{ id: string; name: string; pageAccessToken?: string }>;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/** The callback URL registered with each network's app. */
export const callbackUrl = (publicUrl: string, network: OAuthNetwork) =>
  `${publicUrl}/api/social-accounts/oauth/${network}/callback`;

export function createOAuthService(deps: OAuthDeps) {
  const { db, box } = deps;
  const seal = (value: unknown) => box.seal(JSON.stringify(value));

  function parseNetwork(value: string): OAuthNetwork {
    if (!isOAuthNetwork(value))
      throw AppError.badRequest(
        CONNECTION_MESSAGES.unsupportedNetwork(value),
        'UNSUPPORTED_NETWORK',
      );
    return value;
  }

  async function admit(userId: string, companyId: string, network: OAuthNetwork) {
    if (!(await repo.isCompanyOwnedBy(db, companyId, userId))) {
      throw AppError.notFound(COMPANY_MESSAGES.notFound, 'COMPANY_NOT_FOUND');
    }
    const entitlements = await getEntitlements(db, userId);
    if (!entitlements.allowedNetworks.includes(network)) {
      throw AppError.forbidden(NETWORK_MESSAGES.notInPlan, 'NETWORK_NOT_ON_PLAN');
    }
  }

  /** Where the browser lands after the consent page: the entity's Socials dialog. */
  function landing(
    companyId: string | undefined,
    network: OAuthNetwork,
    extra: Record<string, string>,
  ) {
    const params = new URLSearchParams({
      ...(companyId ? { socials: companyId } : {}),
      network,
      ...extra,
    });
    return `${ROUTES.companies}?${params.toString()}`;
  }

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

  /** A failure in plain language for the landing page (never a token or a stack). */
  function plainReason(network: OAuthNetwork, error: unknown) {
    const name = OAUTH_BUTTON_NAMES[network];
    if (error instanceof AppError) return error.message;
    if (error instanceof NetworkError) {
      if (error.kind === 'transient' || error.kind === 'unconfirmed')
        return OAUTH_MESSAGES.failed(name, `${name} could not be reached. Try again in a minute.`);
      return OAUTH_MESSAGES.failed(name, error.message || 'the sign-in was refused');
    }
    deps.logger.error({ err: error, network }, 'one-click connect failed');
    return OAUTH_MESSAGES.failed(name, 'something unexpected happened. Try again.');
  }

  return {
    /** Which networks offer one-click connect; admins also learn what would enable the rest. */
    config(isAdmin: boolean): OAuthConfig {
      return {
        networks: OAUTH_NETWORKS.map((network) => {
          const enabled = deps.oauth.app(network) !== null;
          return {
            network,
            enabled,
            ...(isAdmin && !enabled ? { variables: OAUTH_VARIABLES[network] } : {}),
          };
        }),
      };
    },

    async start(userId: string, networkParam: string, companyId: string) {
      const network = parseNetwork(networkParam);
      if (!deps.oauth.app(network)) {
        throw AppError.badRequest(
          OAUTH_MESSAGES.notConfigured(OAUTH_BUTTON_NAMES[network]),
          'OAUTH_NOT_CONFIGURED',
        );
      }
      await admit(userId, companyId, network);
      const state = randomBytes(32).toString('base64url');
      const verifier = randomBytes(48).toString('base64url');
      const now = deps.clock();
      await oauthRepo.insertState(db, {
        stateHash: hashState(state),
        userId,
        companyId,
        network,
        verifierEncrypted: box.seal(verifier),
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
        now,
      });
      const authorizeUrl = deps.oauth.authorizeUrl(network, {
        state,
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
        redirectUri: callbackUrl(deps.publicUrl, network),
      });
      return { message: 'Continue on the network', data: { authorize_url: authorizeUrl } };
    },

    /**
     * The consent page's way back. Answers where to send the browser: the entity's Socials
     * dialog, connected, with a choice to make, or with a plain-language error.
     */
    async callback(
      networkParam: string,
      query: { code?: string; state?: string; error?: string },
    ): Promise<string> {
      const network = parseNetwork(networkParam);
      const name = OAUTH_BUTTON_NAMES[network];
      const now = deps.clock();
      const stateHash = query.state ? hashState(query.state) : undefined;
      // The state is checked (and spent) before anything else, above all any token exchange.
      const claimed = stateHash
        ? await oauthRepo.claimState(db, stateHash, network, now)
        : undefined;
      if (!claimed) {
        const known = stateHash ? await oauthRepo.findState(db, stateHash) : undefined;
        return landing(known?.companyId, network, { error: OAUTH_MESSAGES.stateInvalid(name) });
      }
      const companyId = claimed.companyId;
      if (query.error || !query.code) {
        return landing(companyId, network, { error: OAUTH_MESSAGES.cancelled(name) });
      }
      try {
        await admit(claimed.userId, companyId, network);
        if (!deps.oauth.app(network)) {
          throw AppError.badRequest(OAUTH_MESSAGES.notConfigured(name), 'OAUTH_NOT_CONFIGURED');
        }
        const tokens = await deps.oauth.exchangeCode(network, {
          code: query.code,
          codeVerifier: box.open(claimed.verifierEncrypted),
          redirectUri: callbackUrl(deps.publicUrl, network),
          now,
        });
        if (network !== 'facebook' && network !== 'instagram') {
          await connectDirect(companyId, network, tokens);
          return landing(companyId, network, { connected: '1' });
        }
        const options = await listOptions(network, tokens.accessToken);
        if (options.length === 0) {
          return landing(companyId, network, {
            error: network === 'facebook' ? OAUTH_MESSAGES.noPages : OAUTH_MESSAGES.noInstagram,
          });
        }
        const payload: PendingPayload = {
          userToken: tokens.accessToken,
          expiresAt: tokens.expiresAt?.toISOString() ?? null,
          options,
        };
        if (options.length === 1) {
          await connectChoice(companyId, network, payload, options[0]!.id);
          return landing(companyId, network, { connected: '1' });
        }
        const pendingId = await oauthRepo.insertPendingChoice(db, {
          userId: claimed.userId,
          companyId,
          network,
          payloadEncrypted: seal(payload),
          expiresAt: new Date(now.getTime() + OAUTH_CHOICE_TTL_MS),
          now,
        });
        return landing(companyId, network, { choose: pendingId });
      } catch (error) {
        return landing(companyId, network, { error: plainReason(network, error) });
      }
    },

    /** The options of a pending choice (names only: the tokens stay on the server). */
    async choices(userId: string, networkParam: string, pendingId: string) {
      const network = parseNetwork(networkParam);
      const row = await oauthRepo.findPendingChoice(db, {
        id: pendingId,
        userId,
        network,
        now: deps.clock(),
      });
      if (!row) throw AppError.notFound(OAUTH_MESSAGES.choiceNotFound, 'OAUTH_CHOICE_NOT_FOUND');
      const payload = JSON.parse(box.open(row.payloadEncrypted)) as PendingPayload;
      return {
        message: OAUTH_MESSAGES.choose(NETWORK_NAMES[network]),
        data: {
          company_id: row.companyId,
          options: payload.options.map((option) => ({ id: option.id, name: option.name })),
        },
      };
    },

    async complete(
      userId: string,
      networkParam: string,
      body: { pending_id: string; option_id: string },
    ) {
      const network = parseNetwork(networkParam);
      if (network !== 'facebook' && network !== 'instagram') {
        throw AppError.notFound(OAUTH_MESSAGES.choiceNotFound, 'OAUTH_CHOICE_NOT_FOUND');
      }
      const row = await oauthRepo.findPendingChoice(db, {
        id: body.pending_id,
        userId,
        network,
        now: deps.clock(),
      });
      if (!row) throw AppError.notFound(OAUTH_MESSAGES.choiceNotFound, 'OAUTH_CHOICE_NOT_FOUND');
      await admit(userId, row.companyId, network);
      const payload = JSON.parse(box.open(row.payloadEncrypted)) as PendingPayload;
      if (!payload.options.some((option) => option.id === body.option_id)) {
        throw AppError.badRequest(OAUTH_MESSAGES.choiceNotFound, 'OAUTH_CHOICE_NOT_FOUND');
      }
      if (!(await oauthRepo.deletePendingChoice(db, row.id))) {
        throw AppError.notFound(OAUTH_MESSAGES.choiceNotFound, 'OAUTH_CHOICE_NOT_FOUND');
      }
      let saved;
      try {
        saved = await connectChoice(row.companyId, network, payload, body.option_id);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw AppError.badGateway(plainReason(network, error), 'NETWORK_FAILED');
      }
      return {
        message: CONNECTION_MESSAGES.connected(NETWORK_NAMES[network]),
        data: {
          id: saved.id,
          success: true as const,
          social_account: { key: network, name: NETWORK_NAMES[network] },
          account_name: saved.accountName,
          connected_at: saved.connectedAt.toISOString(),
        },
      };
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
