import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { createFakeOAuth, handleOf, oauthError, oauthJson, type OAuthReply } from './oauth.js';
import { accountCredential, accountOf, drawMs, numericIdOf } from './accounts.js';
import { metaList, metaTime, nextPageUrl, pickFields } from './meta-list.js';
import { postNotFound, postPage } from './post-page.js';
import { createFakeMetrics, type FakeMetricCounts } from './metrics.js';
import { listenOnLoopback } from './listen.js';

export type FakeFailure = 'unauthorized' | 'rate-limited' | 'server-error' | 'hang' | 'invalid';

export interface FakeThreadsContainer {
  id: string;
  params: Record<string, string>;
  statusChecks: number;
  isPublished: boolean;
  /** IN_PROGRESS until then (ms since the epoch), with `processingMs`. */
  readyAt: number;
  account: string;
}
export interface FakeThreadsPost {
  id: string;
  mediaType: string;
  text: string | undefined;
  imageUrl: string | undefined;
  videoUrl: string | undefined;
  linkAttachment: string | undefined;
  permalink: string;
  /** The posting account's user id. */
  account: string;
  /** When the fake accepted it (ms since the epoch). */
  receivedAt: number;
  /** `reply_to_id`: the post this one answers (a thread's earlier part). */
  replyToId?: string;
}

type Answer = readonly [status: number, body: unknown, headers?: Record<string, string>];

const DEFAULT_USER = { id: '17841400000000001', username: 'cadence.test', name: 'Cadence Test' };
const RATE_LIMIT_MINUTES = 2;

/** Meta's error object; the HTTP status is usually 400 whatever the cause (reference 2.5). */
const metaError = (status: number, code: number, message: string, extra: object = {}): Answer => [
  status,
  {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...extra,
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  },
];
const badParameter = (message: string) => metaError(400, 100, message);

const FAILURES: Record<Exclude<FakeFailure, 'hang'>, Answer> = {
  unauthorized: metaError(400, 190, 'Error validating access token: Session has expired.', {
    error_subcode: 463,
  }),
  'rate-limited': [
    400,
    metaError(400, 4, 'Application request limit reached', { is_transient: true })[1],
    {
      'x-business-use-case-usage': JSON.stringify({
        [DEFAULT_USER.id]: [
          { type: 'threads', call_count: 100, estimated_time_to_regain_access: RATE_LIMIT_MINUTES },
        ],
      }),
    },
  ],
  'server-error': metaError(500, 2, 'An unexpected error has occurred. Please retry later.', {
    is_transient: true,
  }),
  invalid: metaError(400, 100, 'Invalid parameter', {
    error_user_msg: 'The media could not be fetched from this URI.',
  }),
};

/**
 * A local stand-in for the Threads Graph API v1.0: /me, container creation, container
 * status, threads_publish and the permalink read, with the token checked on every call.
 * With `processingMs`, media containers stay IN_PROGRESS for a time drawn from that range,
 * as real ones take seconds (text containers are ready at once, as the adapter expects).
 */
export async function startFakeThreads(
  options: {
    processingMs?: readonly [min: number, max: number];
    user?: { name: string; username: string };
  } = {},
) {
  const USER = { ...DEFAULT_USER, ...options.user };
  /** Account n of the fake (see accounts.ts); 0 is USER. */
  const userOf = (n: number) => {
    if (n === 0) return USER;
    // An account a consent page signed in as, named after the entity being connected.
    const hinted = oauth.hintedName(n);
    if (hinted) return { id: numericIdOf(USER.id, n), username: handleOf(hinted), name: hinted };
    return { id: numericIdOf(USER.id, n), username: `bench.${n}`, name: `Bench ${n}` };
  };
  /** The account behind a user id (a post keeps its account's id). */
  const userById = (id: string) => userOf(Number((BigInt(id) - BigInt(USER.id)) / 1_000_000n));
  const validCredentials = {
    accessToken: 'fake-threads-token',
    clientSecret: 'fake-threads-secret',
    userId: USER.id,
  };
  // Threads OAuth (one-click connect): a code for a short-lived token, th_exchange_token for
  // a 60-day one, th_refresh_token for a fresh 60-day one (external-apis.md 7).
  const oauth = createFakeOAuth({
    name: 'Threads',
    app: { clientId: 'fake-threads-app-id', clientSecret: validCredentials.clientSecret },
    accessTtlSeconds: 3600,
    refreshTokens: false,
  });
  const LONG_LIVED_SECONDS = 60 * 24 * 3600;
  function oauthEndpoint(
    method: string,
    path: string,
    url: URL,
    params: URLSearchParams,
  ): OAuthReply | null {
    if (method === 'GET' && path === '/oauth/authorize') return oauth.consentPage(url);
    const token = (issued: ReturnType<typeof oauth.issue> | null) =>
      issued
        ? oauthJson(200, {
            access_token: issued.accessToken,
            token_type: 'bearer',
            expires_in: issued.expiresIn,
          })
        : oauthJson(400, metaError(400, 190, 'Error validating access token')[1]);
    if (method === 'POST' && path === '/oauth/access_token') {
      const redeemed = oauth.redeemCode({
        code: params.get('code'),
        clientId: params.get('client_id'),
        clientSecret: params.get('client_secret'),
        redirectUri: params.get('redirect_uri'),
        codeVerifier: params.get('code_verifier'),
      });
      if (redeemed.refusal) return redeemed.refusal;
      const issued = oauth.issue(undefined, false, redeemed.hint);
      const userId = userOf(oauth.accountOf(issued.accessToken)).id;
      return oauthJson(200, { access_token: issued.accessToken, user_id: Number(userId) });
    }
    if (method === 'GET' && path === '/access_token') {
      if (
        params.get('grant_type') !== 'th_exchange_token' ||
        params.get('client_secret') !== oauth.app.clientSecret
      )
        return oauthError(400, 'invalid_request', 'Invalid grant_type or client_secret');
      return token(oauth.exchange(params.get('access_token'), LONG_LIVED_SECONDS));
    }
    if (method === 'GET' && path === '/refresh_access_token') {
      if (params.get('grant_type') !== 'th_refresh_token')
        return oauthError(400, 'invalid_request', 'Invalid grant_type');
      return token(oauth.exchange(params.get('access_token'), LONG_LIVED_SECONDS, true));
    }
    return null;
  }
  const posts: FakeThreadsPost[] = [];
  const containers = new Map<string, FakeThreadsContainer>();
  const calls: Record<string, number> = {};
  const failures: Array<{ kind: FakeFailure; endpoint: string | undefined }> = [];
  const sockets = new Set<Socket>();
  let nextId = 18_000_000_000_000_000n;
  let processingChecks = 0;
  const newId = () => String(nextId++);
  const metrics = createFakeMetrics();
  /** The metrics `GET /{media-id}/insights` answers, by the names Threads gives them. */
  const INSIGHTS: Record<string, (counts: FakeMetricCounts) => number> = {
    views: (counts) => counts.impressions,
    likes: (counts) => counts.likes,
    replies: (counts) => counts.replies,
    reposts: (counts) => counts.reposts,
    quotes: (counts) => counts.quotes,
  };

  function endpointOf(method: string, segments: string[]): string {
    if (segments.length === 2) return `${method} /${segments[1]}`;
    if (segments[0] === 'me') return `${method} /me`;
    if (containers.has(segments[0] ?? '')) return `${method} /container`;
    return `${method} /post`;
  }

  function handle(
    method: string,
    segments: string[],
    params: URLSearchParams,
    account: number,
  ): Answer {
    const [first = '', action] = segments;
    const user = userOf(account);
    const isUser = first === 'me' || first === user.id;
    if (method === 'GET' && first === 'me' && !action) return [200, user];
    if (method === 'GET' && isUser && action === 'threads') {
      // The account's posts this fake received (documented fields: id, text, timestamp, permalink...).
      const mine = posts.filter((post) => post.account === user.id);
      return [
        200,
        metaList(
          mine,
          params,
          (post) =>
            pickFields(params, {
              id: post.id,
              media_type: post.mediaType === 'TEXT' ? 'TEXT_POST' : post.mediaType,
              text: post.text,
              timestamp: metaTime(post.receivedAt),
              permalink: post.permalink,
              username: user.username,
            }),
          (after) => nextPageUrl(`http://127.0.0.1:${port}/v1.0/me/threads`, params, after),
        ),
      ];
    }
    if (method === 'GET' && isUser && action === 'threads_insights') {
      // `GET /{user}/threads_insights?metric=followers_count`: a total, not a daily series.
      if (params.get('metric') !== 'followers_count') return badParameter('Unsupported metric');
      const followers = { value: metrics.followersOf(user.id) };
      return [200, { data: [{ name: 'followers_count', period: 'day', total_value: followers }] }];
    }
    if (method === 'GET' && action === 'insights' && posts.some((post) => post.id === first)) {
      const post = posts.find((candidate) => candidate.id === first)!;
      const counts = metrics.countsOf(first);
      if (!counts) {
        return metaError(400, 100, `Object with ID '${first}' does not exist`, {
          error_subcode: 33,
        });
      }
      if (post.account !== user.id) {
        return metaError(400, 10, 'Application does not have permission for this action');
      }
      const names = (params.get('metric') ?? '').split(',');
      if (names.some((name) => !INSIGHTS[name])) return badParameter('Unsupported metric');
      const data = names.map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: INSIGHTS[name]!(counts) }],
        id: `${first}/insights/${name}/lifetime`,
      }));
      return [200, { data }];
    }
    if (action && !isUser) {
      return metaError(400, 100, `Object with ID '${first}' does not exist`, { error_subcode: 33 });
    }
    if (method === 'POST' && action === 'threads') {
      const input = Object.fromEntries(params);
      delete input.access_token;
      const { media_type: type, text } = input;
      if (type === 'TEXT' && !text) return badParameter('Param text is required for TEXT posts');
      if (type === 'IMAGE' && !input.image_url) return badParameter('Param image_url is required');
      if (type === 'VIDEO' && !input.video_url) return badParameter('Param video_url is required');
      if (!['TEXT', 'IMAGE', 'VIDEO'].includes(type ?? ''))
        return badParameter('Invalid media_type');
      if (input.link_attachment && type !== 'TEXT') {
        return badParameter('link_attachment is only supported on TEXT posts');
      }
      if ([...(text ?? '')].length > 500)
        return badParameter('Param text must be at most 500 characters long.');
      if (input.reply_to_id !== undefined && !posts.some((post) => post.id === input.reply_to_id)) {
        return badParameter('Param reply_to_id must be a published Threads post');
      }
      const container = {
        id: newId(),
        params: input,
        statusChecks: 0,
        isPublished: false,
        readyAt:
          Date.now() + (options.processingMs && type !== 'TEXT' ? drawMs(options.processingMs) : 0),
        account: user.id,
      };
      containers.set(container.id, container);
      return [200, { id: container.id }];
    }
    if (method === 'POST' && action === 'threads_publish') {
      const container = containers.get(params.get('creation_id') ?? '');
      if (!container || container.isPublished || container.account !== user.id) {
        return metaError(400, 24, 'The requested resource does not exist', {
          error_subcode: 2207006,
        });
      }
      if (!isFinished(container)) {
        return metaError(400, 9007, 'Media ID is not available', { error_subcode: 2207027 });
      }
      container.isPublished = true;
      const id = newId();
      const { media_type, text, image_url, video_url, link_attachment, reply_to_id } =
        container.params;
      posts.push({
        id,
        mediaType: media_type ?? '',
        text,
        imageUrl: image_url,
        videoUrl: video_url,
        linkAttachment: link_attachment,
        // A local page (Threads' own permalink is on threads.net).
        permalink: `http://127.0.0.1:${port}/@${user.username}/post/${id}`,
        account: user.id,
        receivedAt: Date.now(),
        ...(reply_to_id ? { replyToId: reply_to_id } : {}),
      });
      metrics.made(id);
      return [200, { id }];
    }
    if (method === 'GET' && !action) {
      const container = containers.get(first);
      if (container) {
        container.statusChecks++;
        const status = container.isPublished
          ? 'PUBLISHED'
          : isFinished(container)
            ? 'FINISHED'
            : 'IN_PROGRESS';
        return [200, { id: first, status }];
      }
      const post = posts.find((candidate) => candidate.id === first);
      if (post) return [200, { id: post.id, permalink: post.permalink }];
    }
    return metaError(400, 100, 'Unsupported request', { error_subcode: 33 });
  }

  // Text containers are ready at once; media ones after `processingChecks` status reads.
  function isFinished(container: FakeThreadsContainer) {
    if (Date.now() < container.readyAt) return false;
    return container.params.media_type === 'TEXT' || container.statusChecks > processingChecks;
  }

  let port = 0;
  function postPageOf(id: string) {
    const post = posts.find((item) => item.id === id);
    if (!post) return postNotFound('Threads');
    const author = userById(post.account);
    return postPage({
      network: 'Threads',
      author: `${author.name} @${author.username}`,
      text: post.text,
      link: post.linkAttachment,
      attachments: post.imageUrl || post.videoUrl ? 1 : 0,
    });
  }

  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const params = new URLSearchParams(url.search);
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
          params.set(key, value);
        }
      }
      const method = request.method ?? 'GET';
      const postId = /^\/@[^/]+\/post\/(\d+)$/.exec(url.pathname)?.[1];
      const oauthReply =
        method === 'GET' && postId !== undefined
          ? postPageOf(postId)
          : oauthEndpoint(method, url.pathname, url, params);
      if (oauthReply) {
        response.writeHead(oauthReply.status, oauthReply.headers);
        response.end(oauthReply.body);
        return;
      }
      const segments = url.pathname
        .replace(/^\/v1\.0\//, '')
        .split('/')
        .filter(Boolean);
      const endpoint = endpointOf(method, segments);
      calls[endpoint] = (calls[endpoint] ?? 0) + 1;
      const send = ([status, body, headers]: Answer) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      const index = failures.findIndex((f) => f.endpoint === undefined || f.endpoint === endpoint);
      const failure = index >= 0 ? failures.splice(index, 1)[0]!.kind : undefined;
      if (failure === 'hang') return;
      if (failure) return send(FAILURES[failure]);
      const bearer = request.headers.authorization?.replace(/^Bearer /, '');
      const token = params.get('access_token') ?? bearer;
      const account = oauth.isValid(token)
        ? oauth.accountOf(token)
        : accountOf(token, validCredentials.accessToken);
      if (account === undefined) {
        return send(metaError(400, 190, 'Invalid OAuth access token - Cannot parse access token'));
      }
      send(handle(method, segments, params, account));
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
    baseUrl: `http://127.0.0.1:${port}/v1.0`,
    origin: `http://127.0.0.1:${port}`,
    authorizeUrl: `http://127.0.0.1:${port}/oauth/authorize`,
    validCredentials,
    oauth,
    user: USER,
    /** Account n's credentials and user (see accounts.ts). */
    account(n: number) {
      const credentials = {
        ...validCredentials,
        accessToken: accountCredential(validCredentials.accessToken, n),
        userId: userOf(n).id,
      };
      return { credentials, user: userOf(n) };
    },
    rateLimitSeconds: RATE_LIMIT_MINUTES * 60,
    posts,
    containers,
    calls,
    /** A post the account made earlier in the Threads app: listed from `receivedAt` on. */
    postedEarlier(text: string, receivedAt: number, account = USER.id) {
      const id = newId();
      const post = {
        id,
        mediaType: 'TEXT',
        text,
        imageUrl: undefined,
        videoUrl: undefined,
        linkAttachment: undefined,
        permalink: `http://127.0.0.1:${port}/@${userById(account).username}/post/${id}`,
        account,
        receivedAt,
      };
      posts.push(post);
      metrics.made(id);
      return post;
    },
    /** The metric reads' numbers and deletions (see metrics.ts). */
    metrics,
    /** The next `times` requests (to `endpoint`, e.g. 'POST /threads_publish', if given) fail so. */
    failNext(kind: FakeFailure, times = 1, endpoint?: string) {
      for (let i = 0; i < times; i++) failures.push({ kind, endpoint });
    },
    /** Media containers answer IN_PROGRESS to this many status reads before FINISHED. */
    setProcessingChecks(checks: number) {
      processingChecks = checks;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
