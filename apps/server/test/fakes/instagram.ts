import type { InstagramCredentials } from '../../src/integrations/networks/types.js';
import { createFakeOAuth } from './oauth.js';
import {
  facebookLogin,
  FAKE_META_APP,
  graphError,
  graphFailures,
  startGraphServer,
  type GraphReply,
  type GraphRequest,
} from './meta-graph.js';

export interface FakeInstagramPost {
  id: string;
  containerId: string;
  mediaType: 'IMAGE' | 'REELS';
  caption: string;
  mediaUrl: string;
  altText?: string;
}

interface Container {
  mediaType: FakeInstagramPost['mediaType'];
  caption: string;
  mediaUrl: string;
  altText?: string;
  pollsLeft: number;
  error: string | null;
  isPublished: boolean;
}

const USER_TOKEN = 'fake-instagram-user-token';
/** A valid token whose Pages have no Instagram account linked. */
const UNLINKED_TOKEN = 'fake-instagram-unlinked-token';
const IG_USER = { id: '17841400000000001', username: 'acme.rockets', name: 'Acme Rockets' };
const PAGES = [
  { id: '1010', name: 'Acme Blog' },
  { id: '2020', name: 'Acme Rockets', instagram_business_account: { id: IG_USER.id } },
];

/**
 * A local Instagram Graph API (Facebook Login flow): the Page list that leads to the
 * ig-user-id, the profile, media containers that stay IN_PROGRESS for `state.pollsInProgress`
 * status checks (or end in ERROR when `state.containerError` is set), media_publish and permalinks.
 */
export async function startFakeInstagram(options: { pollsInProgress?: number } = {}) {
  const state = {
    pollsInProgress: options.pollsInProgress ?? 1,
    containerError: null as string | null,
  };
  const posts: FakeInstagramPost[] = [];
  const containers = new Map<string, Container>();
  const media = new Map<string, FakeInstagramPost>();
  let sequence = 0;

  const createContainer = ({ params }: GraphRequest): GraphReply => {
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
      error: state.containerError,
      isPublished: false,
    });
    return { status: 200, body: { id } };
  };

  const publish = ({ params }: GraphRequest): GraphReply => {
    const containerId = params.get('creation_id') ?? '';
    const container = containers.get(containerId);
    if (!container) return graphError(100, '(#100) Param creation_id is not a valid container id');
    if (container.pollsLeft > 0 || container.error || container.isPublished) {
      return graphError(9007, 'Media ID is not available', { subcode: 2207027 });
    }
    container.isPublished = true;
    const { pollsLeft: _polls, error: _error, isPublished: _published, ...content } = container;
    const post = {
      id: `179500000000${String(++sequence).padStart(5, '0')}`,
      containerId,
      ...content,
    };
    posts.push(post);
    media.set(post.id, post);
    return { status: 200, body: { id: post.id } };
  };

  const readObject = (id: string): GraphReply => {
    if (id === IG_USER.id) return { status: 200, body: IG_USER };
    const container = containers.get(id);
    if (container) {
      if (container.pollsLeft > 0) {
        container.pollsLeft -= 1;
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
    if (post)
      return {
        status: 200,
        body: { id, permalink: `https://www.instagram.com/p/FAKE${post.id.slice(-4)}/` },
      };
    return graphError(100, `Unsupported get request. Object with ID '${id}' does not exist`, {
      subcode: 33,
    });
  };

  const route = (request: GraphRequest): GraphReply => {
    const login = facebookLogin(request, oauth);
    if (login) return login;
    const { method, segments } = request;
    // A user token from Facebook Login (one-click connect) manages the same Pages.
    const accessToken = oauth.isValid(request.accessToken) ? USER_TOKEN : request.accessToken;
    if (accessToken !== USER_TOKEN && accessToken !== UNLINKED_TOKEN) {
      return graphError(190, 'Invalid OAuth access token - Cannot parse access token');
    }
    const [first = '', edge] = segments;
    if (method === 'GET' && first === 'me' && edge === 'accounts') {
      const data =
        accessToken === USER_TOKEN
          ? PAGES
          : PAGES.filter((page) => !page.instagram_business_account);
      return { status: 200, body: { data, paging: { cursors: { before: 'MA', after: 'MQ' } } } };
    }
    if (method === 'GET' && !edge) return readObject(first);
    if (method === 'POST' && first === IG_USER.id && accessToken === USER_TOKEN) {
      if (edge === 'media') return createContainer(request);
      if (edge === 'media_publish') return publish(request);
    }
    return graphError(100, `Unsupported ${method.toLowerCase()} request`, { subcode: 33 });
  };

  const oauth = createFakeOAuth({
    name: 'Instagram',
    app: FAKE_META_APP,
    accessTtlSeconds: 3600,
    refreshTokens: false,
  });
  const server = await startGraphServer({
    version: 'v25.0',
    endpointOf: ({ segments: [first = '', edge] }) => {
      if (edge) return first === 'me' ? 'accounts' : edge;
      if (first === IG_USER.id) return 'profile';
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
  const validCredentials: InstagramCredentials = { accessToken: USER_TOKEN };
  return {
    ...server,
    posts,
    state,
    igUser: IG_USER,
    validCredentials,
    oauth,
    unlinkedToken: UNLINKED_TOKEN,
  };
}
