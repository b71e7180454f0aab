import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { accountCredential, accountOf } from './accounts.js';
import { createFakeOAuth, formParams, oauthError, oauthJson, type OAuthReply } from './oauth.js';
import { postNotFound, postPage } from './post-page.js';
import { createFakeMetrics } from './metrics.js';
import { listenOnLoopback } from './listen.js';

export type FakeFailure = 'unauthorized' | 'rate-limited' | 'server-error' | 'hang' | 'invalid';
/** Endpoints as `METHOD /path`, also the keys of `calls`. */
export type FakeLinkedInEndpoint =
  | 'GET /v2/userinfo'
  | 'POST /rest/images'
  | 'PUT /dms-uploads'
  | 'POST /rest/posts'
  | 'GET /rest/posts'
  | 'GET /rest/socialActions'
  | 'POST /rest/socialActions';

/** A comment made with `POST /rest/socialActions/{urn}/comments`. */
export interface FakeLinkedInComment {
  /** `urn:li:comment:({post urn},{id})`. */
  id: string;
  /** The post's URN, as in the path. */
  postId: string;
  /** The comment's text (`message.text`). */
  message: string;
  actor: string;
  receivedAt: number;
}

export interface FakeLinkedInPost {
  id: string;
  /** The commentary as a reader sees it (little text unescaped, cut where LinkedIn would cut). */
  text: string;
  commentary: string;
  link: string | null;
  media: Array<{ id: string; mimeType: string; size: number; altText: string | null }>;
  body: Record<string, unknown>;
  /** The author's URN (the posting account). */
  account: string;
  /** When the fake accepted it (ms since the epoch). */
  receivedAt: number;
}

interface Json {
  [key: string]: unknown;
}

const DEFAULT_MEMBER = {
  sub: 'AbC123xyz',
  name: 'Jane Doe',
  given_name: 'Jane',
  family_name: 'Doe',
};
const RESERVED = '\\|{}@[]()<>#*_~';

class LinkedInError extends Error {
  constructor(
    readonly body: Json & { status: number },
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message));
  }
}

const unprocessable = (code: string, description: string, message = description) =>
  new LinkedInError({
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message,
    errorDetails: { inputErrors: [{ description, input: {}, code }] },
    status: 422,
  });

const FAILURES: Record<Exclude<FakeFailure, 'hang'>, LinkedInError> = {
  unauthorized: new LinkedInError({
    status: 401,
    serviceErrorCode: 65602,
    code: 'EXPIRED_ACCESS_TOKEN',
    message: 'The token used in the request has expired',
  }),
  'rate-limited': new LinkedInError({
    status: 429,
    serviceErrorCode: 101,
    code: 'TOO_MANY_REQUESTS',
    message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
  }),
  'server-error': new LinkedInError({ status: 500, message: 'Internal Server Error' }),
  invalid: unprocessable('INVALID_VALUE', 'Invalid commentary', 'ERROR :: /commentary :: invalid'),
};

/** Reads little text as LinkedIn shows it; an unescaped reserved character ends the text. */
export function readLittleText(commentary: string): string {
  let text = '';
  for (let i = 0; i < commentary.length;) {
    const rest = commentary.slice(i);
    const kept = /^https?:\/\/[^\s\\]+/.exec(rest) ?? /^#[\p{L}\p{M}\p{N}]+/u.exec(rest);
    const isWordStart = i === 0 || /\s/.test(commentary.charAt(i - 1));
    const template = /^\{hashtag\|\\?[#＃]\|([^}]+)\}/.exec(rest);
    if (kept && (kept[0].startsWith('http') || isWordStart)) {
      text += kept[0];
      i += kept[0].length;
    } else if (template) {
      text += `#${template[1]}`;
      i += template[0].length;
    } else if (rest.startsWith('\\') && rest.length > 1) {
      text += rest.charAt(1);
      i += 2;
    } else if (RESERVED.includes(rest.charAt(0))) {
      return text;
    } else {
      text += rest.charAt(0);
      i += 1;
    }
  }
  return text;
}

/**
 * A local LinkedIn API: OpenID userinfo, the Images API (whose upload URL points back here)
 * and the versioned Posts API, with LinkedIn's error bodies and a duplicate-post check.
 */
export async function startFakeLinkedIn(options: { memberName?: string } = {}) {
  const MEMBER = { ...DEFAULT_MEMBER, ...(options.memberName ? { name: options.memberName } : {}) };
  /** Account n of the fake (see accounts.ts); 0 is MEMBER. */
  const memberOf = (n: number) => {
    if (n === 0) return MEMBER;
    // A member a consent page signed in as, named after the entity being connected.
    const hinted = oauth.hintedName(n);
    const [given = hinted, ...family] = hinted?.split(' ') ?? [];
    if (hinted)
      return { sub: `Bench${n}x`, name: hinted, given_name: given, family_name: family.join(' ') };
    return { sub: `Bench${n}x`, name: `Bench ${n}`, given_name: 'Bench', family_name: String(n) };
  };
  /** The member behind an author URN (a post keeps its author's). */
  const memberByUrn = (urn: string) =>
    memberOf(Number(/^urn:li:person:Bench(\d+)x$/.exec(urn)?.[1] ?? 0));
  const validCredentials = {
    clientId: 'fake-client-id',
    clientSecret: 'fake-client-secret',
    accessToken: 'li-access-token',
    memberId: MEMBER.sub,
  };
  // OAuth 2.0 (one-click connect) on www.linkedin.com: 60-day access tokens and, as for
  // approved apps, rotating refresh tokens (external-apis.md 3).
  const oauth = createFakeOAuth({
    name: 'LinkedIn',
    app: { clientId: validCredentials.clientId, clientSecret: validCredentials.clientSecret },
    accessTtlSeconds: 60 * 24 * 3600,
    refreshTokens: true,
  });
  function oauthEndpoint(request: IncomingMessage, url: URL, body: string): OAuthReply | null {
    if (request.method === 'GET' && url.pathname === '/oauth/v2/authorization')
      return oauth.consentPage(url);
    if (request.method !== 'POST' || url.pathname !== '/oauth/v2/accessToken') return null;
    const params = formParams(url, body, request.headers['content-type']);
    const answer = (issued: ReturnType<typeof oauth.issue>) =>
      oauthJson(200, {
        access_token: issued.accessToken,
        expires_in: issued.expiresIn,
        refresh_token: issued.refreshToken,
        refresh_token_expires_in: 365 * 24 * 3600,
        scope: 'openid,profile,w_member_social',
      });
    if (params.get('grant_type') === 'authorization_code') {
      const redeemed = oauth.redeemCode({
        code: params.get('code'),
        clientId: params.get('client_id'),
        clientSecret: params.get('client_secret'),
        redirectUri: params.get('redirect_uri'),
        codeVerifier: params.get('code_verifier'),
      });
      return redeemed.refusal ?? answer(oauth.issue(undefined, false, redeemed.hint));
    }
    if (params.get('grant_type') === 'refresh_token') {
      if (
        params.get('client_id') !== oauth.app.clientId ||
        params.get('client_secret') !== oauth.app.clientSecret
      )
        return oauthError(401, 'invalid_client', 'Client authentication failed');
      const issued = oauth.refresh(params.get('refresh_token'));
      return issued
        ? answer(issued)
        : oauthError(400, 'invalid_request', 'The provided refresh token is invalid or expired');
    }
    return oauthError(400, 'unsupported_grant_type', 'Unsupported grant_type');
  }
  const authorOf = (n: number) => `urn:li:person:${memberOf(n).sub}`;
  /** Texts refused as duplicates of the same author's earlier post (a second attempt). */
  const refusedDuplicates: string[] = [];
  const images = new Map<string, { mimeType: string; size: number } | null>();
  const posts: FakeLinkedInPost[] = [];
  const comments: FakeLinkedInComment[] = [];
  const metrics = createFakeMetrics();
  const calls: Partial<Record<FakeLinkedInEndpoint, number>> = {};
  /** Where upload reservations point (the fake itself unless a test says otherwise). */
  let uploadOrigin: string | undefined;
  const failures: Array<{
    kind: FakeFailure;
    endpoint?: FakeLinkedInEndpoint;
    headers: Record<string, string>;
  }> = [];
  const sockets = new Set<Socket>();
  let baseUrl = '';

  const checkVersioned = (request: IncomingMessage) => {
    const version = request.headers['linkedin-version'];
    if (typeof version !== 'string' || !/^\d{6}$/.test(version)) {
      throw new LinkedInError({
        status: 426,
        code: 'NONEXISTENT_VERSION',
        message: `Requested version ${String(version)} is not active`,
      });
    }
    if (request.headers['x-restli-protocol-version'] !== '2.0.0') {
      throw new LinkedInError({
        status: 400,
        message: 'X-Restli-Protocol-Version 2.0.0 is required',
      });
    }
  };

  const createPost = (body: Json, response: ServerResponse, author: string) => {
    if (body.author !== author) {
      throw new LinkedInError({
        status: 403,
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
        message: `Not enough permissions to post as ${String(body.author)}`,
      });
    }
    const distribution = (body.distribution ?? {}) as Json;
    const isWellFormed =
      typeof body.commentary === 'string' &&
      ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN'].includes(String(body.visibility)) &&
      body.lifecycleState === 'PUBLISHED' &&
      distribution.feedDistribution === 'MAIN_FEED';
    if (!isWellFormed) throw unprocessable('INVALID_VALUE', 'The post body is malformed');
    const commentary = String(body.commentary);
    const text = readLittleText(commentary);
    if ([...text].length > 3000)
      throw unprocessable('INVALID_VALUE', 'commentary is longer than 3000 characters');
    const content = (body.content ?? {}) as { media?: Json; article?: Json };
    const media: FakeLinkedInPost['media'] = [];
    if (content.media) {
      const id = String(content.media.id);
      const image = images.get(id);
      if (!image) throw unprocessable('INVALID_VALUE', `Image ${id} has not been uploaded`);
      const altText = typeof content.media.altText === 'string' ? content.media.altText : null;
      media.push({ id, ...image, altText });
    }
    const article = content.article;
    if (article && (typeof article.source !== 'string' || typeof article.title !== 'string')) {
      throw unprocessable('INVALID_VALUE', 'An article needs a source and a title');
    }
    const earlier = posts.find((post) => post.text === text && post.account === author);
    if (earlier && text !== '') {
      refusedDuplicates.push(text);
      throw unprocessable(
        'DUPLICATE_POST',
        'Duplicate post is detected',
        `Content is a duplicate of ${earlier.id}`,
      );
    }
    const id = `urn:li:share:${7_100_000_000_000_000_000n + BigInt(posts.length)}`;
    posts.push({
      id,
      text,
      commentary,
      link: article ? String(article.source) : null,
      media,
      body,
      account: author,
      receivedAt: Date.now(),
    });
    metrics.made(id);
    response.writeHead(201, { 'x-restli-id': id });
    response.end();
  };

  /**
   * `POST /rest/socialActions/{urn}/comments` (the URN URL-encoded): a first-level comment
   * `{actor, object, message: {text}}` by the member under an existing post; 201 with the
   * comment, its URN also in `x-restli-id`.
   */
  const createComment = (url: URL, body: Json, response: ServerResponse, author: string) => {
    const match = /^\/rest\/socialActions\/([^/]+)\/comments$/.exec(url.pathname);
    if (!match) {
      throw new LinkedInError({ status: 404, message: `No resource at POST ${url.pathname}` });
    }
    const urn = decodeURIComponent(match[1]!);
    if (body.actor !== author) {
      throw new LinkedInError({
        status: 403,
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
        message: `Not enough permissions to comment as ${String(body.actor)}`,
      });
    }
    const message = (body.message ?? {}) as Json;
    if (typeof message.text !== 'string' || message.text.trim() === '') {
      throw unprocessable('INVALID_VALUE', 'message.text is required');
    }
    if (body.object !== undefined && body.object !== urn) {
      throw unprocessable('INVALID_VALUE', 'object does not match the URN in the path');
    }
    if ([...message.text].length > 1250) {
      throw unprocessable('INVALID_VALUE', 'message.text is longer than 1250 characters');
    }
    if (!posts.some((post) => post.id === urn)) {
      throw new LinkedInError({ status: 404, code: 'NOT_FOUND', message: `Not Found: ${urn}` });
    }
    const id = `urn:li:comment:(${urn},${6_900_000_000_000_000_000n + BigInt(comments.length)})`;
    const receivedAt = Date.now();
    comments.push({ id, postId: urn, message: message.text, actor: author, receivedAt });
    response.writeHead(201, { 'content-type': 'application/json', 'x-restli-id': id });
    response.end(
      JSON.stringify({
        id: id.slice(id.lastIndexOf(',') + 1, -1),
        $URN: id,
        actor: author,
        object: urn,
        message: { text: message.text },
        created: { actor: author, time: receivedAt },
        lastModified: { actor: author, time: receivedAt },
      }),
    );
  };

  /**
   * The Posts API's finder `q=author`: the author's posts this fake received, newest first,
   * paged with `start` and `count` (Rest.li 2.0: the URN arrives URL-encoded, and a finder
   * names itself in `X-RestLi-Method`). Only the member's own posts may be read.
   */
  const postsByAuthor = (params: URLSearchParams, request: IncomingMessage, author: string) => {
    if (params.get('q') !== 'author' || !params.get('author')) {
      throw new LinkedInError({ status: 400, message: 'q=author and author are required' });
    }
    if (String(request.headers['x-restli-method'] ?? '').toUpperCase() !== 'FINDER') {
      throw new LinkedInError({ status: 400, message: 'X-RestLi-Method FINDER is required' });
    }
    if (params.get('author') !== author) {
      throw new LinkedInError({
        status: 403,
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
        message: `Not enough permissions to read the posts of ${String(params.get('author'))}`,
      });
    }
    const start = Math.max(0, Number(params.get('start') ?? 0) || 0);
    const count = Math.min(Math.max(1, Number(params.get('count') ?? 10) || 10), 100);
    const mine = posts
      .filter((post) => post.account === author)
      .sort((a, b) => b.receivedAt - a.receivedAt);
    return {
      paging: { start, count, total: mine.length, links: [] },
      elements: mine.slice(start, start + count).map((post) => ({
        id: post.id,
        author: post.account,
        commentary: post.commentary,
        visibility: 'PUBLIC',
        lifecycleState: 'PUBLISHED',
        createdAt: post.receivedAt,
        publishedAt: post.receivedAt,
        lastModifiedAt: post.receivedAt,
        isReshareDisabledByAuthor: false,
      })),
    };
  };

  const handle = (
    endpoint: string,
    request: IncomingMessage,
    raw: Buffer,
    response: ServerResponse,
  ) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const account = oauth.isValid(token)
      ? oauth.accountOf(token)
      : accountOf(token, validCredentials.accessToken);
    if (account === undefined) {
      throw new LinkedInError({
        status: 401,
        serviceErrorCode: 65600,
        code: 'INVALID_ACCESS_TOKEN',
        message: 'Invalid access token',
      });
    }
    const json = () => {
      try {
        return JSON.parse(raw.toString('utf8') || '{}') as Json;
      } catch {
        throw new LinkedInError({ status: 400, message: 'Request body is not valid JSON' });
      }
    };
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', baseUrl);
    if (endpoint === 'GET /v2/userinfo') {
      return send(200, {
        ...memberOf(account),
        picture: 'https://media.licdn.com/dms/image/jane',
        locale: { country: 'US', language: 'en' },
        email: 'jane@example.com',
        email_verified: true,
      });
    }
    if (endpoint === 'POST /rest/images' && url.searchParams.get('action') === 'initializeUpload') {
      checkVersioned(request);
      const owner = ((json().initializeUploadRequest ?? {}) as Json).owner;
      if (owner !== authorOf(account))
        throw new LinkedInError({
          status: 403,
          code: 'ACCESS_DENIED',
          message: 'Not enough permissions to upload for this owner',
        });
      const id = randomBytes(8).toString('hex');
      images.set(`urn:li:image:${id}`, null);
      return send(200, {
        value: {
          uploadUrlExpiresAt: Date.now() + 3_600_000,
          uploadUrl: `${uploadOrigin ?? baseUrl}/dms-uploads/${id}`,
          image: `urn:li:image:${id}`,
        },
      });
    }
    if (
      endpoint === 'PUT /dms-uploads' &&
      images.has(`urn:li:image:${url.pathname.split('/')[2]}`)
    ) {
      const mimeType = request.headers['content-type'] ?? 'application/octet-stream';
      images.set(`urn:li:image:${url.pathname.split('/')[2]}`, { mimeType, size: raw.length });
      response.writeHead(201);
      return response.end();
    }
    if (endpoint === 'GET /rest/socialActions') {
      // `GET /rest/socialActions/{urn}`: the post's likes and comments summaries.
      checkVersioned(request);
      const urn = decodeURIComponent(url.pathname.slice('/rest/socialActions/'.length));
      const post = posts.find((item) => item.id === urn);
      const counts = post && metrics.countsOf(urn);
      if (!post || !counts) {
        throw new LinkedInError({ status: 404, code: 'NOT_FOUND', message: `Not Found: ${urn}` });
      }
      if (post.account !== authorOf(account)) {
        throw new LinkedInError({
          status: 403,
          code: 'ACCESS_DENIED',
          message: 'Not enough permissions to access: socialActions',
        });
      }
      return send(200, {
        target: urn,
        likesSummary: { totalLikes: counts.likes, likedByCurrentUser: false },
        commentsSummary: {
          totalFirstLevelComments: counts.replies,
          aggregatedTotalComments: counts.replies,
        },
      });
    }
    if (endpoint === 'POST /rest/socialActions') {
      checkVersioned(request);
      return createComment(url, json(), response, authorOf(account));
    }
    if (endpoint === 'GET /rest/posts') {
      checkVersioned(request);
      return send(200, postsByAuthor(url.searchParams, request, authorOf(account)));
    }
    if (endpoint === 'POST /rest/posts') {
      checkVersioned(request);
      return createPost(json(), response, authorOf(account));
    }
    throw new LinkedInError({
      status: 404,
      message: `No resource at ${request.method} ${url.pathname}`,
    });
  };

  function postPageOf(urn: string) {
    const post = posts.find((item) => item.id === urn);
    if (!post) return postNotFound('LinkedIn');
    return postPage({
      network: 'LinkedIn',
      author: memberByUrn(post.account).name,
      text: post.text,
      link: post.link ?? undefined,
      attachments: post.media.length,
    });
  }

  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const url = new URL(request.url ?? '/', 'http://fake');
      // The post's page where linkedin.com would show it (`LINKEDIN_WEB_URL` points here in the demo).
      const urn = /^\/feed\/update\/([^/]+)\/?$/.exec(url.pathname)?.[1];
      const oauthReply =
        request.method === 'GET' && urn !== undefined
          ? postPageOf(decodeURIComponent(urn))
          : oauthEndpoint(request, url, Buffer.concat(chunks).toString('utf8'));
      if (oauthReply) {
        response.writeHead(oauthReply.status, oauthReply.headers);
        response.end(oauthReply.body);
        return;
      }
      const path = url.pathname;
      const endpoint = `${request.method} ${
        path.startsWith('/dms-uploads/')
          ? '/dms-uploads'
          : path.startsWith('/rest/socialActions/')
            ? '/rest/socialActions'
            : path
      }`;
      calls[endpoint as FakeLinkedInEndpoint] = (calls[endpoint as FakeLinkedInEndpoint] ?? 0) + 1;
      try {
        const failure = failures[0];
        if (failure && (failure.endpoint === undefined || failure.endpoint === endpoint)) {
          failures.shift();
          if (failure.kind === 'hang') return;
          const { body, headers } = FAILURES[failure.kind];
          throw new LinkedInError(body, { ...headers, ...failure.headers });
        }
        handle(endpoint, request, Buffer.concat(chunks), response);
      } catch (error) {
        const known =
          error instanceof LinkedInError
            ? error
            : new LinkedInError({ status: 500, message: 'Internal Server Error' });
        response.writeHead(known.body.status, {
          'content-type': 'application/json',
          ...known.headers,
        });
        response.end(JSON.stringify(known.body));
      }
    })().catch(() => {
      // The client went away mid-request: nothing to answer.
      response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  baseUrl = `http://127.0.0.1:${await listenOnLoopback(server)}`;

  return {
    baseUrl,
    validCredentials,
    oauth,
    authorizeUrl: `${baseUrl}/oauth/v2/authorization`,
    member: MEMBER,
    posts,
    /** Comments made under the posts, in order. */
    comments,
    refusedDuplicates,
    /** Account n's credentials and member (see accounts.ts). */
    account(n: number) {
      const credentials = {
        ...validCredentials,
        accessToken: accountCredential(validCredentials.accessToken, n),
        memberId: memberOf(n).sub,
      };
      return { credentials, member: memberOf(n) };
    },
    calls,
    /** The metric reads' numbers and deletions (see metrics.ts). */
    metrics,
    /** Upload reservations name this origin (an upload host elsewhere than the API). */
    nameUploadOrigin(origin: string) {
      uploadOrigin = origin;
    },
    /** Fails the next `times` requests (only those to `endpoint`, when given). */
    failNext(
      kind: FakeFailure,
      times = 1,
      options: { endpoint?: FakeLinkedInEndpoint; retryAfterSeconds?: number } = {},
    ) {
      // LinkedIn documents no rate-limit headers; a test may still send Retry-After.
      const headers: Record<string, string> =
        options.retryAfterSeconds === undefined
          ? {}
          : { 'retry-after': String(options.retryAfterSeconds) };
      for (let i = 0; i < times; i++) failures.push({ kind, endpoint: options.endpoint, headers });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
