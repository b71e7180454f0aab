import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { postNotFound, postPage } from './post-page.js';
import { createFakeMetrics } from './metrics.js';
import { listenOnLoopback } from './listen.js';

export type FakeFailure = 'unauthorized' | 'rate-limited' | 'server-error' | 'hang' | 'invalid';

export interface FakeBlueskyPost {
  uri: string;
  text: string;
  /** The card's URL, or else the first linked URL in the text. */
  link: string | null;
  media: Array<{ mimeType: string; size: number; alt: string }>;
  record: Record<string, unknown>;
  /** The posting account's DID. */
  account: string;
  /** When the fake accepted it (ms since the epoch). */
  receivedAt: number;
  /** The record's `reply`: the thread's first post and the post this one answers. */
  reply?: { root: { uri: string; cid: string }; parent: { uri: string; cid: string } };
}

interface Json {
  [key: string]: unknown;
}

const DEFAULT_ACCOUNT = {
  did: 'did:plc:fakealice',
  handle: 'alice.test',
  email: 'alice@example.com',
};
type Account = typeof DEFAULT_ACCOUNT;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** A TID record key: 13 base32-sortable characters, the first with its top bit clear. */
const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;

class XrpcError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** The content id the fake gives a record: derived from its address, the same every time. */
const cidOf = (uri: string) =>
  `bafyrei${createHash('sha256').update(uri).digest('hex').slice(0, 40)}`;

const invalidRecord = (why: string) =>
  new XrpcError(400, 'InvalidRequest', `Invalid app.bsky.feed.post record: ${why}`);

function checkFacets(text: string, facets: unknown): void {
  const bytes = Buffer.from(text, 'utf8');
  if (facets === undefined) return;
  if (!Array.isArray(facets)) throw invalidRecord('Record/facets must be an array');
  for (const facet of facets as Json[]) {
    const { byteStart, byteEnd } = (facet.index ?? {}) as Json;
    if (typeof byteStart !== 'number' || typeof byteEnd !== 'number') {
      throw invalidRecord('facet index needs byteStart and byteEnd');
    }
    if (byteStart < 0 || byteEnd <= byteStart || byteEnd > bytes.length) {
      throw invalidRecord(`facet range ${byteStart}-${byteEnd} is outside the text`);
    }
    // Stricter than the real service, which would render a misplaced facet silently.
    const shown = bytes.subarray(byteStart, byteEnd).toString('utf8');
    for (const feature of (facet.features ?? []) as Json[]) {
      const expected =
        feature.$type === 'app.bsky.richtext.facet#link'
          ? [feature.uri]
          : [`#${String(feature.tag)}`, `＃${String(feature.tag)}`];
      if (!expected.includes(shown)) {
        throw invalidRecord(`facet ${byteStart}-${byteEnd} covers "${shown}", not its feature`);
      }
    }
  }
}

/**
 * A local Bluesky PDS for the endpoints the adapter uses: sessions (with expiring access
 * tokens and rotating refresh tokens), getSession, uploadBlob, createRecord (with a record key
 * the client chooses, refused once taken) and getRecord, answering
 * XRPC errors as `{ error, message }` with the real statuses.
 */
export async function startFakeBluesky(
  options: { rateLimitSeconds?: number; handle?: string } = {},
) {
  const ACCOUNT = { ...DEFAULT_ACCOUNT, ...(options.handle ? { handle: options.handle } : {}) };
  /** Account n of the fake (handle bench<n>.test, the same app password); 0 is ACCOUNT. */
  const accountOf = (n: number): Account =>
    n === 0
      ? ACCOUNT
      : { did: `did:plc:fakebench${n}`, handle: `bench${n}.test`, email: `bench${n}@example.com` };
  /** The account an identifier (handle, DID or email) names, if any. */
  function accountNamed(identifier: string): Account | undefined {
    const name = identifier.toLowerCase();
    if ([ACCOUNT.handle, ACCOUNT.did, ACCOUNT.email].includes(name)) return ACCOUNT;
    const n = Number(/^(?:bench|did:plc:fakebench)(\d+)(?:\.test|@example\.com)?$/.exec(name)?.[1]);
    if (!(Number.isSafeInteger(n) && n > 0)) return undefined;
    const account = accountOf(n);
    return [account.handle, account.did, account.email].includes(name) ? account : undefined;
  }
  const validCredentials = { username: ACCOUNT.handle, appPassword: 'abcd-efgh-ijkl-mnop' };
  const accessTokens = new Map<string, { isExpired: boolean; account: Account }>();
  const refreshTokens = new Map<string, { isExpired: boolean; account: Account }>();
  const blobs = new Map<string, { mimeType: string; size: number }>();
  const posts: FakeBlueskyPost[] = [];
  /** Record keys refused because a record already had them (a second attempt's createRecord). */
  const refusedKeys: string[] = [];
  const calls: Record<string, number> = {};
  const failures: Array<{ kind: FakeFailure; nsid: string | undefined; retryAfter?: number }> = [];
  const metrics = createFakeMetrics();
  const sockets = new Set<Socket>();
  let baseUrl = '';
  /** The PDS the sessions' DID documents name (the fake itself unless a test says otherwise). */
  let pdsEndpoint: string | undefined;

  const issueSession = (account: Account) => {
    const accessJwt = `access-${randomBytes(12).toString('hex')}`;
    const refreshJwt = `refresh-${randomBytes(12).toString('hex')}`;
    accessTokens.set(accessJwt, { isExpired: false, account });
    refreshTokens.set(refreshJwt, { isExpired: false, account });
    const service = [
      {
        id: '#atproto_pds',
        type: 'AtprotoPersonalDataServer',
        serviceEndpoint: pdsEndpoint ?? baseUrl,
      },
    ];
    return {
      ...account,
      accessJwt,
      refreshJwt,
      didDoc: { id: account.did, service },
      active: true,
    };
  };

  const bearer = (request: IncomingMessage) =>
    /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];

  /** The session's token and account; throws XRPC's answer when the token does not do. */
  const authorize = (
    request: IncomingMessage,
    tokens: Map<string, { isExpired: boolean; account: Account }>,
  ) => {
    const token = bearer(request);
    if (!token) throw new XrpcError(401, 'AuthenticationRequired', 'Authentication Required');
    const known = tokens.get(token);
    if (!known) throw new XrpcError(401, 'InvalidToken', 'Token could not be verified');
    if (known.isExpired) throw new XrpcError(400, 'ExpiredToken', 'Token has expired');
    return { token, account: known.account };
  };

  /**
   * A record's `reply`, checked as a PDS's AppView would need it: both the thread's root and
   * the parent are strong references (uri and cid) to posts that exist.
   */
  const replyOf = (value: unknown): FakeBlueskyPost['reply'] => {
    if (value === undefined) return undefined;
    const reply = (value ?? {}) as Json;
    const ref = (name: 'root' | 'parent') => {
      const item = (reply[name] ?? {}) as Json;
      if (typeof item.uri !== 'string' || typeof item.cid !== 'string') {
        throw invalidRecord(`Record/reply/${name} must have the properties "uri" and "cid"`);
      }
      if (!posts.some((post) => post.uri === item.uri) || cidOf(item.uri) !== item.cid) {
        throw invalidRecord(`Record/reply/${name} does not name a post: ${item.uri}`);
      }
      return { uri: item.uri, cid: item.cid };
    };
    return { root: ref('root'), parent: ref('parent') };
  };

  const createRecord = (body: Json, account: Account) => {
    if (body.repo !== account.did && body.repo !== account.handle) {
      throw new XrpcError(400, 'InvalidRequest', 'repo does not match the session');
    }
    const record = (body.record ?? {}) as Json;
    if (body.collection !== 'app.bsky.feed.post' || record.$type !== 'app.bsky.feed.post') {
      throw new XrpcError(400, 'InvalidRequest', 'Only app.bsky.feed.post records are accepted');
    }
    const { text, createdAt, facets, embed } = record;
    if (typeof text !== 'string') throw invalidRecord('Record/text must be a string');
    if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) {
      throw invalidRecord('Record/createdAt must be a datetime');
    }
    if ([...segmenter.segment(text)].length > 300) {
      throw invalidRecord('Record/text must not be longer than 300 graphemes');
    }
    checkFacets(text, facets);
    const media: FakeBlueskyPost['media'] = [];
    let link: string | null = null;
    const embedded = (embed ?? {}) as Json;
    if (embedded.$type === 'app.bsky.embed.images') {
      for (const image of (embedded.images ?? []) as Json[]) {
        const blob = (image.image ?? {}) as Json;
        const cid = String(((blob.ref ?? {}) as Json).$link);
        const stored = blobs.get(cid);
        if (!stored) throw new XrpcError(400, 'InvalidRequest', `Could not find blob: ${cid}`);
        if (typeof image.alt !== 'string')
          throw invalidRecord('Record/embed/images/0/alt is required');
        media.push({ ...stored, alt: image.alt });
      }
      if (media.length < 1 || media.length > 4) throw invalidRecord('1 to 4 images per post');
    } else if (embedded.$type === 'app.bsky.embed.external') {
      const external = (embedded.external ?? {}) as Json;
      const { uri, title, description } = external;
      if (typeof uri !== 'string' || typeof title !== 'string' || typeof description !== 'string') {
        throw invalidRecord('Record/embed/external needs uri, title and description');
      }
      link = uri;
    }
    const linkFacet = ((facets ?? []) as Json[])
      .flatMap((facet) => (facet.features ?? []) as Json[])
      .find((feature) => feature.$type === 'app.bsky.richtext.facet#link');
    link ??= typeof linkFacet?.uri === 'string' ? linkFacet.uri : null;
    // A key the client chose must be a TID (the collection's key type), and is refused once
    // taken: a PDS answers that with a bare 500 (the repository's write fails), not a named error.
    const chosen = body.rkey;
    if (chosen !== undefined && (typeof chosen !== 'string' || !TID.test(chosen))) {
      throw new XrpcError(400, 'InvalidRequest', 'Invalid record key: must be a TID');
    }
    const rkey =
      chosen ?? `3l${Date.now().toString(32)}${posts.length.toString().padStart(4, '0')}`;
    const uri = `at://${account.did}/app.bsky.feed.post/${rkey}`;
    if (posts.some((post) => post.uri === uri)) {
      refusedKeys.push(rkey);
      throw new XrpcError(500, 'InternalServerError', 'Internal Server Error');
    }
    const reply = replyOf(record.reply);
    posts.push({
      uri,
      text,
      link,
      media,
      record,
      account: account.did,
      receivedAt: Date.now(),
      ...(reply ? { reply } : {}),
    });
    metrics.made(uri);
    const cid = cidOf(uri);
    return { uri, cid, commit: { cid, rev: rkey }, validationStatus: 'valid' };
  };

  const handle = (nsid: string, request: IncomingMessage, raw: Buffer): unknown => {
    const json = () => {
      try {
        return JSON.parse(raw.toString('utf8') || '{}') as Json;
      } catch {
        throw new XrpcError(400, 'InvalidRequest', 'Request body is not JSON');
      }
    };
    switch (`${request.method} ${nsid}`) {
      case 'POST com.atproto.server.createSession': {
        const { identifier, password } = json();
        const account = typeof identifier === 'string' ? accountNamed(identifier) : undefined;
        if (!account || password !== validCredentials.appPassword) {
          throw new XrpcError(401, 'AuthenticationRequired', 'Invalid identifier or password');
        }
        return issueSession(account);
      }
      case 'POST com.atproto.server.refreshSession': {
        // Refresh tokens rotate: the old one is spent.
        const { token, account } = authorize(request, refreshTokens);
        refreshTokens.delete(token);
        return issueSession(account);
      }
      case 'GET com.atproto.server.getSession':
        return { ...authorize(request, accessTokens).account, emailConfirmed: true, active: true };
      case 'POST com.atproto.repo.uploadBlob': {
        authorize(request, accessTokens);
        if (raw.length > 5 * 1024 * 1024)
          throw new XrpcError(413, 'PayloadTooLarge', 'request entity too large');
        const mimeType = request.headers['content-type'] ?? '*/*';
        const cid = `bafkrei${createHash('sha256').update(raw).digest('hex').slice(0, 40)}`;
        blobs.set(cid, { mimeType, size: raw.length });
        return { blob: { $type: 'blob', ref: { $link: cid }, mimeType, size: raw.length } };
      }
      case 'GET com.atproto.repo.getRecord': {
        // Public: any repository's record, by repo (DID or handle), collection and key.
        const params = new URL(request.url ?? '/', 'http://fake').searchParams;
        const repo = accountNamed(params.get('repo') ?? '');
        const collection = params.get('collection');
        const key = params.get('rkey');
        if (!repo || !collection || !key) {
          throw new XrpcError(400, 'InvalidRequest', 'repo, collection and rkey are required');
        }
        const uri = `at://${repo.did}/${collection}/${key}`;
        const post = posts.find((item) => item.uri === uri);
        if (!post) throw new XrpcError(400, 'RecordNotFound', `Could not locate record: ${uri}`);
        return { uri, cid: cidOf(uri), value: post.record };
      }
      case 'GET app.bsky.feed.getPosts': {
        // Up to 25 at-uris; a post that does not exist (or was deleted) is simply left out.
        authorize(request, accessTokens);
        const uris = new URL(request.url ?? '/', 'http://fake').searchParams.getAll('uris');
        if (uris.length === 0 || uris.length > 25) {
          throw new XrpcError(400, 'InvalidRequest', 'uris must have between 1 and 25 items');
        }
        return {
          posts: uris.flatMap((uri) => {
            const post = posts.find((item) => item.uri === uri);
            const counts = post && metrics.countsOf(uri);
            if (!post || !counts) return [];
            const author = accountNamed(post.account) ?? ACCOUNT;
            return [
              {
                uri,
                cid: `bafyrei${createHash('sha256').update(uri).digest('hex').slice(0, 40)}`,
                author: { did: author.did, handle: author.handle },
                record: post.record,
                replyCount: counts.replies,
                repostCount: counts.reposts,
                likeCount: counts.likes,
                quoteCount: counts.quotes,
                indexedAt: new Date(post.receivedAt).toISOString(),
              },
            ];
          }),
        };
      }
      case 'GET app.bsky.actor.getProfile': {
        authorize(request, accessTokens);
        const actor = new URL(request.url ?? '/', 'http://fake').searchParams.get('actor') ?? '';
        const account = accountNamed(actor);
        if (!account) throw new XrpcError(400, 'InvalidRequest', 'Profile not found');
        return {
          did: account.did,
          handle: account.handle,
          followersCount: metrics.followersOf(account.did),
          followsCount: 42,
          postsCount: posts.filter((post) => post.account === account.did).length,
        };
      }
      case 'POST com.atproto.repo.createRecord':
        return createRecord(json(), authorize(request, accessTokens).account);
      default:
        throw new XrpcError(501, 'MethodNotImplemented', `Method not implemented: ${nsid}`);
    }
  };

  const fail = (
    kind: FakeFailure,
    response: ServerResponse,
    send: (s: number, b: unknown) => void,
  ) => {
    if (kind === 'hang') return;
    if (kind === 'unauthorized')
      return send(401, { error: 'AuthenticationRequired', message: 'Authentication Required' });
    if (kind === 'server-error')
      return send(500, { error: 'InternalServerError', message: 'Internal Server Error' });
    if (kind === 'invalid')
      return send(400, {
        error: 'InvalidRequest',
        message: 'Invalid app.bsky.feed.post record: Record/text is invalid',
      });
    const seconds = options.rateLimitSeconds ?? 42;
    response.setHeader('RateLimit-Limit', '5000');
    response.setHeader('RateLimit-Remaining', '0');
    response.setHeader('RateLimit-Reset', String(Math.floor(Date.now() / 1000) + seconds));
    response.setHeader('RateLimit-Policy', '5000;w=3600');
    send(429, { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' });
  };

  const server = createServer((request, response) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      // The post's page where bsky.app would show it (`BLUESKY_WEB_URL` points here in the demo).
      const rkey = /^\/profile\/[^/]+\/post\/([^/?]+)/.exec(request.url ?? '')?.[1];
      if (request.method === 'GET' && rkey !== undefined) {
        const post = posts.find((item) => item.uri.endsWith(`/${rkey}`));
        const reply = post
          ? postPage({
              network: 'Bluesky',
              author: `@${(accountNamed(post.account) ?? ACCOUNT).handle}`,
              text: post.text,
              link: post.link ?? undefined,
              attachments: post.media.length,
            })
          : postNotFound('Bluesky');
        response.writeHead(reply.status, reply.headers);
        response.end(reply.body);
        return;
      }
      const nsid = /^\/xrpc\/([\w.]+)/.exec(request.url ?? '')?.[1] ?? '';
      calls[nsid] = (calls[nsid] ?? 0) + 1;
      const failure = failures[0];
      if (failure && (failure.nsid === undefined || failure.nsid === nsid)) {
        failures.shift();
        if (failure.retryAfter !== undefined) {
          response.setHeader('Retry-After', String(failure.retryAfter));
          return send(429, { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' });
        }
        return fail(failure.kind, response, send);
      }
      try {
        send(200, handle(nsid, request, Buffer.concat(chunks)));
      } catch (error) {
        if (error instanceof XrpcError)
          send(error.status, { error: error.error, message: error.message });
        else send(500, { error: 'InternalServerError', message: 'Internal Server Error' });
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
    account: ACCOUNT,
    posts,
    refusedKeys,
    /** Account n's credentials and identity (handle bench<n>.test; 0 is `account`). */
    benchAccount(n: number) {
      return {
        credentials: { ...validCredentials, username: accountOf(n).handle },
        user: accountOf(n),
      };
    },
    calls,
    /** Fails the next `times` requests (only those to `nsid`, when given). */
    failNext(kind: FakeFailure, times = 1, nsid?: string) {
      for (let i = 0; i < times; i++) failures.push({ kind, nsid });
    },
    /** The next request (to `nsid`) answers 429 with `Retry-After: seconds`. */
    rateLimitNext(nsid: string, seconds: number) {
      failures.push({ kind: 'rate-limited', nsid, retryAfter: seconds });
    },
    /** The metric reads' numbers and deletions (see metrics.ts). */
    metrics,
    /** New sessions name this PDS in their DID document (a PDS elsewhere than the login host). */
    namePds(url: string) {
      pdsEndpoint = url;
    },
    /** Access tokens run out, as they do after about two hours. */
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.isExpired = true;
    },
    /** Refresh tokens run out too, as after months unused: only a new login helps. */
    expireAllTokens() {
      for (const token of [...accessTokens.values(), ...refreshTokens.values()])
        token.isExpired = true;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
