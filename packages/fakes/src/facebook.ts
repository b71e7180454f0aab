import { createHmac } from 'node:crypto';
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
import { accountCredential, accountOf } from './accounts.js';
import { metaList, metaTime, nextPageUrl, pickFields } from './meta-list.js';
import { postNotFound, postPage } from './post-page.js';
import { createFakeMetrics } from './metrics.js';

/** What a connection to a Page on this stand-in holds: the shape the server stores for Facebook. */
export interface FakeFacebookCredentials {
  appId: string;
  appSecret: string;
  accessToken: string;
  pageId: string;
  pageAccessToken: string;
}

export interface FakeFacebookPost {
  id: string;
  pageId: string;
  endpoint: 'feed' | 'photos' | 'videos';
  message?: string;
  link?: string;
  caption?: string;
  /** A photo given by URL (`url`) or a video by `file_url`. */
  mediaUrl?: string;
  /** A photo uploaded as multipart `source`. */
  upload?: { bytes: number; mimeType: string; fileName: string };
  /** When the fake accepted it (ms since the epoch). */
  receivedAt: number;
}

const APP_SECRET = 'fake-facebook-app-secret';
const USER_TOKEN = 'fake-facebook-user-token';
const DEFAULT_PAGES = [
  { id: '1010', name: 'Acme Rockets', accessToken: 'fake-page-token-1010' },
  { id: '2020', name: 'Acme Labs', accessToken: 'fake-page-token-2020' },
];
/** The one Page of account n >= 1 (see accounts.ts), whose user token is USER_TOKEN~n. */
const BENCH_PAGE_BASE = 7_000_000_000;
const benchPageOf = (n: number) => {
  const id = String(BENCH_PAGE_BASE + n);
  return { id, name: `Bench Page ${n}`, accessToken: `fake-page-token-${id}` };
};

function proofFailure(request: GraphRequest): GraphReply | null {
  const proof = request.params.get('appsecret_proof');
  if (!proof)
    return graphError(100, 'API calls from the server require an appsecret_proof argument');
  const expected = createHmac('sha256', APP_SECRET)
    .update(request.accessToken ?? '')
    .digest('hex');
  return proof === expected
    ? null
    : graphError(100, 'Invalid appsecret_proof provided in the API argument');
}

/**
 * A local Facebook Graph API for Pages: the page list, reading a page, and posting to its feed,
 * photos and videos. Behaves like an app with "Require App Secret" on, so every call needs a
 * valid appsecret_proof. `pageSize` caps /me/accounts pages to exercise paging; `pageNames`
 * renames the Pages, and names beyond the two default ones add Pages (ids 3030, 4040...).
 */
export async function startFakeFacebook(
  options: { pageSize?: number; pageNames?: readonly string[] } = {},
) {
  // Names past the default Pages add Pages of their own (ids 3030, 4040...).
  const PAGES = [
    ...DEFAULT_PAGES,
    ...(options.pageNames ?? []).slice(DEFAULT_PAGES.length).map((_, extra) => {
      const id = String((DEFAULT_PAGES.length + extra + 1) * 1010);
      return { id, name: '', accessToken: `fake-page-token-${id}` };
    }),
  ].map((page, index) => ({ ...page, name: options.pageNames?.[index] ?? page.name }));
  /** Account n's one Page: named after the entity when a consent page was told it. */
  const accountPage = (n: number) => {
    const page = benchPageOf(n);
    const hinted = oauth.hintedName(n);
    return hinted ? { ...page, name: hinted } : page;
  };
  const findPage = (id: string | undefined) =>
    PAGES.find((page) => page.id === id) ??
    (id && /^7\d{9}$/.test(id) && Number(id) > BENCH_PAGE_BASE
      ? accountPage(Number(id) - BENCH_PAGE_BASE)
      : undefined);
  // Facebook Login (one-click connect): user tokens handed out here act as USER_TOKEN does.
  const oauth = createFakeOAuth({
    name: 'Facebook',
    app: FAKE_META_APP,
    accessTtlSeconds: 3600,
    refreshTokens: false,
  });
  let baseUrl = '';
  const posts: FakeFacebookPost[] = [];
  /** Texts refused as duplicates of the Page's last post (a second attempt). */
  const refusedDuplicates: string[] = [];
  /** Comments written under the Page's posts (a post's first comment). */
  const comments: FakeMetaComment[] = [];
  const pageOfToken = (token: string | undefined) => {
    const page = findPage(/^fake-page-token-(\d+)$/.exec(token ?? '')?.[1]);
    return page?.accessToken === token ? page : undefined;
  };

  const expiries = createTokenExpiries(oauth);
  const metrics = createFakeMetrics();
  const missing = (id: string) =>
    graphError(
      100,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      { subcode: 33 },
    );
  /**
   * A post's numbers, read with its Page's token: `GET /{post-id}?fields=reactions.summary(...)
   * ,comments.summary(...),shares` (no `shares` while nobody shared it) and
   * `GET /{post-id}/insights?metric=post_impressions`.
   */
  const postNumbers = (request: GraphRequest, post: FakeFacebookPost, edge: string | undefined) => {
    const counts = metrics.countsOf(post.id);
    if (!counts) return missing(post.id);
    if (pageOfToken(request.accessToken)?.id !== post.pageId) {
      return graphError(10, '(#10) This endpoint requires the pages_read_engagement permission');
    }
    if (edge === 'insights') {
      const names = (request.params.get('metric') ?? '').split(',');
      const data = names
        .filter((name) => name === 'post_impressions')
        .map((name) => ({
          name,
          period: 'lifetime',
          values: [{ value: counts.impressions }],
          title: 'Lifetime Post Total Impressions',
          id: `${post.id}/insights/${name}/lifetime`,
        }));
      return { status: 200, body: { data } };
    }
    const fields = request.params.get('fields') ?? '';
    const summary = (total: number) => ({ data: [], summary: { total_count: total } });
    return {
      status: 200,
      body: {
        id: post.id,
        ...(fields.includes('reactions') ? { reactions: summary(counts.likes) } : {}),
        ...(fields.includes('comments') ? { comments: summary(counts.replies) } : {}),
        ...(fields.includes('shares') && counts.reposts > 0
          ? { shares: { count: counts.reposts } }
          : {}),
      },
    };
  };
  const route = (request: GraphRequest): GraphReply => {
    const login = facebookLogin(request, oauth);
    if (login) return login;
    const debug = debugToken(request, (token) => {
      const page = pageOfToken(token);
      if (page) return { type: 'PAGE', expiresAt: expiries.of(token), userId: page.id };
      if (token === USER_TOKEN || oauth.isValid(token))
        return { type: 'USER', expiresAt: expiries.of(token), userId: '10001' };
      return null;
    });
    if (debug) return debug;
    const { method, segments, params } = request;
    // A Facebook Login token for a named account (the demo's entity) manages that one Page.
    const hinted = oauth.isValid(request.accessToken) ? oauth.accountOf(request.accessToken) : 0;
    const account = accountOf(request.accessToken, USER_TOKEN) ?? (hinted || undefined);
    const isUser = account !== undefined || oauth.isValid(request.accessToken);
    const userPages = account ? [accountPage(account)] : PAGES;
    const tokenPage = pageOfToken(request.accessToken);
    if (!isUser && !tokenPage) {
      // Graph echoes the token it could not parse; adapters must not pass that on.
      return graphError(190, `Malformed access token ${request.accessToken ?? ''}`);
    }
    const proof = proofFailure(request);
    if (proof) return proof;
    const [first, edge] = segments;
    if (method === 'GET' && first === 'me' && edge === 'accounts') {
      if (!isUser) {
        return graphError(
          100,
          '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
        );
      }
      const limit = Math.min(Number(params.get('limit') ?? 25), options.pageSize ?? 100);
      const start = Number(params.get('after') ?? 0);
      const data = userPages.slice(start, start + limit).map((page) => ({
        id: page.id,
        name: page.name,
        access_token: page.accessToken,
      }));
      const after = String(start + limit);
      const hasMore = start + limit < userPages.length;
      return {
        status: 200,
        body: {
          data,
          paging: {
            cursors: { before: String(start), after },
            ...(hasMore ? { next: `https://graph.facebook.com/me/accounts?after=${after}` } : {}),
          },
        },
      };
    }
    const post = method === 'GET' ? posts.find((item) => item.id === first) : undefined;
    if (post && (!edge || edge === 'insights')) return postNumbers(request, post, edge);
    if (method === 'POST' && edge === 'comments') {
      // A comment under one of the Page's posts, written with that Page's token.
      const post = posts.find((item) => item.id === first);
      if (!post)
        return graphError(100, `Object with ID '${first ?? ''}' does not exist`, { subcode: 33 });
      if (tokenPage?.id !== post.pageId) return graphError(200, '(#200) Permissions error');
      const message = params.get('message');
      if (!message) return graphError(100, '(#100) Missing message or attachment');
      const comment = {
        id: `${post.id}_${5000 + comments.length + 1}`,
        postId: post.id,
        message,
        receivedAt: Date.now(),
      };
      comments.push(comment);
      return { status: 200, body: { id: comment.id } };
    }
    const page = findPage(first);
    if (!page) return missing(first ?? '');
    if (method === 'GET' && !edge) {
      const fields = (params.get('fields') ?? 'id,name').split(',');
      return {
        status: 200,
        body: {
          id: page.id,
          name: page.name,
          ...(fields.includes('followers_count')
            ? { followers_count: metrics.followersOf(page.id) }
            : {}),
        },
      };
    }
    if (method === 'GET' && edge === 'posts') {
      // The Page's posts this fake received, read with the Page's token.
      if (tokenPage?.id !== page.id) {
        return graphError(
          10,
          '(#10) This endpoint requires the pages_read_engagement permission or the Page Public Content Access feature',
        );
      }
      const body = metaList(
        posts.filter((post) => post.pageId === page.id),
        params,
        (post) =>
          pickFields(params, {
            id: post.id,
            message: post.message ?? post.caption ?? undefined,
            created_time: metaTime(post.receivedAt),
            permalink_url: `${baseUrl}/${post.id}`,
          }),
        (after) => nextPageUrl(`${baseUrl}/v25.0/${page.id}/posts`, params, after),
      );
      return { status: 200, body };
    }
    if (method !== 'POST' || !edge || !['feed', 'photos', 'videos'].includes(edge)) {
      return graphError(100, `Unknown path components: /${edge ?? ''}`);
    }
    if (tokenPage?.id !== page.id) {
      return graphError(
        200,
        '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
      );
    }
    return publish(page.id, edge as FakeFacebookPost['endpoint'], request);
  };

  const publish = (
    pageId: string,
    endpoint: FakeFacebookPost['endpoint'],
    request: GraphRequest,
  ): GraphReply => {
    const { params, files } = request;
    const message = params.get('message');
    const caption = params.get('caption') ?? params.get('description') ?? message;
    const source = files.get('source');
    const mediaUrl = params.get(endpoint === 'videos' ? 'file_url' : 'url');
    if (endpoint === 'feed' && !message && !params.get('link')) {
      return graphError(100, '(#100) Missing message or attachment');
    }
    if (endpoint !== 'feed' && !source && !mediaUrl)
      return graphError(324, '(#324) Requires upload file');
    const text = endpoint === 'feed' ? message : caption;
    const last = posts.filter((post) => post.pageId === pageId).at(-1);
    if (text && (last?.message ?? last?.caption) === text) {
      refusedDuplicates.push(text);
      return graphError(506, 'Duplicate status message');
    }
    const sequence = posts.length + 1;
    const postId = `${pageId}_${9000 + sequence}`;
    const objectId = String(7000 + sequence);
    posts.push({
      id: endpoint === 'videos' ? objectId : postId,
      pageId,
      endpoint,
      ...(endpoint === 'feed' ? { message, link: params.get('link') } : { caption }),
      ...(mediaUrl ? { mediaUrl } : {}),
      ...(source
        ? { upload: { bytes: source.size, mimeType: source.type, fileName: source.name } }
        : {}),
      receivedAt: Date.now(),
    });
    metrics.made(endpoint === 'videos' ? objectId : postId);
    if (endpoint === 'feed') return { status: 200, body: { id: postId } };
    if (endpoint === 'photos') return { status: 200, body: { id: objectId, post_id: postId } };
    return { status: 200, body: { id: objectId } };
  };

  const server = await startGraphServer({
    version: 'v25.0',
    // The post's page where facebook.com would show it (`FACEBOOK_WEB_URL` points here in the demo).
    page: (path) => {
      const id = /^\/(\d+(?:_\d+)?)$/.exec(path)?.[1];
      if (id === undefined) return null;
      const post = posts.find((item) => item.id === id);
      if (!post) return postNotFound('Facebook');
      return postPage({
        network: 'Facebook',
        author: findPage(post.pageId)?.name ?? post.pageId,
        text: post.message ?? post.caption,
        link: post.link,
        attachments: post.mediaUrl || post.upload ? 1 : 0,
      });
    },
    endpointOf: ({ segments: [first, edge] }) =>
      first === 'me'
        ? 'accounts'
        : first === 'debug_token'
          ? 'debug_token'
          : posts.some((post) => post.id === first)
            ? edge === 'insights'
              ? 'post-insights'
              : edge === 'comments'
                ? 'comments'
                : 'post'
            : (edge ?? 'page'),
    route,
    failure: (kind) => {
      if (kind === 'unauthorized') return graphFailures.unauthorized();
      if (kind === 'server-error') return graphFailures.serverError();
      if (kind === 'rate-limited')
        return graphFailures.rateLimited(32, 'Page request limit reached', 2);
      return graphError(506, 'Duplicate status message');
    },
  });
  baseUrl = server.baseUrl;
  const [firstPage] = PAGES;
  const validCredentials: FakeFacebookCredentials = {
    appId: '1234567890',
    appSecret: APP_SECRET,
    accessToken: USER_TOKEN,
    pageId: firstPage!.id,
    pageAccessToken: firstPage!.accessToken,
  };
  return {
    ...server,
    posts,
    comments,
    refusedDuplicates,
    pages: PAGES,
    validCredentials,
    /** Account n's credentials and Page (see accounts.ts). */
    account(n: number) {
      const page = n === 0 ? firstPage! : benchPageOf(n);
      const credentials: FakeFacebookCredentials = {
        ...validCredentials,
        accessToken: accountCredential(USER_TOKEN, n),
        pageId: page.id,
        pageAccessToken: page.accessToken,
      };
      return { credentials, page };
    },
    oauth,
    /** Dates a token for debug_token (by the app's clock); the fixed tokens never expire. */
    setTokenExpiry: expiries.set,
    /** The metric reads' numbers and deletions (see metrics.ts). */
    metrics,
    authorizeUrl: `${server.baseUrl}/dialog/oauth`,
  };
}
