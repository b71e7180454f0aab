import { composePostText } from '@cadence/shared';
import { z } from 'zod';
import { madeWithin, MAX_READ_PAGES, sameText } from './find-published.js';
import { containerKey, keptUploadId, keptUploadValue } from './kept-container.js';
import { callLinkedIn, readJson } from './linkedin-http.js';
import { postMetrics } from './metrics-read.js';
import { toLittleText } from './linkedin-little-text.js';
import { retryUpload } from './read-retry.js';
import {
  NetworkError,
  NO_SLOT,
  type LinkedInCredentials,
  type MetricsRead,
  type NetworkAdapter,
  type PublishInput,
  type PublishMedia,
} from './types.js';

export interface LinkPreview {
  title: string;
  description: string;
}

export interface LinkedInConfig {
  /** https://api.linkedin.com */
  baseUrl: string;
  timeoutMs?: number;
  /** `LinkedIn-Version` (YYYYMM); LinkedIn retires each version about a year after release. */
  apiVersion?: string;
  /** Title and description for the article card: the Posts API does not scrape links. */
  describeLink?: (url: string) => Promise<LinkPreview | null>;
  /** Hosts an upload address from LinkedIn may have on a private address (FETCH_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
  /** Where the network's website shows a post (`{NETWORK}_WEB_URL`; the demo's stand-ins serve one). */
  webUrl?: string;
}

export const LINKEDIN_DEFAULT_API_VERSION = '202601';
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

const UserInfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});
/** `GET /rest/posts?q=author&author={urn}`: the author's posts, newest first (times in ms). */
const AuthorPostsSchema = z.object({
  elements: z.array(
    z.object({
      id: z.string(),
      commentary: z.string().optional(),
      createdAt: z.number().optional(),
      publishedAt: z.number().optional(),
    }),
  ),
  paging: z
    .object({
      start: z.number().optional(),
      count: z.number().optional(),
      total: z.number().optional(),
    })
    .optional(),
});
const POSTS_PER_PAGE = 50;
/** `GET /rest/socialActions/{urn}`: the post's likes and comments. */
const SocialActionsSchema = z.object({
  likesSummary: z.looseObject({ totalLikes: z.number().optional() }).optional(),
  commentsSummary: z
    .looseObject({
      aggregatedTotalComments: z.number().optional(),
      totalFirstLevelComments: z.number().optional(),
    })
    .optional(),
});

/** `POST /rest/socialActions/{urn}/comments`: 201 with the comment (its URN also in `x-restli-id`). */
const CommentSchema = z.looseObject({ $URN: z.string().optional(), id: z.string().optional() });

const UploadSchema = z.object({
  value: z.object({ uploadUrl: z.url(), image: z.string().startsWith('urn:li:image:') }),
});

function commentUrnIn(body: string): string | undefined {
  try {
    const parsed = CommentSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.$URN : undefined;
  } catch {
    return undefined;
  }
}

function invalid(message: string): NetworkError {
  return new NetworkError('linkedIn', 'invalid', message);
}

/** A post carries one content block: with an image, the link can only ride in the text. */
function checkContent(post: PublishInput): string {
  const { text, measured } = composePostText('linkedIn', {
    ...post,
    hasMedia: Boolean(post.media),
  });
  if (!text && !post.link && !post.media) throw invalid('The post is empty');
  if (measured.isOver) {
    throw invalid(
      `LinkedIn allows ${measured.limit} characters per post; this one has ${measured.length}`,
    );
  }
  if (post.link && !URL.canParse(post.link)) throw invalid(`${post.link} is not a web address`);
  if (post.media && !IMAGE_TYPES.has(post.media.mimeType)) {
    throw invalid(
      `LinkedIn posts from Cadence take JPG, PNG or GIF images, not ${post.media.mimeType}`,
    );
  }
  return text;
}

export function createLinkedInAdapter(config: LinkedInConfig): NetworkAdapter<LinkedInCredentials> {
  const webUrl = (config.webUrl ?? 'https://www.linkedin.com').replace(/\/+$/, '');
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const apiVersion = config.apiVersion ?? LINKEDIN_DEFAULT_API_VERSION;

  const readMember = async (accessToken: string) => {
    const response = await callLinkedIn({
      url: `${baseUrl}/v2/userinfo`,
      method: 'GET',
      accessToken,
      timeoutMs,
    });
    return readJson(response, UserInfoSchema, 'profile');
  };

  /** Images API: reserve an upload, PUT the bytes, then cite the image URN in the post. */
  const uploadImage = async (media: PublishMedia, author: string, accessToken: string) => {
    const file = await media.open();
    // An image no post cites yet: a passing failure is tried again in place, here and below.
    const reserved = await retryUpload(() =>
      callLinkedIn({
        url: `${baseUrl}/rest/images?action=initializeUpload`,
        method: 'POST',
        accessToken,
        apiVersion,
        json: { initializeUploadRequest: { owner: author } },
        timeoutMs,
      }),
    );
    const { uploadUrl, image } = readJson(reserved, UploadSchema, 'upload reservation').value;
    // The token goes along with the bytes, so only to LinkedIn-looking (https) or configured
    // hosts, and (unless it is the configured host) through the private-address guard.
    const isConfigured = new URL(uploadUrl).origin === new URL(baseUrl).origin;
    if (!uploadUrl.startsWith('https://') && !isConfigured) {
      throw new NetworkError(
        'linkedIn',
        'transient',
        'LinkedIn named an unexpected upload address',
      );
    }
    await retryUpload(() =>
      callLinkedIn({
        url: uploadUrl,
        method: 'PUT',
        accessToken,
        ...(isConfigured ? {} : { guard: { allowHosts: config.allowHosts ?? [] } }),
        bytes: { data: file, mimeType: media.mimeType },
        // Bytes take longer than a JSON call; a lost answer only leaves an unused image behind.
        timeoutMs: timeoutMs * 4,
      }),
    );
    return image;
  };

  const describe = async (link: string): Promise<LinkPreview> => {
    const fallback = { title: new URL(link).hostname, description: '' };
    try {
      return (await config.describeLink?.(link)) ?? fallback;
    } catch {
      return fallback;
    }
  };

  /** The post's content; `keptImage`: an image URN an earlier attempt uploaded for it. */
  const buildContent = async (
    post: PublishInput,
    author: string,
    accessToken: string,
    keptImage: string | null,
  ) => {
    if (post.media) {
      const id = keptImage ?? (await uploadImage(post.media, author, accessToken));
      return { media: { id, ...(post.media.altText && { altText: post.media.altText }) } };
    }
    if (post.link) {
      const { title, description } = await describe(post.link);
      return { article: { source: post.link, title, ...(description && { description }) } };
    }
    return undefined;
  };

  return {
    id: 'linkedIn',
    metricsBatch: 1,

    /**
     * `POST /rest/socialActions/{urn}/comments` `{actor, object, message: {text}}`: the
     * member's first-level comment under their post. The text is plain (not little text).
     */
    async comment(on, text, credentials) {
      const { accessToken } = credentials;
      const memberId = credentials.memberId ?? (await readMember(accessToken)).sub;
      const actor = `urn:li:person:${memberId}`;
      const response = await callLinkedIn({
        url: `${baseUrl}/rest/socialActions/${encodeURIComponent(on.externalId)}/comments`,
        method: 'POST',
        accessToken,
        apiVersion,
        json: { actor, object: on.externalId, message: { text } },
        isPublish: true,
        timeoutMs,
      });
      // Made: an answer without its name is "maybe commented", never a reason to send again.
      const urn = response.headers.get('x-restli-id') ?? commentUrnIn(response.body);
      if (!urn) {
        throw new NetworkError(
          'linkedIn',
          'unconfirmed',
          'LinkedIn accepted the comment without naming it',
          { status: response.status },
        );
      }
      return { externalId: urn, url: `${webUrl}/feed/update/${on.externalId}/` };
    },

    async readMetrics(externalIds, credentials) {
      const read: MetricsRead = new Map();
      const [urn] = externalIds;
      if (!urn) return read;
      let response: Awaited<ReturnType<typeof callLinkedIn>>;
      try {
        response = await callLinkedIn({
          url: `${baseUrl}/rest/socialActions/${encodeURIComponent(urn)}`,
          method: 'GET',
          accessToken: credentials.accessToken,
          apiVersion,
          timeoutMs,
        });
      } catch (error) {
        if (error instanceof NetworkError && error.details.status === 404) {
          return read.set(urn, 'gone');
        }
        throw error;
      }
      const actions = readJson(response, SocialActionsSchema, "post's likes and comments");
      const raw = {
        totalLikes: actions.likesSummary?.totalLikes,
        aggregatedTotalComments:
          actions.commentsSummary?.aggregatedTotalComments ??
          actions.commentsSummary?.totalFirstLevelComments,
      };
      return read.set(
        urn,
        postMetrics(raw, {
          likes: ['totalLikes'],
          comments: ['aggregatedTotalComments'],
          shares: [],
        }),
      );
    },

    // A member's network size is not readable with a member's posting token.
    readFollowers: () => Promise.resolve(null),

    async verify(credentials) {
      const member = await readMember(credentials.accessToken);
      const fullName = [member.given_name, member.family_name].filter(Boolean).join(' ');
      return { accountId: member.sub, accountName: member.name ?? (fullName || member.sub) };
    },

    // The member lookup and the image upload come before the post.
    preparesBeforePublishing: () => true,

    async findPublished(post, credentials, window) {
      // The commentary as sent: the text in LinkedIn's little-text escaping.
      const sent = toLittleText(checkContent(post));
      const { accessToken } = credentials;
      const memberId = credentials.memberId ?? (await readMember(accessToken)).sub;
      for (let page = 0; page < MAX_READ_PAGES; page++) {
        const query = new URLSearchParams({
          q: 'author',
          author: `urn:li:person:${memberId}`,
          count: String(POSTS_PER_PAGE),
          start: String(page * POSTS_PER_PAGE),
          sortBy: 'CREATED',
        });
        const response = await callLinkedIn({
          url: `${baseUrl}/rest/posts?${query.toString()}`,
          method: 'GET',
          accessToken,
          apiVersion,
          restliMethod: 'FINDER',
          timeoutMs,
        });
        const { elements } = readJson(response, AuthorPostsSchema, "list of the member's posts");
        const made = (item: (typeof elements)[number]) => item.publishedAt ?? item.createdAt ?? NaN;
        const found = elements.find(
          (item) => madeWithin(made(item), window) && sameText(sent, item.commentary),
        );
        if (found) return { externalId: found.id, url: `${webUrl}/feed/update/${found.id}/` };
        const oldest = elements.at(-1);
        if (elements.length < POSTS_PER_PAGE || (oldest && !madeWithin(made(oldest), window))) {
          break;
        }
      }
      return null;
    },

    async publish(post, credentials, context = NO_SLOT) {
      const text = checkContent(post);
      const { accessToken } = credentials;
      const memberId = credentials.memberId ?? (await readMember(accessToken)).sub;
      const author = `urn:li:person:${memberId}`;
      // An image uploaded by an earlier attempt for this member and file is cited again.
      const imageKey = post.media
        ? containerKey(author, { image: post.media.url, type: post.media.mimeType })
        : undefined;
      const keptImage = imageKey ? keptUploadId(post.kept, imageKey) : null;
      const content = await buildContent(post, author, accessToken, keptImage);
      const uploaded = keptImage ? undefined : content?.media?.id;
      await context.beforePublishCall(
        imageKey && uploaded ? keptUploadValue(imageKey, uploaded) : undefined,
      );
      const response = await callLinkedIn({
        url: `${baseUrl}/rest/posts`,
        method: 'POST',
        accessToken,
        apiVersion,
        json: {
          author,
          commentary: toLittleText(text),
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          ...(content && { content }),
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        },
        isPublish: true,
        timeoutMs,
      });
      // 201 with an empty body: the new post's URN comes only in this header.
      const urn = response.headers.get('x-restli-id');
      if (!urn) {
        throw new NetworkError(
          'linkedIn',
          'unconfirmed',
          'LinkedIn accepted the post without naming it',
          {
            status: response.status,
          },
        );
      }
      return { externalId: urn, url: `${webUrl}/feed/update/${urn}/` };
    },
  };
}
