import { createHash, randomBytes } from 'node:crypto';
import {
  CONNECTION_MESSAGES,
  NETWORK_NAMES,
  OAUTH_BUTTON_NAMES,
  OAUTH_MESSAGES,
  ROUTES,
  type OAuthConfig,
  type OAuthLandingError,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { entityVisible, type EntityAccess } from '../../lib/entity-scope.js';
import {
  isOAuthNetwork,
  OAUTH_NETWORKS,
  OAUTH_VARIABLES,
  type OAuthClients,
  type OAuthNetwork,
} from '../../integrations/networks/oauth.js';
import type { NetworkRegistry } from '../../integrations/networks/registry.js';
import { NetworkError } from '../../integrations/networks/types.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { createOAuthAccounts, type PendingPayload } from './oauth-accounts.js';
import {
  bindingCookie,
  bindingCookieName,
  bindingMatches,
  newBinding,
  readCookie,
  type BindingCookieScope,
} from './oauth-binding.js';
import { isAcceptedBase, returnBase, type ReturnOrigins } from './oauth-return.js';
import * as repo from './connections.repository.js';
import * as oauthRepo from './oauth.repository.js';
import { admitConnection } from './plan-check.js';

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
  /**
   * The demo's configuration (SIMULATED_NETWORKS): a flow may return to a loopback address
   * on the server's port, and the stand-ins' consent pages are told the entity's name.
   */
  demo?: { port: number };
}

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/** The callback URL registered with each network's app. */
export const callbackUrl = (publicUrl: string, network: OAuthNetwork) =>
  `${publicUrl}/api/social-accounts/oauth/${network}/callback`;

/** Where the browser goes after the callback, and the cookie it is given on the way. */
export interface OAuthLanding {
  location: string;
  setCookie?: string;
}

export function createOAuthService(deps: OAuthDeps) {
  const { db, box } = deps;
  const seal = (value: unknown) => box.seal(JSON.stringify(value));
  const { connectDirect, listOptions, connectChoice } = createOAuthAccounts({ ...deps, seal });

  function parseNetwork(value: string): OAuthNetwork {
    if (!isOAuthNetwork(value))
      throw AppError.badRequest(
        CONNECTION_MESSAGES.unsupportedNetwork(value),
        'UNSUPPORTED_NETWORK',
      );
    return value;
  }

  const admit = (userId: string, companyId: string, network: OAuthNetwork, access?: EntityAccess) =>
    admitConnection(db, userId, companyId, network, access);

  const origins: ReturnOrigins = {
    publicUrl: deps.publicUrl,
    ...(deps.demo ? { loopbackPort: deps.demo.port } : {}),
  };

  /** The address a stored state returns to (PUBLIC_URL when none, or no longer accepted). */
  const baseOf = (returnUrl: string | null | undefined) =>
    returnUrl && isAcceptedBase(returnUrl, origins) ? returnUrl : deps.publicUrl;

  /** The binding cookie goes to this network's callback only, over https when we are. */
  function cookieScope(base: string, network: OAuthNetwork): BindingCookieScope {
    return {
      path: new URL(callbackUrl(base, network)).pathname,
      secure: base.startsWith('https://'),
    };
  }

  /**
   * Where the browser lands after the consent page: the entity's Socials dialog. An error
   * travels as a code the web app has words for, never as words (decision 103).
   */
  function landing(
    companyId: string | undefined,
    network: OAuthNetwork,
    extra: { connected: '1' } | { choose: string } | { error: OAuthLandingError },
  ) {
    const params = new URLSearchParams({
      ...(companyId ? { socials: companyId } : {}),
      network,
      ...extra,
    });
    return `${ROUTES.companies}?${params.toString()}`;
  }

  /** A failure of the callback as the landing's error code; the network's own words are logged. */
  function landingError(network: OAuthNetwork, error: unknown): OAuthLandingError {
    if (error instanceof AppError) {
      if (error.code === 'COMPANY_NOT_FOUND') return 'entity_not_found';
      if (error.code === 'NETWORK_NOT_ON_PLAN') return 'not_in_plan';
      if (error.code === 'PLAN_LIMIT') return 'network_limit';
      if (error.code === 'OAUTH_NOT_CONFIGURED') return 'not_configured';
    }
    if (error instanceof NetworkError) {
      deps.logger.warn(
        { network, kind: error.kind, reason: error.message },
        'one-click connect refused by the network',
      );
      if (error.kind === 'transient' || error.kind === 'unconfirmed') return 'unreachable';
      return error.kind === 'rate-limited' ? 'rate_limited' : 'refused';
    }
    deps.logger.error({ err: error, network }, 'one-click connect failed');
    return 'unexpected';
  }

  /** A failure in plain language for the Page choice's answer (never a token or a stack). */
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

  /** After the state is claimed: the token exchange, the account, the connection. */
  async function finish(
    network: OAuthNetwork,
    claimed: {
      userId: string;
      companyId: string;
      verifierEncrypted: string;
      returnUrl: string | null;
    },
    query: { code?: string; error?: string },
    now: Date,
  ): Promise<string> {
    const companyId = claimed.companyId;
    if (query.error || !query.code) return landing(companyId, network, { error: 'cancelled' });
    try {
      await admit(claimed.userId, companyId, network);
      if (!deps.oauth.app(network)) {
        throw AppError.badRequest(
          OAUTH_MESSAGES.notConfigured(OAUTH_BUTTON_NAMES[network]),
          'OAUTH_NOT_CONFIGURED',
        );
      }
      const tokens = await deps.oauth.exchangeCode(network, {
        code: query.code,
        codeVerifier: box.open(claimed.verifierEncrypted),
        redirectUri: callbackUrl(baseOf(claimed.returnUrl), network),
        now,
      });
      if (network !== 'facebook' && network !== 'instagram') {
        await connectDirect(companyId, network, tokens);
        return landing(companyId, network, { connected: '1' });
      }
      const options = await listOptions(network, tokens.accessToken);
      if (options.length === 0) {
        return landing(companyId, network, {
          error: network === 'facebook' ? 'no_pages' : 'no_instagram',
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
      return landing(companyId, network, { error: landingError(network, error) });
    }
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

    /**
     * `requestOrigin`: the address the browser asked from (its Origin, else its Host); the
     * flow returns there when it is PUBLIC_URL's or, in the demo, a loopback address.
     */
    async start(
      userId: string,
      networkParam: string,
      companyId: string,
      requestOrigin?: string,
      access?: EntityAccess,
    ) {
      const network = parseNetwork(networkParam);
      if (!deps.oauth.app(network)) {
        throw AppError.badRequest(
          OAUTH_MESSAGES.notConfigured(OAUTH_BUTTON_NAMES[network]),
          'OAUTH_NOT_CONFIGURED',
        );
      }
      await admit(userId, companyId, network, access);
      const state = randomBytes(32).toString('base64url');
      const stateHash = hashState(state);
      const verifier = randomBytes(48).toString('base64url');
      const binding = newBinding();
      const base = returnBase(requestOrigin, origins);
      const now = deps.clock();
      await oauthRepo.insertState(db, {
        stateHash,
        userId,
        companyId,
        network,
        verifierEncrypted: box.seal(verifier),
        bindingHash: binding.hash,
        returnUrl: base === deps.publicUrl ? null : base,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
        now,
      });
      const authorizeUrl = deps.oauth.authorizeUrl(network, {
        state,
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
        redirectUri: callbackUrl(base, network),
      });
      // The demo's stand-in consent pages sign in as an account named after the entity, so
      // each entity gets its own (real networks are never told the entity's name).
      const entityName = deps.demo ? await repo.companyNameOf(db, companyId) : undefined;
      const consentUrl = new URL(authorizeUrl);
      if (entityName) consentUrl.searchParams.set('login_hint', entityName);
      return {
        message: 'Continue on the network',
        data: { authorize_url: entityName ? consentUrl.toString() : authorizeUrl },
        // For the browser that asked, and no other: the callback wants it back.
        setCookie: bindingCookie(
          bindingCookieName(stateHash),
          binding.value,
          cookieScope(base, network),
          OAUTH_STATE_TTL_MS / 1000,
        ),
      };
    },

    /**
     * The consent page's way back. Answers where to send the browser: the entity's Socials
     * dialog, connected, with a choice to make, or with an error code.
     */
    async callback(
      networkParam: string,
      query: { code?: string; state?: string; error?: string },
      cookieHeader: string | undefined,
    ): Promise<OAuthLanding> {
      const network = parseNetwork(networkParam);
      const now = deps.clock();
      const stateHash = query.state ? hashState(query.state) : undefined;
      // The state and the browser are checked (and the state spent) before anything else,
      // above all any token exchange.
      const known = stateHash ? await oauthRepo.findState(db, stateHash) : undefined;
      if (!stateHash || !known) {
        return { location: landing(undefined, network, { error: 'state_invalid' }) };
      }
      const cookieName = bindingCookieName(stateHash);
      if (!bindingMatches(readCookie(cookieHeader, cookieName), known.bindingHash)) {
        // Not the browser that started the flow (a consent link passed on): nothing is
        // attached, it learns nothing of the entity, and a live state stays usable for the
        // browser that did start it.
        const isLive = known.network === network && !known.usedAt && known.expiresAt > now;
        if (isLive) deps.logger.warn({ network }, 'one-click connect refused: another browser');
        return {
          location: landing(undefined, network, {
            error: isLive ? 'other_browser' : 'state_invalid',
          }),
        };
      }
      const claimed = await oauthRepo.claimState(db, stateHash, network, now);
      // The browser's binding is spent with the state.
      const setCookie = bindingCookie(
        cookieName,
        '',
        cookieScope(baseOf(known.returnUrl), network),
        0,
      );
      if (!claimed) {
        return {
          location: landing(known.companyId, network, { error: 'state_invalid' }),
          setCookie,
        };
      }
      return { location: await finish(network, claimed, query, now), setCookie };
    },

    /** The options of a pending choice (names only: the tokens stay on the server). */
    async choices(userId: string, networkParam: string, pendingId: string, access?: EntityAccess) {
      const network = parseNetwork(networkParam);
      const row = await oauthRepo.findPendingChoice(db, {
        id: pendingId,
        userId,
        network,
        now: deps.clock(),
      });
      if (!row || !entityVisible(access, row.companyId))
        throw AppError.notFound(OAUTH_MESSAGES.choiceNotFound, 'OAUTH_CHOICE_NOT_FOUND');
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
      access?: EntityAccess,
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
      if (!row || !entityVisible(access, row.companyId))
        throw AppError.notFound(OAUTH_MESSAGES.choiceNotFound, 'OAUTH_CHOICE_NOT_FOUND');
      await admit(userId, row.companyId, network, access);
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
