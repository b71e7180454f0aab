import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FakeOAuth } from './oauth.js';
import type { PageReply } from './post-page.js';
import { listenOnLoopback } from './listen.js';

/** The failures every network fake can be told to answer next. */
export type FakeFailureKind = 'unauthorized' | 'rate-limited' | 'server-error' | 'hang' | 'invalid';

export interface GraphRequest {
  method: string;
  /** Path segments after the version, e.g. ['me', 'accounts']. */
  segments: string[];
  /** Query and body parameters together (the body wins), as Graph reads them. */
  params: Map<string, string>;
  files: Map<string, File>;
  accessToken: string | undefined;
}

export interface GraphReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as is instead of `body` as JSON (the consent page's HTML). */
  raw?: { headers: Record<string, string>; body: string };
}

/** Graph's error object, answered with HTTP 400 unless told otherwise (as Meta mostly does). */
export function graphError(
  code: number,
  message: string,
  extra: { status?: number; type?: string; subcode?: number; isTransient?: boolean } = {},
): GraphReply {
  return {
    status: extra.status ?? 400,
    body: {
      error: {
        message,
        type: extra.type ?? (code === 190 ? 'OAuthException' : 'GraphMethodException'),
        code,
        ...(extra.subcode === undefined ? {} : { error_subcode: extra.subcode }),
        ...(extra.isTransient === undefined ? {} : { is_transient: extra.isTransient }),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
  };
}

export const graphFailures = {
  unauthorized: () =>
    graphError(190, 'Error validating access token: Session has expired.', {
      status: 401,
      subcode: 463,
    }),
  serverError: () =>
    graphError(2, 'An unexpected error has occurred. Please retry your request later.', {
      status: 500,
      type: 'OAuthException',
      isTransient: true,
    }),
  /** Meta sends no Retry-After; the Business Use Case header carries the wait in minutes. */
  rateLimited: (code: number, message: string, minutes: number): GraphReply => ({
    ...graphError(code, message, { type: 'OAuthException' }),
    headers: {
      'x-business-use-case-usage': JSON.stringify({
        '1010': [
          { type: 'pages', call_count: 100, total_cputime: 12, total_time: 30 },
          { type: 'pages', estimated_time_to_regain_access: minutes },
        ],
      }),
    },
  }),
};

async function readRequest(request: IncomingMessage, version: string): Promise<GraphRequest> {
  const url = new URL(request.url ?? '/', 'http://fake');
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments[0] === version) segments.shift();
  const params = new Map(url.searchParams);
  const files = new Map<string, File>();
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const type = request.headers['content-type'] ?? '';
  if (chunks.length > 0 && /multipart\/form-data|x-www-form-urlencoded/.test(type)) {
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': type },
    }).formData();
    for (const [key, value] of form) {
      // Multipart encoding turns every \n into \r\n; read text back as it was written.
      if (typeof value === 'string') params.set(key, value.replace(/\r\n/g, '\n'));
      else files.set(key, value);
    }
  }
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return {
    method: request.method ?? 'GET',
    segments,
    params,
    files,
    accessToken: params.get('access_token') ?? bearer,
  };
}

/**
 * The plumbing shared by the Meta fakes: a loopback server under /{version}/, per-endpoint call
 * counts, queued failures, and sockets tracked so hanging requests die with `close()`.
 */
export async function startGraphServer(options: {
  version: string;
  endpointOf: (request: GraphRequest) => string;
  route: (request: GraphRequest) => GraphReply | Promise<GraphReply>;
  failure: (kind: Exclude<FakeFailureKind, 'hang'>) => GraphReply;
  /** A web page outside the API's version path (a post's page), or null. */
  page?: (path: string) => PageReply | null;
}) {
  const calls: Record<string, number> = {};
  const failures: Array<{ kind: FakeFailureKind; endpoint: string | undefined }> = [];
  const sockets = new Set<Socket>();
  const handle = async (request: IncomingMessage): Promise<GraphReply | null> => {
    const graphRequest = await readRequest(request, options.version);
    const endpoint = options.endpointOf(graphRequest);
    calls[endpoint] = (calls[endpoint] ?? 0) + 1;
    const index = failures.findIndex(
      (failure) => failure.endpoint === undefined || failure.endpoint === endpoint,
    );
    const [failure] = index >= 0 ? failures.splice(index, 1) : [];
    if (failure?.kind === 'hang') return null;
    return failure ? options.failure(failure.kind) : options.route(graphRequest);
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const page = request.method === 'GET' ? (options.page?.(path) ?? null) : null;
    if (page) {
      response.writeHead(page.status, page.headers);
      response.end(page.body);
      return;
    }
    void handle(request)
      .catch((error: unknown) => graphError(1, `Fake failed: ${String(error)}`, { status: 500 }))
      .then((reply) => {
        if (!reply) return;
        if (reply.raw) {
          response.writeHead(reply.status, reply.raw.headers);
          response.end(reply.raw.body);
          return;
        }
        response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        response.end(JSON.stringify(reply.body));
      });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/${options.version}`,
    origin: `http://127.0.0.1:${port}`,
    calls,
    /** Answers the next `times` calls (to `endpoint`, or to any) with this failure. */
    failNext(kind: FakeFailureKind, times = 1, endpoint?: string) {
      for (let i = 0; i < times; i++) failures.push({ kind, endpoint });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A fake OAuth answer in the Graph server's reply shape. */
export const rawReply = (reply: {
  status: number;
  headers: Record<string, string>;
  body: string;
}): GraphReply => ({
  status: reply.status,
  body: null,
  raw: { headers: reply.headers, body: reply.body },
});

/**
 * Facebook Login's endpoints on a Graph fake (external-apis.md 2.1): the consent page at
 * /dialog/oauth, the code exchange (a short-lived user token) and the fb_exchange_token
 * grant (a long-lived one) at /oauth/access_token. Answers null for other requests.
 */
export function facebookLogin(request: GraphRequest, oauth: FakeOAuth): GraphReply | null {
  const [first, second] = request.segments;
  if (request.method === 'GET' && first === 'dialog' && second === 'oauth') {
    return rawReply(
      oauth.consentPage(
        new URL(`http://fake/?${new URLSearchParams([...request.params]).toString()}`),
      ),
    );
  }
  if (first !== 'oauth' || second !== 'access_token') return null;
  const { params } = request;
  if (params.get('grant_type') === 'fb_exchange_token') {
    if (
      params.get('client_id') !== oauth.app.clientId ||
      params.get('client_secret') !== oauth.app.clientSecret
    )
      return graphError(1, 'Error validating client secret.', { type: 'OAuthException' });
    const issued = oauth.exchange(params.get('fb_exchange_token') ?? null, 60 * 24 * 3600);
    if (!issued) return graphError(190, 'Error validating access token: Session has expired.');
    return {
      status: 200,
      body: {
        access_token: issued.accessToken,
        token_type: 'bearer',
        expires_in: issued.expiresIn,
      },
    };
  }
  const redeemed = oauth.redeemCode({
    code: params.get('code') ?? null,
    clientId: params.get('client_id') ?? null,
    clientSecret: params.get('client_secret') ?? null,
    redirectUri: params.get('redirect_uri') ?? null,
    codeVerifier: params.get('code_verifier') ?? null,
  });
  if (redeemed.refusal) {
    return graphError(100, 'Invalid verification code format.', { type: 'OAuthException' });
  }
  const issued = oauth.issue(3600, false, redeemed.hint);
  return {
    status: 200,
    body: { access_token: issued.accessToken, token_type: 'bearer', expires_in: issued.expiresIn },
  };
}

/** The Meta app the fakes' Facebook Login stands for (Facebook Pages and Instagram). */
export const FAKE_META_APP = { clientId: '1234567890', clientSecret: 'fake-facebook-app-secret' };

/** What a Meta fake knows of a token for debug_token: its kind and expiry (Unix s, 0 never). */
export interface FakeTokenInfo {
  type: 'USER' | 'PAGE';
  expiresAt: number;
  userId: string;
}

/**
 * Graph's `GET /debug_token?input_token=…&access_token={app-id}|{app-secret}` (reference
 * 2.2): the app token must be the fake Meta app's; a token the fake does not know answers
 * `is_valid: false` with an error object, as Graph does.
 */
export function debugToken(
  request: GraphRequest,
  info: (token: string) => FakeTokenInfo | null,
): GraphReply | null {
  if (request.method !== 'GET' || request.segments[0] !== 'debug_token' || request.segments[1])
    return null;
  if (
    request.params.get('access_token') !== `${FAKE_META_APP.clientId}|${FAKE_META_APP.clientSecret}`
  )
    return graphError(190, 'Invalid OAuth access token signature.', { type: 'OAuthException' });
  const input = request.params.get('input_token') ?? '';
  const known = input ? info(input) : null;
  if (!known) {
    return {
      status: 200,
      body: {
        data: {
          is_valid: false,
          error: { code: 190, message: 'Invalid OAuth access token.', subcode: 467 },
          scopes: [],
        },
      },
    };
  }
  return {
    status: 200,
    body: {
      data: {
        app_id: FAKE_META_APP.clientId,
        type: known.type,
        application: 'Cadence (local stand-in)',
        data_access_expires_at: 0,
        expires_at: known.expiresAt,
        is_valid: true,
        issued_at: Math.floor(Date.now() / 1000),
        scopes: ['pages_show_list', 'pages_manage_posts'],
        user_id: known.userId,
      },
    },
  };
}

/**
 * Expiries a test sets for a Meta fake's tokens (by the app's clock, which tests move by
 * hand); other tokens answer what the fake knows (its OAuth tokens) or never (the fixed ones).
 */
export function createTokenExpiries(oauth: FakeOAuth) {
  const overrides = new Map<string, number>();
  return {
    /** `at` null: the token never expires (debug_token's expires_at 0). */
    set: (token: string, at: Date | null) => {
      overrides.set(token, at ? Math.floor(at.getTime() / 1000) : 0);
    },
    of: (token: string): number => {
      const override = overrides.get(token);
      if (override !== undefined) return override;
      const issued = oauth.expiryOf(token);
      return issued === undefined ? 0 : Math.floor(issued / 1000);
    },
  };
}

/** A comment a Meta fake accepted under a post (a Page post, an Instagram media). */
export interface FakeMetaComment {
  id: string;
  /** The post it is under. */
  postId: string;
  message: string;
  receivedAt: number;
}
