import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import {
  basicClient,
  createFakeOAuth,
  formParams,
  handleOf,
  oauthError,
  oauthJson,
  type OAuthReply,
} from './oauth.js';
import { accountCredential, accountOf, numericIdOf } from './accounts.js';
import { postNotFound, postPage } from './post-page.js';
import { createFakeMetrics } from './metrics.js';
import { listenOnLoopback } from './listen.js';

export type FakeFailure = 'unauthorized' | 'rate-limited' | 'server-error' | 'hang' | 'invalid';

export interface FakeXMedia {
  id: string;
  category: string;
  mimeType: string;
  size: number;
  altText?: string;
  isProcessed: boolean;
}
export interface FakeXPost {
  id: string;
  text: string | undefined;
  media: FakeXMedia[];
  /** The posting account's user id. */
  account: string;
  /** When the fake accepted it (ms since the epoch). */
  receivedAt: number;
  /** `reply.in_reply_to_tweet_id`: the post this one answers (a thread's earlier part). */
  inReplyTo?: string;
}

type Answer = readonly [status: number, body: unknown, headers?: Record<string, string>];

const DEFAULT_USER = { id: '2244994945', name: 'Cadence Test', username: 'cadence_test' };
const RATE_WINDOW_SECONDS = 60;
const DUPLICATE = 'You are not allowed to create a Tweet with duplicate content.';

const problem = (status: number, title: string, detail = title): Answer => [
  status,
  { title, detail, type: 'about:blank', status },
];
const invalidRequest = (parameter: string, message: string): Answer => [
  400,
  {
    errors: [{ parameters: { [parameter]: [message] }, message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  },
];
const data = (body: object, status = 200): Answer => [status, { data: body }];

/** The bodies X answers each failure with (API reference 1.6). */
const FAILURES = {
  unauthorized: problem(401, 'Unauthorized'),
  'rate-limited': problem(429, 'Too Many Requests'),
  'server-error': problem(503, 'Service Unavailable'),
  invalid: invalidRequest('text', 'Your Tweet text is too long.'),
};

// Written apart from the adapter's signer on purpose, so a shared mistake cannot pass unseen.
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(
    /[!*'()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * A local stand-in for the X API v2 (users/me, tweets, media upload), checking OAuth 1.0a
 * signatures against its own address as X does against api.x.com.
 */
export async function startFakeX(options: { user?: { name: string; username: string } } = {}) {
  const USER = { ...DEFAULT_USER, ...options.user };
  /** Account n of the fake (see accounts.ts); 0 is USER. */
  const userOf = (n: number) => {
    if (n === 0) return USER;
    // An account a consent page signed in as, named after the entity being connected.
    const hinted = oauth2.hintedName(n);
    if (hinted) return { id: numericIdOf(USER.id, n), name: hinted, username: handleOf(hinted) };
    return { id: numericIdOf(USER.id, n), name: `Bench ${n}`, username: `bench_${n}` };
  };
  /** The account behind a user id (a post keeps its account's id). */
  const userById = (id: string) => userOf(Number((BigInt(id) - BigInt(USER.id)) / 1_000_000n));
  const validCredentials = {
    apiKey: 'fake-x-consumer-key',
    apiSecret: 'fake-x-consumer-secret',
    accessToken: '2244994945-fakeAccessToken',
    accessTokenSecret: 'fake-x-token-secret',
  };
  // One-click connect: OAuth 2.0 with PKCE, a confidential client (HTTP Basic), two-hour
  // access tokens and rotating refresh tokens (external-apis.md 1.x).
  const oauth2 = createFakeOAuth({
    name: 'X',
    app: { clientId: 'fake-x-oauth-client', clientSecret: 'fake-x-oauth-secret' },
    requirePkce: true,
    accessTtlSeconds: 7200,
    refreshTokens: true,
  });
  const posts: FakeXPost[] = [];
  const postListeners = new Set<(post: FakeXPost) => void>();
  /** Texts refused as duplicates of the same account's earlier post (a second attempt). */
  const refusedDuplicates: string[] = [];
  const media = new Map<string, FakeXMedia>();
  const calls: Record<string, number> = {};
  const failures: Array<{
    kind: FakeFailure;
    endpoint: string | undefined;
    retryAfterSeconds?: number;
  }> = [];
  const metrics = createFakeMetrics();
  /** The ids each `GET /2/tweets` lookup asked for, in order. */
  const lookups: string[][] = [];
  const usedNonces = new Set<string>();
  const sockets = new Set<Socket>();
  let nextId = 1_850_000_000_000_000_000n;
  let port = 0;
  const newId = () => String(nextId++);
  const addMedia = (item: Omit<FakeXMedia, 'id'>) => {
    const stored = { id: newId(), ...item };
    media.set(stored.id, stored);
    return stored;
  };

  function tokenEndpoint(request: IncomingMessage, url: URL, body: string): OAuthReply {
    const params = formParams(url, body, request.headers['content-type']);
    const client = basicClient(request.headers.authorization);
    if (!client) return oauthError(401, 'invalid_client', 'Missing client authentication');
    const grant = params.get('grant_type');
    const answer = (issued: ReturnType<typeof oauth2.issue>) =>
      oauthJson(200, {
        token_type: 'bearer',
        expires_in: issued.expiresIn,
        access_token: issued.accessToken,
        scope: 'tweet.read tweet.write users.read media.write offline.access',
        refresh_token: issued.refreshToken,
      });
    if (grant === 'authorization_code') {
      const redeemed = oauth2.redeemCode({
        code: params.get('code'),
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        redirectUri: params.get('redirect_uri'),
        codeVerifier: params.get('code_verifier'),
      });
      return redeemed.refusal ?? answer(oauth2.issue(undefined, false, redeemed.hint));
    }
    if (grant === 'refresh_token') {
      if (
        client.clientId !== oauth2.app.clientId ||
        client.clientSecret !== oauth2.app.clientSecret
      )
        return oauthError(401, 'invalid_client', 'Client authentication failed');
      const issued = oauth2.refresh(params.get('refresh_token'));
      return issued
        ? answer(issued)
        : oauthError(400, 'invalid_request', 'Value passed for the token was invalid.');
    }
    return oauthError(400, 'unsupported_grant_type', 'Unsupported grant_type');
  }

  /** The signing account (see accounts.ts), or undefined when the request is not signed. */
  function signer(request: IncomingMessage, url: URL): number | undefined {
    const header = request.headers.authorization ?? '';
    const bearer = /^Bearer (.+)$/.exec(header)?.[1];
    if (bearer) return oauth2.isValid(bearer) ? oauth2.accountOf(bearer) : undefined;
    if (!header.startsWith('OAuth ')) return undefined;
    const oauth = new Map<string, string>();
    for (const [, key, value] of header.matchAll(/([\w]+)="([^"]*)"/g)) {
      oauth.set(decodeURIComponent(key!), decodeURIComponent(value!));
    }
    const nonce = oauth.get('oauth_nonce') ?? '';
    const skew = Math.abs(Date.now() / 1000 - Number(oauth.get('oauth_timestamp')));
    const account = accountOf(oauth.get('oauth_token'), validCredentials.accessToken);
    if (
      oauth.get('oauth_consumer_key') !== validCredentials.apiKey ||
      account === undefined ||
      oauth.get('oauth_signature_method') !== 'HMAC-SHA1' ||
      !(skew < 300) ||
      !nonce ||
      usedNonces.has(nonce)
    )
      return undefined;
    usedNonces.add(nonce);
    const parameters = [...oauth.entries(), ...url.searchParams.entries()]
      .filter(([key]) => key !== 'oauth_signature')
      .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
      .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    // Like X, judge the signature against the address the client used (a proxy keeps Host).
    const host = request.headers.host ?? `127.0.0.1:${port}`;
    const base = `${request.method}&${rfc3986(`http://${host}${url.pathname}`)}&${rfc3986(parameters)}`;
    const key = `${rfc3986(validCredentials.apiSecret)}&${rfc3986(validCredentials.accessTokenSecret)}`;
    const signature = createHmac('sha1', key).update(base).digest('base64');
    return signature === oauth.get('oauth_signature') ? account : undefined;
  }

  /** The post's page where x.com would show it (`X_WEB_URL` points here in the demo). */
  function postPageOf(id: string) {
    const post = posts.find((item) => item.id === id);
    if (!post) return postNotFound('X');
    const author = userById(post.account);
    return postPage({
      network: 'X',
      author: `${author.name} @${author.username}`,
      text: post.text,
      attachments: post.media.length,
    });
  }

  /**
   * `GET /2/users/:id/tweets`: the account's posts this fake received, newest first, from
   * `start_time`, as X answers them (links as t.co addresses, their targets in
   * `entities.urls` when `tweet.fields` asks for entities; &, <, > as HTML entities).
   */
  function readTimeline(userId: string, url: URL): Answer {
    const params = url.searchParams;
    const startTime = params.get('start_time');
    const start = startTime ? Date.parse(startTime) : 0;
    if (Number.isNaN(start)) return invalidRequest('start_time', 'start_time is not a date');
    const max = Number(params.get('max_results') ?? 10);
    if (!(Number.isInteger(max) && max >= 5 && max <= 100))
      return invalidRequest('max_results', 'max_results must be between 5 and 100');
    const fields = (params.get('tweet.fields') ?? '').split(',');
    const mine = posts
      .filter((post) => post.account === userId && post.receivedAt >= start)
      .sort((a, b) => b.receivedAt - a.receivedAt);
    const offset = Number(params.get('pagination_token') ?? 0) || 0;
    const page = mine.slice(offset, offset + max);
    const shown = page.map((post) => {
      const urls: Array<{ url: string; expanded_url: string }> = [];
      const text = (post.text ?? '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/https?:\/\/\S+/g, (link) => {
          const short = `https://t.co/${post.id.slice(-6)}${urls.length}`;
          urls.push({ url: short, expanded_url: link.replace(/&amp;/g, '&') });
          return short;
        });
      return {
        id: post.id,
        text,
        edit_history_tweet_ids: [post.id],
        ...(fields.includes('created_at')
          ? { created_at: new Date(post.receivedAt).toISOString() }
          : {}),
        ...(fields.includes('entities') && urls.length > 0 ? { entities: { urls } } : {}),
      };
    });
    const more = offset + max < mine.length;
    return [
      200,
      {
        ...(shown.length > 0 ? { data: shown } : {}),
        meta: {
          result_count: shown.length,
          ...(shown.length > 0 ? { newest_id: shown[0]!.id, oldest_id: shown.at(-1)!.id } : {}),
          ...(more ? { next_token: String(offset + max) } : {}),
        },
      },
    ];
  }

  /**
   * `GET /2/tweets?ids=…&tweet.fields=public_metrics` (up to 100 ids): the posts found, and
   * each id not found (deleted) as a 'Not Found Error' in the 200 answer's `errors` list.
   */
  function lookUpTweets(url: URL): Answer {
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 100)
      return invalidRequest('ids', 'ids must name between 1 and 100 posts');
    lookups.push(ids);
    const fields = (url.searchParams.get('tweet.fields') ?? '').split(',');
    const found: object[] = [];
    const errors: object[] = [];
    for (const id of ids) {
      const post = posts.find((item) => item.id === id);
      const counts = post ? metrics.countsOf(id) : undefined;
      if (!post || !counts) {
        errors.push({
          value: id,
          detail: `Could not find tweet with ids: [${id}].`,
          title: 'Not Found Error',
          resource_type: 'tweet',
          parameter: 'ids',
          resource_id: id,
          type: 'https://api.twitter.com/2/problems/resource-not-found',
        });
        continue;
      }
      found.push({
        id,
        text: post.text ?? '',
        edit_history_tweet_ids: [id],
        ...(fields.includes('public_metrics')
          ? {
              public_metrics: {
                retweet_count: counts.reposts,
                reply_count: counts.replies,
                like_count: counts.likes,
                quote_count: counts.quotes,
                bookmark_count: counts.saves,
                impression_count: counts.impressions,
              },
            }
          : {}),
      });
    }
    return [
      200,
      { ...(found.length > 0 ? { data: found } : {}), ...(errors.length > 0 ? { errors } : {}) },
    ];
  }

  let uploadGate: Promise<void> | undefined;

  async function handle(
    request: IncomingMessage,
    url: URL,
    body: Buffer,
    account: number,
  ): Promise<Answer> {
    const json = () => JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    const form = () =>
      new Response(new Uint8Array(body), {
        headers: { 'content-type': request.headers['content-type'] ?? '' },
      }).formData();
    const path = url.pathname;
    const user = userOf(account);
    if (request.method === 'GET' && path === '/2/users/me') {
      const fields = (url.searchParams.get('user.fields') ?? '').split(',');
      if (!fields.includes('public_metrics')) return [200, { data: user }];
      const followers = metrics.followersOf(user.id);
      const public_metrics = {
        followers_count: followers,
        following_count: 120,
        tweet_count: posts.filter((post) => post.account === user.id).length,
        listed_count: 3,
        like_count: 0,
      };
      return [200, { data: { ...user, public_metrics } }];
    }
    if (request.method === 'GET' && path === '/2/tweets') return lookUpTweets(url);
    const timeline = /^\/2\/users\/(\d+)\/tweets$/.exec(path);
    if (request.method === 'GET' && timeline) return readTimeline(timeline[1]!, url);
    if (request.method === 'POST' && path === '/2/media/upload') {
      await uploadGate;
      const fields = await form();
      const file = fields.get('media');
      if (!(file instanceof Blob)) return invalidRequest('media', 'media is required');
      const category = fields.get('media_category');
      const item = addMedia({
        category: typeof category === 'string' ? category : '',
        mimeType: file.type,
        size: file.size,
        isProcessed: true,
      });
      return data({ id: item.id, media_key: `3_${item.id}`, expires_after_secs: 86400 });
    }
    if (request.method === 'POST' && path === '/2/media/upload/initialize') {
      const init = json();
      const category = String(init.media_category);
      const mimeType = String(init.media_type);
      const item = addMedia({ category, mimeType, size: 0, isProcessed: false });
      return data({ id: item.id, media_key: `7_${item.id}`, expires_after_secs: 86400 });
    }
    const step = /^\/2\/media\/upload\/(\d+)\/(append|finalize)$/.exec(path);
    if (request.method === 'POST' && step) {
      const item = media.get(step[1]!);
      if (!item) return invalidRequest('id', 'Unknown media id');
      if (step[2] === 'append') {
        const chunk = (await form()).get('media');
        item.size += chunk instanceof Blob ? chunk.size : 0;
        return [204, null];
      }
      // Processing is reported as pending once, to exercise the STATUS polling.
      return data({ id: item.id, processing_info: { state: 'pending', check_after_secs: 0 } });
    }
    if (request.method === 'GET' && path === '/2/media/upload') {
      const item = media.get(url.searchParams.get('media_id') ?? '');
      if (!item) return invalidRequest('media_id', 'Unknown media id');
      item.isProcessed = true;
      return data({ id: item.id, processing_info: { state: 'succeeded', progress_percent: 100 } });
    }
    if (request.method === 'POST' && path === '/2/media/metadata') {
      const { id, metadata } = json() as {
        id: string;
        metadata?: { alt_text?: { text?: string } };
      };
      const item = media.get(id);
      if (!item) return invalidRequest('id', 'Unknown media id');
      item.altText = metadata?.alt_text?.text;
      return data({ id, associated_metadata: metadata });
    }
    if (request.method === 'POST' && path === '/2/tweets') {
      const tweet = json() as {
        text?: string;
        media?: { media_ids?: string[] };
        reply?: { in_reply_to_tweet_id?: string };
      };
      const inReplyTo = tweet.reply?.in_reply_to_tweet_id;
      if (tweet.reply !== undefined && !posts.some((post) => post.id === inReplyTo)) {
        return invalidRequest(
          'reply.in_reply_to_tweet_id',
          'The Tweet you are replying to does not exist or has been deleted.',
        );
      }
      const attached = (tweet.media?.media_ids ?? []).map((id) => media.get(id));
      if (attached.some((item) => !item?.isProcessed))
        return invalidRequest('media.media_ids', 'Your media IDs are invalid.');
      if (!tweet.text && attached.length === 0)
        return invalidRequest('text', 'text or media is required');
      if ((tweet.text ?? '').replace(/https?:\/\/\S+/g, 'x'.repeat(23)).length > 280)
        return FAILURES.invalid;
      if (
        tweet.text &&
        posts.some((post) => post.text === tweet.text && post.account === user.id)
      ) {
        refusedDuplicates.push(tweet.text);
        return problem(403, 'Forbidden', DUPLICATE);
      }
      const post = {
        id: newId(),
        text: tweet.text,
        media: attached.filter((item) => !!item),
        account: user.id,
        receivedAt: Date.now(),
        ...(inReplyTo ? { inReplyTo } : {}),
      };
      posts.push(post);
      metrics.made(post.id);
      for (const listener of postListeners) listener(post);
      return data({ id: post.id, text: post.text ?? '', edit_history_tweet_ids: [post.id] }, 201);
    }
    return problem(404, 'Not Found Error', `Could not find ${path}`);
  }

  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
      const statusId = /^\/i\/web\/status\/(\d+)$/.exec(url.pathname)?.[1];
      const oauthReply =
        request.method === 'GET' && statusId !== undefined
          ? postPageOf(statusId)
          : request.method === 'GET' && url.pathname === '/i/oauth2/authorize'
            ? oauth2.consentPage(url)
            : request.method === 'POST' && url.pathname === '/2/oauth2/token'
              ? tokenEndpoint(request, url, Buffer.concat(chunks).toString('utf8'))
              : null;
      if (oauthReply) {
        response.writeHead(oauthReply.status, oauthReply.headers);
        response.end(oauthReply.body);
        return;
      }
      const endpoint = `${request.method} ${url.pathname.replace(/\/upload\/\d+\//, '/upload/:id/')}`;
      calls[endpoint] = (calls[endpoint] ?? 0) + 1;
      const send = ([status, body, headers]: Answer) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(body === null ? undefined : JSON.stringify(body));
      };
      const failureIndex = failures.findIndex(
        (f) => f.endpoint === undefined || f.endpoint === endpoint,
      );
      const failed = failureIndex >= 0 ? failures.splice(failureIndex, 1)[0] : undefined;
      const failure = failed?.kind;
      if (failure === 'hang') return;
      if (failure === 'rate-limited' && failed?.retryAfterSeconds !== undefined) {
        const [status, body] = FAILURES[failure];
        return send([status, body, { 'retry-after': String(failed.retryAfterSeconds) }]);
      }
      if (failure === 'rate-limited') {
        const reset = Math.floor(Date.now() / 1000) + RATE_WINDOW_SECONDS;
        const [status, body] = FAILURES[failure];
        return send([
          status,
          body,
          { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': `${reset}` },
        ]);
      }
      if (failure) return send(FAILURES[failure]);
      const account = signer(request, url);
      if (account === undefined) return send(FAILURES.unauthorized);
      send(await handle(request, url, Buffer.concat(chunks), account));
    })().catch(() => {
      // The client went away mid-request: nothing to answer.
      response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  port = await listenOnLoopback(server);

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    validCredentials,
    /** The OAuth 2.0 app, consent page and tokens (one-click connect). */
    oauth: oauth2,
    authorizeUrl: `http://127.0.0.1:${port}/i/oauth2/authorize`,
    user: USER,
    rateWindowSeconds: RATE_WINDOW_SECONDS,
    posts,
    refusedDuplicates,
    media,
    calls,
    /** Account n's credentials and user (see accounts.ts). */
    account(n: number) {
      const credentials = {
        ...validCredentials,
        accessToken: accountCredential(validCredentials.accessToken, n),
      };
      return { credentials, user: userOf(n) };
    },
    /**
     * Simple media uploads wait until the answered function is called (a slow upload, for
     * tests that act while one is under way).
     */
    holdUploads() {
      let release = () => {};
      uploadGate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        uploadGate = undefined;
        release();
      };
    },
    /**
     * A post the account made earlier by hand (not through the API): it shows in the account's
     * timeline from `receivedAt` on.
     */
    postedEarlier(text: string, receivedAt: number, account = USER.id) {
      const post = { id: newId(), text, media: [], account, receivedAt };
      posts.push(post);
      metrics.made(post.id);
      return post;
    },
    /**
     * Calls `listener` with each post as it is made, before the answer is sent (tests act at
     * a given point of a thread). Answers the function that stops it.
     */
    onPost(listener: (post: FakeXPost) => void) {
      postListeners.add(listener);
      return () => postListeners.delete(listener);
    },
    /** The next `times` requests (to `endpoint`, e.g. 'POST /2/tweets', when given) fail this way. */
    failNext(kind: FakeFailure, times = 1, endpoint?: string) {
      for (let i = 0; i < times; i++) failures.push({ kind, endpoint });
    },
    /** The next request to `endpoint` answers 429 with `Retry-After: seconds`. */
    rateLimitNext(endpoint: string, seconds: number) {
      failures.push({ kind: 'rate-limited', endpoint, retryAfterSeconds: seconds });
    },
    /** The metric reads' numbers and deletions (see metrics.ts). */
    metrics,
    lookups,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
