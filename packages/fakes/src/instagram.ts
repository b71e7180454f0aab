import { createFakeOAuth } from './oauth.js';
import {
  createTokenExpiries,
  debugToken,
  facebookLogin,
  FAKE_META_APP,
  graphError,
  graphFailures,
  startGraphServer,
  type GraphReply,
  type GraphRequest,
  type FakeMetaComment,
} from './meta-graph.js';
import { accountCredential, accountOf, drawMs, numericIdOf } from './accounts.js';
import { metaList, metaTime, nextPageUrl, pickFields } from './meta-list.js';
import { postNotFound, postPage } from './post-page.js';
import { createFakeMetrics, type FakeMetricCounts } from './metrics.js';

/** What a connection to this stand-in holds (the server learns the ig-user id at verification). */
export interface FakeInstagramCredentials {
  accessToken: string;
}

export interface FakeInstagramPost {
  id: string;
  containerId: string;
  mediaType: 'IMAGE' | 'REELS';
  caption: string;
  mediaUrl: string;
  altText?: string;
  /** The posting account's ig-user-id. */
  account: string;
  /** When the fake accepted it (ms since the epoch). */
  receivedAt: number;
}

interface Container {
  mediaType: FakeInstagramPost['mediaType'];
  caption: string;
  mediaUrl: string;
  altText?: string;
  pollsLeft: number;
  /** IN_PROGRESS until then, however often it is polled (ms since the epoch). */
  readyAt: number;
  error: string | null;
  isPublished: boolean;
  account: string;
}

const USER_TOKEN = 'fake-instagram-user-token';
/** A valid token whose Pages have no Instagram account linked. */
const UNLINKED_TOKEN = 'fake-instagram-unlinked-token';
const DEFAULT_IG_USER = { id: '17841400000000001', username: 'acme.rockets', name: 'Acme Rockets' };
const DEFAULT_PAGES = [
  { id: '1010', name: 'Acme Blog' },
  { id: '2020', name: 'Acme Rockets', instagram_business_account: { id: DEFAULT_IG_USER.id } },
];

/**
 * A local Instagram Graph API (Facebook Login flow): the Page list that leads to the
 * ig-user-id, the profile, media containers that stay IN_PROGRESS for `state.pollsInProgress`
 * status checks (or end in ERROR when `state.containerError` is set), media_publish and permalinks.
 * With `processingMs`, a container also stays IN_PROGRESS for a time drawn from that range
 * (as real ones take seconds to fetch and process the media).
 */
export async function startFakeInstagram(
  options: {
    pollsInProgress?: number;
    processingMs?: readonly [min: number, max: number];
    /** The account's names (the demo names it after its entity), also its linked Page's. */
    user?: { name: string; username: string };
  } = {},
) {
  const IG_USER = { ...DEFAULT_IG_USER, ...options.user };
  const PAGES = DEFAULT_PAGES.map((page) =>
    page.instagram_business_account ? { ...page, name: IG_USER.name } : page,
  );
  /** Account n of the fake (see accounts.ts); 0 is IG_USER. */
  const igUserOf = (n: number) =>
    n === 0
      ? IG_USER
      : { id: numericIdOf(IG_USER.id, n), username: `bench.${n}`, name: `Bench ${n}` };
  const IG_USER_ID = /^178414\d{11}$/;
  const igUserById = (id: string) => {
    if (!IG_USER_ID.test(id)) return undefined;
    const n = Number((BigInt(id) - BigInt(IG_USER.id)) / 1_000_000n);
    return igUserOf(n).id === id ? igUserOf(n) : undefined;
  };
  const state = {
    pollsInProgress: options.pollsInProgress ?? 1,
    processingMs: options.processingMs ?? ([0, 0] as const),
    containerError: null as string | null,
  };
  const posts: FakeInstagramPost[] = [];
  /** Comments written under the account's media (a post's first comment). */
  const comments: FakeMetaComment[] = [];
  const containers = new Map<string, Container>();
  const media = new Map<string, FakeInstagramPost>();
  let sequence = 0;
  const metrics = createFakeMetrics();
  /** The metrics `GET /{media-id}/insights` answers, by the names Instagram gives them. */
  const INSIGHTS: Record<string, (counts: FakeMetricCounts) => number> = {
    views: (counts) => counts.impressions,
    reach: (counts) => counts.reach,
    likes: (counts) => counts.likes,
    comments: (counts) => counts.replies,
    shares: (counts) => counts.reposts,
    saved: (counts) => counts.saves,
  };

  const createContainer = ({ params }: GraphRequest, account: string): GraphReply => {
    const isReel = params.get('media_type') === 'REELS';
    const mediaUrl = params.get(isReel ? 'video_url' : 'image_url');
    if (!mediaUrl)
      return graphError(
        100,
        `(#100) The parameter ${isReel ? 'video_url' : 'image_url'} is required`,
      );
    const caption = params.get('caption') ?? '';
    if ([...caption].length > 2200)
      return graphError(100, '(#100) The caption is too long', { subcode: 2207035 });
    const id = `179000000000${String(++sequence).padStart(5, '0')}`;
    const altText = params.get('alt_text');
    containers.set(id, {
      mediaType: isReel ? 'REELS' : 'IMAGE',
      caption,
      mediaUrl,
      ...(altText ? { altText } : {}),
      pollsLeft: state.pollsInProgress,
      readyAt: Date.now() + drawMs(state.processingMs),
      error: state.containerError,
      isPublished: false,
      account,
    });
    return { status: 200, body: { id } };
  };

  const isProcessing = (container: Container) =>
    container.pollsLeft > 0 || Date.now() < container.readyAt;

  const publish = ({ params }: GraphRequest, account: string): GraphReply => {
    const containerId = params.get('creation_id') ?? '';
    const container = containers.get(containerId);
    if (container?.account !== account)
      return graphError(100, '(#100) Param creation_id is not a valid container id');
    if (isProcessing(container) || container.error || container.isPublished) {
      return graphError(9007, 'Media ID is not available', { subcode: 2207027 });
    }
    container.isPublished = true;
    const {
      pollsLeft: _polls,
      readyAt: _readyAt,
      error: _error,
      isPublished: _published,
      ...content
    } = container;
    const post = {
      id: `179500000000${String(++sequence).padStart(5, '0')}`,
      containerId,
      ...content,
      receivedAt: Date.now(),
    };
    posts.push(post);
    media.set(post.id, post);
    metrics.made(post.id);
    return { status: 200, body: { id: post.id } };
  };

  /** Known once the server listens; the permalinks point at it. */
  let origin = '';
  const readObject = (id: string, params: Map<string, string>): GraphReply => {
    const igUser = igUserById(id);
    if (igUser) {
      const fields = (params.get('fields') ?? '').split(',');
      return {
        status: 200,
        body: {
          ...igUser,
          ...(fields.includes('followers_count')
            ? { followers_count: metrics.followersOf(igUser.id) }
            : {}),
        },
      };
    }
    const container = containers.get(id);
    if (container) {
      if (isProcessing(container)) {
        container.pollsLeft = Math.max(0, container.pollsLeft - 1);
        return { status: 200, body: { id, status_code: 'IN_PROGRESS', status: 'In Progress' } };
      }
      if (container.error)
        return { status: 200, body: { id, status_code: 'ERROR', status: container.error } };
      return {
        status: 200,
        body: {
          id,
          status_code: container.isPublished ? 'PUBLISHED' : 'FINISHED',
          status: 'Finished',
        },
      };
    }
    const post = media.get(id);
    if (post && !metrics.isDeleted(id))
      return {
        status: 200,
        // A local page, as the permalink the stand-in answers (Instagram's own is on instagram.com).
        body: { id, permalink: `${origin}/p/${post.id}/` },
      };
    return graphError(100, `Unsupported get request. Object with ID '${id}' does not exist`, {
      subcode: 33,
    });
  };

  const route = (request: GraphRequest): GraphReply => {
    const login = facebookLogin(request, oauth);
    if (login) return login;
    const debug = debugToken(request, (token) =>
      token === USER_TOKEN || token === UNLINKED_TOKEN || oauth.isValid(token)
        ? { type: 'USER', expiresAt: expiries.of(token), userId: '10001' }
        : null,
    );
    if (debug) return debug;
    const { method, segments } = request;
    // A user token from Facebook Login (one-click connect) manages the same Pages.
    const isUnlinked = request.accessToken === UNLINKED_TOKEN;
    const account = oauth.isValid(request.accessToken)
      ? 0
      : accountOf(request.accessToken, USER_TOKEN);
    if (account === undefined && !isUnlinked) {
      return graphError(190, 'Invalid OAuth access token - Cannot parse access token');
    }
    const user = igUserOf(account ?? 0);
    const [first = '', edge] = segments;
    if (method === 'GET' && first === 'me' && edge === 'accounts') {
      const linked = account
        ? [{ id: `${user.id}9`, name: user.name, instagram_business_account: { id: user.id } }]
        : PAGES;
      const data = isUnlinked ? PAGES.filter((page) => !page.instagram_business_account) : linked;
      return { status: 200, body: { data, paging: { cursors: { before: 'MA', after: 'MQ' } } } };
    }
    if (method === 'GET' && !edge) return readObject(first, request.params);
    if (method === 'GET' && edge === 'insights' && media.has(first)) {
      const post = media.get(first)!;
      const counts = metrics.countsOf(first);
      if (!counts) {
        return graphError(
          100,
          `Unsupported get request. Object with ID '${first}' does not exist`,
          {
            subcode: 33,
          },
        );
      }
      if (post.account !== user.id) {
        return graphError(10, '(#10) Application does not have permission for this action');
      }
      const names = (request.params.get('metric') ?? '').split(',');
      const unknown = names.find((name) => !INSIGHTS[name]);
      if (unknown) {
        return graphError(
          100,
          `(#100) metric[0] must be one of the following values: ${Object.keys(INSIGHTS).join(', ')}`,
        );
      }
      const data = names.map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: INSIGHTS[name]!(counts) }],
        id: `${first}/insights/${name}/lifetime`,
      }));
      return { status: 200, body: { data } };
    }
    if (method === 'GET' && first === user.id && edge === 'media' && !isUnlinked) {
      // The account's media this fake published (documented fields: id, caption, timestamp, permalink...).
      const { params } = request;
      const body = metaList(
        posts.filter((post) => post.account === user.id),
        params,
        (post) =>
          pickFields(params, {
            id: post.id,
            caption: post.caption,
            media_type: post.mediaType === 'REELS' ? 'VIDEO' : 'IMAGE',
            timestamp: metaTime(post.receivedAt),
            permalink: `${origin}/p/${post.id}/`,
          }),
        (after) => nextPageUrl(`${origin}/v25.0/${user.id}/media`, params, after),
      );
      return { status: 200, body };
    }
    if (method === 'POST' && edge === 'comments') {
      // A comment under one of the account's published media.
      const post = posts.find((item) => item.id === first && item.account === user.id);
      if (!post)
        return graphError(100, `Object with ID '${first}' does not exist`, { subcode: 33 });
      const message = request.params.get('message');
      if (!message) return graphError(100, 'The parameter message is required');
      const comment = {
        id: String(18_000_000 + comments.length + 1),
        postId: post.id,
        message,
        receivedAt: Date.now(),
      };
      comments.push(comment);
      return { status: 200, body: { id: comment.id } };
    }
    if (method === 'POST' && first === user.id && !isUnlinked) {
      if (edge === 'media') return createContainer(request, user.id);
      if (edge === 'media_publish') return publish(request, user.id);
    }
    return graphError(100, `Unsupported ${method.toLowerCase()} request`, { subcode: 33 });
  };

  const oauth = createFakeOAuth({
    name: 'Instagram',
    app: FAKE_META_APP,
    accessTtlSeconds: 3600,
    refreshTokens: false,
  });
  const expiries = createTokenExpiries(oauth);
  const server = await startGraphServer({
    version: 'v25.0',
    page: (path) => {
      const id = /^\/p\/(\d+)\/?$/.exec(path)?.[1];
      if (id === undefined) return null;
      const post = media.get(id);
      if (!post) return postNotFound('Instagram');
      const author = igUserById(post.account) ?? IG_USER;
      return postPage({
        network: 'Instagram',
        author: `${author.name} @${author.username}`,
        text: post.caption,
        attachments: 1,
      });
    },
    endpointOf: ({ segments: [first = '', edge] }) => {
      if (first === 'debug_token') return first;
      if (edge) return first === 'me' ? 'accounts' : edge;
      if (igUserById(first)) return 'profile';
      return containers.has(first) ? 'status' : 'permalink';
    },
    route,
    failure: (kind) => {
      if (kind === 'unauthorized') return graphFailures.unauthorized();
      if (kind === 'server-error') return graphFailures.serverError();
      if (kind === 'rate-limited')
        return graphFailures.rateLimited(4, 'Application request limit reached', 3);
      return graphError(
        9004,
        'Media download has failed. The media URI doesn’t meet our requirements.',
        {
          subcode: 2207052,
        },
      );
    },
  });
  origin = server.origin;
  const validCredentials: FakeInstagramCredentials = { accessToken: USER_TOKEN };
  return {
    ...server,
    posts,
    comments,
    state,
    igUser: IG_USER,
    validCredentials,
    /** Account n's credentials and ig-user (see accounts.ts). */
    account(n: number) {
      const credentials: FakeInstagramCredentials = {
        accessToken: accountCredential(USER_TOKEN, n),
      };
      return { credentials, user: igUserOf(n) };
    },
    oauth,
    /** Dates a token for debug_token (by the app's clock); the fixed tokens never expire. */
    setTokenExpiry: expiries.set,
    unlinkedToken: UNLINKED_TOKEN,
    /** The metric reads' numbers and deletions (see metrics.ts). */
    metrics,
  };
}
