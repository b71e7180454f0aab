import type { NetworkId } from '@cadence/shared';
import { z } from 'zod';
import type { Config, OAuthAppConfig } from '../../config.js';
import { fetchErrorCode } from './fetch-failure.js';
import { NetworkError } from './types.js';

/** The networks with one-click connect; Bluesky keeps handle and app password. */
export const OAUTH_NETWORKS = ['twitter', 'facebook', 'linkedIn', 'instagram', 'threads'] as const;
export type OAuthNetwork = (typeof OAUTH_NETWORKS)[number];

export const isOAuthNetwork = (network: string): network is OAuthNetwork =>
  (OAUTH_NETWORKS as readonly string[]).includes(network);

/** Scopes asked for, per network (external-apis.md 1.x, 2, 3, 4, 7). */
export const OAUTH_SCOPES: Record<OAuthNetwork, string> = {
  twitter: 'tweet.read tweet.write users.read media.write offline.access',
  linkedIn: 'openid profile w_member_social',
  facebook: 'pages_show_list,pages_manage_posts,pages_read_engagement',
  instagram:
    'instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement,business_management',
  threads: 'threads_basic,threads_content_publish',
};

/** Which configuration variables make each network's one-click connect available. */
export const OAUTH_VARIABLES: Record<OAuthNetwork, string[]> = {
  twitter: ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
  linkedIn: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
  facebook: ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  instagram: ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  threads: ['THREADS_CLIENT_ID', 'THREADS_CLIENT_SECRET'],
};

export interface OAuthTokens {
  accessToken: string;
  /** Only where the network grants one (X with offline.access, LinkedIn for approved apps). */
  refreshToken?: string;
  /** Null when the network says the token does not expire (or says nothing). */
  expiresAt: Date | null;
  /** Threads answers the user id with the token. */
  userId?: string;
}

const TokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().optional(),
  user_id: z.union([z.string(), z.number()]).optional(),
});

const TIMEOUT_MS = 15_000;

/** The words a token endpoint's refusal carries (OAuth `error_description`, Graph `error.message`). */
function refusalMessage(body: unknown): string {
  const parsed = z
    .object({
      error: z
        .union([z.string(), z.object({ message: z.string().optional() }).passthrough()])
        .optional(),
      error_description: z.string().optional(),
      message: z.string().optional(),
    })
    .safeParse(body);
  if (!parsed.success) return 'the sign-in was refused';
  const { error, error_description: description, message } = parsed.data;
  if (description) return description;
  if (typeof error === 'object' && error?.message) return error.message;
  if (typeof error === 'string') return error;
  return message ?? 'the sign-in was refused';
}

/** One call to a token endpoint; a refusal is 'auth' (sign in again), anything else transient. */
async function tokenCall(
  network: NetworkId,
  url: URL,
  init: { method: 'GET' | 'POST'; form?: URLSearchParams; basic?: [string, string] },
  now: Date,
): Promise<OAuthTokens> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (init.basic) {
    const [user, password] = init.basic;
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(user)}:${encodeURIComponent(password)}`).toString('base64')}`;
  }
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      method: init.method,
      headers,
      body: init.form?.toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const code = fetchErrorCode(error) ?? 'no answer';
    throw new NetworkError(
      network,
      'transient',
      `the sign-in service could not be reached (${code})`,
    );
  }
  let body: unknown = null;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    body = null;
  }
  if (status >= 500 || status === 429) {
    throw new NetworkError(network, 'transient', `the sign-in service answered ${status}`, {
      status,
    });
  }
  if (status < 200 || status >= 300) {
    throw new NetworkError(network, 'auth', refusalMessage(body), { status });
  }
  const parsed = TokenSchema.safeParse(body);
  if (!parsed.success) {
    throw new NetworkError(network, 'transient', 'the sign-in service answered without a token');
  }
  const token = parsed.data;
  return {
    accessToken: token.access_token,
    ...(token.refresh_token ? { refreshToken: token.refresh_token } : {}),
    expiresAt: token.expires_in ? new Date(now.getTime() + token.expires_in * 1000) : null,
    ...(token.user_id === undefined ? {} : { userId: String(token.user_id) }),
  };
}

export interface OAuthClients {
  /** The operator's app for this network, or null when none is configured. */
  app(network: OAuthNetwork): OAuthAppConfig | null;
  authorizeUrl(
    network: OAuthNetwork,
    input: { state: string; codeChallenge: string; redirectUri: string },
  ): string;
  /**
   * Trades the consent page's code for tokens, then for the longest-lived token the network
   * offers (Facebook and Threads long-lived tokens).
   */
  exchangeCode(
    network: OAuthNetwork,
    input: { code: string; codeVerifier: string; redirectUri: string; now: Date },
  ): Promise<OAuthTokens>;
  /**
   * A new access token: X and LinkedIn with the (rotating) refresh token, Threads
   * (`th_refresh_token`) with itself. Instagram is connected through Facebook Login, whose
   * long-lived user token Meta renews only through a new login: it is not refreshed here.
   */
  refresh(
    network: OAuthNetwork,
    input: { accessToken: string; refreshToken?: string; now: Date },
  ): Promise<OAuthTokens>;
  /** Whether a connection with these tokens can ever be refreshed. */
  canRefresh(network: OAuthNetwork, input: { refreshToken?: string }): boolean;
  /**
   * Threads renews the access token itself, which only works while it is still valid; X and
   * LinkedIn renew with a refresh token even after the access token died.
   */
  refreshNeedsLiveToken(network: OAuthNetwork): boolean;
  /**
   * When a Meta token (a Page token or a user token) stops working, from Graph's
   * `debug_token` with the app's token (reference 2.2): null when it never expires,
   * undefined when Graph would not say (no app, an invalid token, an unexpected answer).
   */
  metaTokenExpiry(
    network: 'facebook' | 'instagram',
    token: string,
    app?: { clientId: string; clientSecret: string },
  ): Promise<Date | null | undefined>;
}

const DebugTokenSchema = z.object({
  data: z.object({
    is_valid: z.boolean(),
    /** Unix seconds; 0 means never. */
    expires_at: z.coerce.number().optional(),
  }),
});

/** The OAuth 2.0 side of each network, at the configured hosts (local fakes in tests). */
export function createOAuthClients(config: Pick<Config, 'oauth' | 'networks'>): OAuthClients {
  const apps: Record<OAuthNetwork, OAuthAppConfig | null> = {
    twitter: config.oauth.twitter,
    linkedIn: config.oauth.linkedIn,
    facebook: config.oauth.facebook,
    instagram: config.oauth.facebook,
    threads: config.oauth.threads,
  };
  const requireApp = (network: OAuthNetwork) => {
    const app = apps[network];
    if (!app) throw new Error(`no OAuth app configured for ${network}`);
    return app;
  };
  // Instagram through Facebook Login: the same Graph API, at Instagram's configured host.
  const graphBase = (network: 'facebook' | 'instagram') =>
    network === 'facebook'
      ? config.networks.facebookGraphBaseUrl
      : config.networks.instagramGraphBaseUrl;

  async function metaLongLived(
    network: 'facebook' | 'instagram',
    app: OAuthAppConfig,
    shortLived: OAuthTokens,
    now: Date,
  ) {
    const url = new URL(`${graphBase(network)}/oauth/access_token`);
    url.search = new URLSearchParams({
      grant_type: 'fb_exchange_token',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      fb_exchange_token: shortLived.accessToken,
    }).toString();
    return tokenCall(network, url, { method: 'GET' }, now);
  }

  return {
    app: (network) => apps[network],

    authorizeUrl(network, { state, codeChallenge, redirectUri }) {
      const app = requireApp(network);
      const url = new URL(app.authorizeUrl);
      const params: Record<string, string> = {
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: redirectUri,
        scope: OAUTH_SCOPES[network],
        state,
      };
      // PKCE where the network takes it from a web app (X requires it).
      if (network === 'twitter') {
        params.code_challenge = codeChallenge;
        params.code_challenge_method = 'S256';
      }
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.toString();
    },

    async exchangeCode(network, { code, codeVerifier, redirectUri, now }) {
      const app = requireApp(network);
      switch (network) {
        case 'twitter':
          return tokenCall(
            network,
            new URL(`${config.networks.xApiBaseUrl}/2/oauth2/token`),
            {
              method: 'POST',
              form: new URLSearchParams({
                grant_type: 'authorization_code',
                code,
                redirect_uri: redirectUri,
                code_verifier: codeVerifier,
                client_id: app.clientId,
              }),
              basic: [app.clientId, app.clientSecret],
            },
            now,
          );
        case 'linkedIn':
          return tokenCall(
            network,
            new URL(`${config.oauth.linkedInOAuthBaseUrl}/oauth/v2/accessToken`),
            {
              method: 'POST',
              form: new URLSearchParams({
                grant_type: 'authorization_code',
                code,
                redirect_uri: redirectUri,
                client_id: app.clientId,
                client_secret: app.clientSecret,
              }),
            },
            now,
          );
        case 'facebook':
        case 'instagram': {
          const url = new URL(`${graphBase(network)}/oauth/access_token`);
          url.search = new URLSearchParams({
            client_id: app.clientId,
            client_secret: app.clientSecret,
            redirect_uri: redirectUri,
            code,
          }).toString();
          const shortLived = await tokenCall(network, url, { method: 'GET' }, now);
          return metaLongLived(network, app, shortLived, now);
        }
        case 'threads': {
          const shortLived = await tokenCall(
            network,
            new URL(`${config.oauth.threadsOAuthBaseUrl}/oauth/access_token`),
            {
              method: 'POST',
              form: new URLSearchParams({
                client_id: app.clientId,
                client_secret: app.clientSecret,
                grant_type: 'authorization_code',
                redirect_uri: redirectUri,
                code,
              }),
            },
            now,
          );
          const url = new URL(`${config.oauth.threadsOAuthBaseUrl}/access_token`);
          url.search = new URLSearchParams({
            grant_type: 'th_exchange_token',
            client_secret: app.clientSecret,
            access_token: shortLived.accessToken,
          }).toString();
          const longLived = await tokenCall(network, url, { method: 'GET' }, now);
          return { ...longLived, userId: shortLived.userId };
        }
      }
    },

    async refresh(network, { accessToken, refreshToken, now }) {
      const app = requireApp(network);
      switch (network) {
        case 'twitter':
          if (!refreshToken) break;
          return tokenCall(
            network,
            new URL(`${config.networks.xApiBaseUrl}/2/oauth2/token`),
            {
              method: 'POST',
              form: new URLSearchParams({
                grant_type: 'refresh_token',
                refresh_token: refreshToken,
                client_id: app.clientId,
              }),
              basic: [app.clientId, app.clientSecret],
            },
            now,
          );
        case 'linkedIn':
          if (!refreshToken) break;
          return tokenCall(
            network,
            new URL(`${config.oauth.linkedInOAuthBaseUrl}/oauth/v2/accessToken`),
            {
              method: 'POST',
              form: new URLSearchParams({
                grant_type: 'refresh_token',
                refresh_token: refreshToken,
                client_id: app.clientId,
                client_secret: app.clientSecret,
              }),
            },
            now,
          );
        case 'threads': {
          const url = new URL(`${config.oauth.threadsOAuthBaseUrl}/refresh_access_token`);
          url.search = new URLSearchParams({
            grant_type: 'th_refresh_token',
            access_token: accessToken,
          }).toString();
          return tokenCall(network, url, { method: 'GET' }, now);
        }
        default:
          break;
      }
      throw new NetworkError(network, 'auth', 'this connection cannot be renewed');
    },

    canRefresh(network, { refreshToken }) {
      if (!apps[network]) return false;
      if (network === 'threads') return true;
      if (network === 'twitter' || network === 'linkedIn') return Boolean(refreshToken);
      return false;
    },

    refreshNeedsLiveToken: (network) => network === 'threads',

    async metaTokenExpiry(network, token, app) {
      const owner = app ?? apps[network];
      if (!owner) return undefined;
      const url = new URL(`${graphBase(network)}/debug_token`);
      url.search = new URLSearchParams({
        input_token: token,
        access_token: `${owner.clientId}|${owner.clientSecret}`,
      }).toString();
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json' },
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) return undefined;
        const parsed = DebugTokenSchema.safeParse(await response.json());
        if (!parsed.success || !parsed.data.data.is_valid) return undefined;
        const expiresAt = parsed.data.data.expires_at ?? 0;
        return expiresAt > 0 ? new Date(expiresAt * 1000) : null;
      } catch {
        return undefined;
      }
    },
  };
}
