import { composePostText } from '@cadence/shared';
import { z } from 'zod';
import {
  madeWithin,
  MAX_READ_PAGES,
  networkTime,
  sameText,
  sinceSeconds,
} from './find-published.js';
import {
  callGraph,
  GraphInsightsSchema,
  graphListSchema,
  insightNumbers,
  isGoneError,
  listGraphPages,
  type GraphClientConfig,
} from './meta-graph-request.js';
import { postMetrics } from './metrics-read.js';
import {
  NetworkError,
  type FacebookCredentials,
  type MetricsRead,
  type NetworkAdapter,
  type PublishInput,
  type PublishMedia,
} from './types.js';

export interface FacebookConfig {
  /** Graph API root with its version, e.g. https://graph.facebook.com/v25.0 */
  baseUrl: string;
  timeoutMs?: number;
  /** Where the network's website shows a post (`{NETWORK}_WEB_URL`; the demo's stand-ins serve one). */
  webUrl?: string;
}

export interface FacebookPage {
  id: string;
  name: string;
  accessToken: string;
}

const PageSchema = z.object({ id: z.string(), name: z.string() });
const ListedPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  access_token: z.string().optional(),
});
const FeedResultSchema = z.object({ id: z.string() });
const PhotoResultSchema = z.object({ id: z.string(), post_id: z.string().optional() });
/** `GET /{page-id}/posts?fields=id,message,created_time,permalink_url`, newest first. */
const PagePostsSchema = graphListSchema(
  z.object({
    id: z.string(),
    message: z.string().optional(),
    created_time: z.string().optional(),
    permalink_url: z.string().optional(),
  }),
);

/** `GET /{post-id}?fields=reactions.summary(total_count),comments.summary(total_count),shares`. */
const PostNumbersSchema = z.object({
  id: z.string(),
  reactions: z
    .object({ summary: z.object({ total_count: z.number().optional() }).optional() })
    .optional(),
  comments: z
    .object({ summary: z.object({ total_count: z.number().optional() }).optional() })
    .optional(),
  // Left out by Graph while nobody has shared the post.
  shares: z.object({ count: z.number().optional() }).optional(),
});
const FollowersSchema = z.object({ followers_count: z.number().optional() });

function clientConfig(config: FacebookConfig): GraphClientConfig {
  return { network: 'facebook', baseUrl: config.baseUrl, timeoutMs: config.timeoutMs ?? 15_000 };
}

function invalid(message: string) {
  return new NetworkError('facebook', 'invalid', message);
}

/**
 * The Pages a user token manages, each with its own Page token (what 'Get Page List' shows).
 * Pages without a token are left out: the user lacks a task on them and could not post.
 */
export async function listFacebookPages(
  config: FacebookConfig,
  credentials: Pick<FacebookCredentials, 'accessToken' | 'appId' | 'appSecret'>,
): Promise<FacebookPage[]> {
  const pages = await listGraphPages(clientConfig(config), {
    path: '/me/accounts',
    fields: 'id,name,access_token',
    accessToken: credentials.accessToken,
    appSecret: credentials.appSecret,
    item: ListedPageSchema,
  });
  return pages.flatMap((page) =>
    page.access_token ? [{ id: page.id, name: page.name, accessToken: page.access_token }] : [],
  );
}

function checkContent(post: PublishInput): string {
  const media = post.media;
  // Photo and video posts carry no link attachment, so the link joins the text.
  const { text: body, measured } = composePostText('facebook', {
    ...post,
    hasMedia: Boolean(media),
  });
  if (!body && !post.link && !media) throw invalid('Facebook needs text, a link or an image');
  if (media && !/^(image|video)\//.test(media.mimeType)) {
    throw invalid(`Facebook cannot post a ${media.mimeType} file`);
  }
  if (measured.isOver) {
    throw invalid(
      `Facebook posts can be at most ${measured.limit} characters (this one has ${measured.length})`,
    );
  }
  return body;
}

async function openImage(media: PublishMedia): Promise<Blob> {
  try {
    return await media.open();
  } catch (error) {
    throw new NetworkError(
      'facebook',
      'transient',
      `Could not read the image: ${(error as Error).message}`,
    );
  }
}

export function createFacebookAdapter(config: FacebookConfig): NetworkAdapter<FacebookCredentials> {
  const webUrl = (config.webUrl ?? 'https://www.facebook.com').replace(/\/+$/, '');
  const postUrl = (id: string) => `${webUrl}/${id}`;
  const graph = clientConfig(config);
  const pagePath = (credentials: FacebookCredentials, edge = '') =>
    `/${encodeURIComponent(credentials.pageId)}${edge}`;
  const requirePage = (credentials: FacebookCredentials) => {
    if (!credentials.pageId || !credentials.pageAccessToken) {
      throw new NetworkError('facebook', 'auth', 'No Facebook Page is chosen for this connection');
    }
  };
  const pageAuth = (credentials: FacebookCredentials) => ({
    accessToken: credentials.pageAccessToken,
    appSecret: credentials.appSecret || undefined,
  });

  return {
    id: 'facebook',
    metricsBatch: 1,

    async readMetrics(externalIds, credentials) {
      const read: MetricsRead = new Map();
      const [id] = externalIds;
      if (!id) return read;
      requirePage(credentials);
      let numbers: z.infer<typeof PostNumbersSchema>;
      try {
        numbers = await callGraph(graph, {
          method: 'GET',
          path: `/${encodeURIComponent(id)}`,
          ...pageAuth(credentials),
          params: { fields: 'reactions.summary(total_count),comments.summary(total_count),shares' },
          schema: PostNumbersSchema,
        });
      } catch (error) {
        if (isGoneError(error)) return read.set(id, 'gone');
        throw error;
      }
      // Impressions come from the post's insights, which need the Page's insights permission.
      let impressions: unknown;
      try {
        const insights = await callGraph(graph, {
          method: 'GET',
          path: `/${encodeURIComponent(id)}/insights`,
          ...pageAuth(credentials),
          params: { metric: 'post_impressions' },
          schema: GraphInsightsSchema,
        });
        impressions = insightNumbers(insights).post_impressions;
      } catch (error) {
        if (error instanceof NetworkError && error.kind === 'rate-limited') throw error;
      }
      const raw = {
        reactions: numbers.reactions?.summary?.total_count,
        comments: numbers.comments?.summary?.total_count,
        shares: numbers.shares?.count,
        post_impressions: impressions,
      };
      return read.set(
        id,
        postMetrics(raw, {
          likes: ['reactions'],
          comments: ['comments'],
          shares: ['shares'],
          impressions: 'post_impressions',
        }),
      );
    },

    async readFollowers(credentials) {
      requirePage(credentials);
      const page = await callGraph(graph, {
        method: 'GET',
        path: pagePath(credentials),
        ...pageAuth(credentials),
        params: { fields: 'followers_count' },
        schema: FollowersSchema,
      });
      return page.followers_count ?? null;
    },

    async verify(credentials) {
      requirePage(credentials);
      const page = await callGraph(graph, {
        method: 'GET',
        path: pagePath(credentials),
        ...pageAuth(credentials),
        params: { fields: 'id,name' },
        schema: PageSchema,
      });
      return { accountId: page.id, accountName: page.name };
    },

    async findPublished(post, credentials, window) {
      // The text as sent: the feed post's message, or the photo's or video's caption.
      const sent = checkContent(post);
      requirePage(credentials);
      let after: string | undefined;
      for (let page = 0; page < MAX_READ_PAGES; page++) {
        const list = await callGraph(graph, {
          method: 'GET',
          path: pagePath(credentials, '/posts'),
          ...pageAuth(credentials),
          params: {
            fields: 'id,message,created_time,permalink_url',
            since: String(sinceSeconds(window)),
            limit: '100',
            after,
          },
          schema: PagePostsSchema,
        });
        const found = list.data.find(
          (item) =>
            madeWithin(networkTime(item.created_time), window) && sameText(sent, item.message),
        );
        if (found) return { externalId: found.id, url: postUrl(found.id) };
        after = list.paging?.cursors?.after;
        if (!list.paging?.next || !after) break;
      }
      return null;
    },

    async publish(post, credentials) {
      const body = checkContent(post);
      requirePage(credentials);
      const media = post.media;
      if (!media) {
        const result = await callGraph(graph, {
          method: 'POST',
          path: pagePath(credentials, '/feed'),
          ...pageAuth(credentials),
          params: { message: body || undefined, link: post.link || undefined },
          schema: FeedResultSchema,
          isPublish: true,
        });
        return { externalId: result.id, url: postUrl(result.id) };
      }
      if (media.mimeType.startsWith('video/')) {
        // Videos go by public URL: Meta fetches them, which spares a resumable upload.
        const result = await callGraph(graph, {
          method: 'POST',
          path: pagePath(credentials, '/videos'),
          ...pageAuth(credentials),
          params: { file_url: media.url, description: body || undefined },
          schema: FeedResultSchema,
          isPublish: true,
        });
        return { externalId: result.id, url: postUrl(result.id) };
      }
      // Photos are uploaded, so a server whose media URLs are not public can still post them.
      const data = await openImage(media);
      const extension = media.mimeType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'jpg';
      const result = await callGraph(graph, {
        method: 'POST',
        path: pagePath(credentials, '/photos'),
        ...pageAuth(credentials),
        params: { caption: body || undefined },
        file: { field: 'source', data, mimeType: media.mimeType, fileName: `image.${extension}` },
        schema: PhotoResultSchema,
        isPublish: true,
      });
      const externalId = result.post_id ?? result.id;
      return { externalId, url: postUrl(externalId) };
    },

    /** `POST /{post-id}/comments` with the Page's token: the comment appears as the Page. */
    async comment(on, text, credentials) {
      requirePage(credentials);
      const result = await callGraph(graph, {
        method: 'POST',
        path: `/${encodeURIComponent(on.externalId)}/comments`,
        ...pageAuth(credentials),
        params: { message: text },
        schema: FeedResultSchema,
        isPublish: true,
      });
      return { externalId: result.id, url: postUrl(on.externalId) };
    },
  };
}
