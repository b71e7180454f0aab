import { createHash, randomBytes } from 'node:crypto';

/**
 * The OAuth 2.0 side of the network fakes: a consent page that sends the browser back with
 * a code and the state, codes bound to the client, redirect URI and (where asked) a PKCE
 * S256 challenge, and access and refresh tokens that expire and rotate as the networks
 * document (external-apis.md 1.x, 2.1, 3, 7). Each network fake wires its own endpoints'
 * paths and answer shapes to this core.
 */

export interface FakeOAuthApp {
  clientId: string;
  clientSecret: string;
}

/** One answer of a fake's OAuth endpoint, for the fake's own HTTP plumbing to send. */
export interface OAuthReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  scope: string;
  expiresAt: number;
  /** The account the consent page signed in as (`login_hint`), when one was named. */
  hint: string | null;
}

/**
 * The first account number (see accounts.ts) of accounts named through `login_hint`: far
 * above the benchmarks' numbered accounts, so the two never meet.
 */
export const HINTED_ACCOUNTS_FROM = 900_000;

/** A handle made from an account's name ('Harbor Coffee' -> 'harborcoffee'). */
export const handleOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 15) || 'account';

/** What a code exchange answers: the refusal to send, or the account the code was for. */
export type Redeemed = { refusal: OAuthReply } | { refusal: null; hint: string | null };

// One consent page can hand out a code another fake redeems (Facebook Login for Instagram):
// codes live in one map per process, as the fakes do.
const codes = new Map<string, IssuedCode>();

const json = (status: number, body: unknown): OAuthReply => ({
  status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});
export const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });
export const oauthJson = json;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Reads `application/x-www-form-urlencoded` bodies and query strings alike. */
export function formParams(url: URL, body: string, contentType: string | undefined) {
  const params = new URLSearchParams(url.searchParams);
  if (/x-www-form-urlencoded/.test(contentType ?? '')) {
    for (const [key, value] of new URLSearchParams(body)) params.set(key, value);
  }
  return params;
}

/** The client of an HTTP Basic header (X's confidential clients). */
export function basicClient(authorization: string | undefined): FakeOAuthApp | null {
  const encoded = /^Basic (.+)$/.exec(authorization ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return {
    clientId: decodeURIComponent(decoded.slice(0, colon)),
    clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
  };
}

export function createFakeOAuth(options: {
  /** Shown on the consent page. */
  name: string;
  app: FakeOAuthApp;
  /** X requires an S256 code_challenge and checks the verifier. */
  requirePkce?: boolean;
  /** Lifetime of the access tokens handed out (X: two hours). */
  accessTtlSeconds: number;
  /** Whether the code grant also hands out a (rotating) refresh token. */
  refreshTokens: boolean;
}) {
  const accessTokens = new Map<
    string,
    { expiresAt: number; longLived: boolean; hint: string | null }
  >();
  const refreshTokens = new Map<string, { spent: boolean; hint: string | null }>();
  /** Accounts named by a consent page's `login_hint`, numbered from HINTED_ACCOUNTS_FROM. */
  const hintedAccounts: string[] = [];
  const accountOfHint = (hint: string) => {
    let index = hintedAccounts.indexOf(hint);
    if (index < 0) index = hintedAccounts.push(hint) - 1;
    return HINTED_ACCOUNTS_FROM + index;
  };
  const stats = { codeExchanges: 0, refreshes: 0, spentRefreshReused: 0, refusedCodes: 0 };
  let accessTtlSeconds = options.accessTtlSeconds;

  function issue(ttlSeconds = accessTtlSeconds, longLived = false, hint: string | null = null) {
    const accessToken = `fake-${options.name.toLowerCase()}-oauth-${randomBytes(12).toString('hex')}`;
    accessTokens.set(accessToken, { expiresAt: Date.now() + ttlSeconds * 1000, longLived, hint });
    const refreshToken = options.refreshTokens
      ? `fake-${options.name.toLowerCase()}-refresh-${randomBytes(12).toString('hex')}`
      : undefined;
    if (refreshToken) refreshTokens.set(refreshToken, { spent: false, hint });
    return { accessToken, refreshToken, expiresIn: ttlSeconds };
  }

  return {
    app: options.app,
    stats,

    /**
     * The consent page: checks the request like the network does, then offers Authorize
     * (back with code and state) and Cancel (back with error=access_denied).
     */
    consentPage(url: URL): OAuthReply {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      const state = q.get('state') ?? '';
      if (q.get('client_id') !== options.app.clientId)
        return oauthError(400, 'invalid_request', 'Unknown client_id');
      if (!URL.canParse(redirectUri))
        return oauthError(400, 'invalid_request', 'redirect_uri is required');
      if (q.get('response_type') !== 'code')
        return oauthError(400, 'unsupported_response_type', 'response_type must be code');
      const challenge = q.get('code_challenge');
      if (options.requirePkce && (!challenge || q.get('code_challenge_method') !== 'S256'))
        return oauthError(400, 'invalid_request', 'An S256 code_challenge is required');
      const code = randomBytes(16).toString('hex');
      // The demo names the entity being connected: the stand-in signs in as an account of
      // that name, so each entity gets an account of its own.
      const hint = q.get('login_hint')?.trim().slice(0, 100) || null;
      codes.set(code, {
        clientId: options.app.clientId,
        redirectUri,
        challenge,
        scope: q.get('scope') ?? '',
        expiresAt: Date.now() + 5 * 60_000,
        hint,
      });
      const back = (params: Record<string, string>) => {
        const target = new URL(redirectUri);
        for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
        return escapeHtml(target.toString());
      };
      const scopes = (q.get('scope') ?? '').split(/[ ,]+/).filter(Boolean);
      const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.name)}: authorize Cadence (local stand-in)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}
a{display:inline-block;padding:.6rem 1.2rem;margin-right:.5rem;border-radius:.4rem;text-decoration:none}
#authorize{background:#1d4ed8;color:#fff}#cancel{border:1px solid #555;color:#111}</style></head>
<body><main><h1>${escapeHtml(options.name)} (local stand-in)</h1>
<p>Cadence asks to use your ${escapeHtml(options.name)} account${hint ? ` <strong>${escapeHtml(hint)}</strong>` : ''}:</p>
<ul>${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>
<p><a id="authorize" href="${back({ code, state })}">Authorize</a>
<a id="cancel" href="${back({ error: 'access_denied', state })}">Cancel</a></p></main></body></html>`;
      return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: html };
    },

    /** Redeems a code once; answers the refusal to send, or the account it was for. */
    redeemCode(input: {
      code: string | null;
      clientId: string | null;
      clientSecret: string | null;
      redirectUri: string | null;
      codeVerifier: string | null;
    }): Redeemed {
      const refused = (reply: OAuthReply) => ({ refusal: reply });
      if (
        input.clientId !== options.app.clientId ||
        input.clientSecret !== options.app.clientSecret
      )
        return refused(oauthError(401, 'invalid_client', 'Client authentication failed'));
      const issued = input.code ? codes.get(input.code) : undefined;
      if (input.code) codes.delete(input.code);
      const refuse = (description: string) => {
        stats.refusedCodes += 1;
        return refused(oauthError(400, 'invalid_grant', description));
      };
      if (!issued || issued.expiresAt < Date.now()) return refuse('Invalid or expired code');
      if (issued.clientId !== input.clientId)
        return refuse('The code was issued to another client');
      if (issued.redirectUri !== input.redirectUri) return refuse('redirect_uri does not match');
      if (issued.challenge !== null || options.requirePkce) {
        const verifier = input.codeVerifier ?? '';
        const computed = createHash('sha256').update(verifier).digest('base64url');
        if (!verifier || computed !== issued.challenge)
          return refuse('Value passed for the code verifier did not match');
      }
      stats.codeExchanges += 1;
      return { refusal: null, hint: issued.hint };
    },

    issue,

    /** The refresh grant: a new pair; the old refresh token stops working. */
    refresh(refreshToken: string | null) {
      const stored = refreshToken ? refreshTokens.get(refreshToken) : undefined;
      if (!stored) return null;
      if (stored.spent) {
        stats.spentRefreshReused += 1;
        return null;
      }
      stored.spent = true;
      stats.refreshes += 1;
      return issue(undefined, false, stored.hint);
    },

    /** Meta's and Threads' long-lived exchange (and Threads' refresh) of a valid token. */
    exchange(accessToken: string | null, ttlSeconds: number, countAsRefresh = false) {
      const stored = accessToken ? accessTokens.get(accessToken) : undefined;
      if (!stored || stored.expiresAt < Date.now()) return null;
      if (countAsRefresh) {
        stats.refreshes += 1;
        accessTokens.delete(accessToken!);
      }
      return issue(ttlSeconds, true, stored.hint);
    },

    /**
     * The account a token stands for (accounts.ts): 0 for the fake's own, or the number of
     * the account its consent page was asked to sign in as (`login_hint`).
     */
    accountOf(token: string | undefined | null): number {
      const hint = token ? accessTokens.get(token)?.hint : null;
      return hint ? accountOfHint(hint) : 0;
    },

    /** The name of a hinted account, by its number (undefined for any other account). */
    hintedName(account: number): string | undefined {
      return account >= HINTED_ACCOUNTS_FROM
        ? hintedAccounts[account - HINTED_ACCOUNTS_FROM]
        : undefined;
    },

    /** When a token handed out here stops working (ms since the epoch), if it is one. */
    expiryOf(token: string | undefined | null) {
      return token ? accessTokens.get(token)?.expiresAt : undefined;
    },

    isValid(token: string | undefined | null) {
      const stored = token ? accessTokens.get(token) : undefined;
      return stored !== undefined && stored.expiresAt > Date.now();
    },

    /** Every access token handed out so far stops working (as if it had expired). */
    expireAccessTokens() {
      for (const stored of accessTokens.values()) stored.expiresAt = 0;
    },

    setAccessTtl(seconds: number) {
      accessTtlSeconds = seconds;
    },
  };
}

export type FakeOAuth = ReturnType<typeof createFakeOAuth>;
