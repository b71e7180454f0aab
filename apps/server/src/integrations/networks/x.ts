import { X_URL_WEIGHT, composePostText } from '@cadence/shared';
import { z } from 'zod';
import { madeWithin, MAX_READ_PAGES, networkTime, sameText, sinceIso } from './find-published.js';
import { xProblemMessage } from './x-errors.js';
import { callX } from './x-http.js';
import { uploadXMedia } from './x-media.js';
import { containerKey, keptUploadId, keptUploadValue } from './kept-container.js';
import { postMetrics } from './metrics-read.js';
import {
  NetworkError,
  NO_SLOT,
  type NetworkAdapter,
  type MetricsRead,
  type PublishInput,
  type TwitterCredentials,
} from './types.js';

export interface XAdapterConfig {
  /** `https://api.x.com` in production; no trailing `/2`. */
  baseUrl: string;
  /** Where media is uploaded; the v2 upload endpoints live on the API host, so this defaults to it. */
  uploadBaseUrl?: string;
  timeoutMs?: number;
  /** How long to wait for X to finish processing a video or GIF before giving up. */
  maxProcessingWaitMs?: number;
  /** Where the network's website shows a post (`{NETWORK}_WEB_URL`; the demo's stand-ins serve one). */
  webUrl?: string;
}

const MeSchema = z.object({
  data: z.object({ id: z.string(), name: z.string().optional(), username: z.string() }),
});
const CreatedSchema = z.object({ data: z.object({ id: z.string() }) });
/** `GET /2/users/:id/tweets` with `tweet.fields=created_at,text,entities`. */
const TimelineSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        text: z.string(),
        created_at: z.string().optional(),
        entities: z
          .object({
            urls: z
              .array(z.object({ url: z.string(), expanded_url: z.string().optional() }))
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
  meta: z.object({ next_token: z.string().optional() }).optional(),
});
/**
 * `GET /2/tweets?ids=…&tweet.fields=public_metrics`: the posts found in `data`, each id not
 * found (deleted) as a 'Not Found Error' in `errors` of the same 200 answer.
 */
const LookupSchema = z.object({
  data: z
    .array(
      z.object({ id: z.string(), public_metrics: z.record(z.string(), z.unknown()).optional() }),
    )
    .optional(),
  errors: z
    .array(
      z.looseObject({
        value: z.string().optional(),
        resource_id: z.string().optional(),
        title: z.string().optional(),
        type: z.string().optional(),
      }),
    )
    .optional(),
});
/** `GET /2/users/me?user.fields=public_metrics`. */
const MeMetricsSchema = z.object({
  data: z.object({
    public_metrics: z.object({ followers_count: z.number().optional() }).optional(),
  }),
});
/** X takes up to 100 ids a lookup. */
export const X_METRICS_BATCH = 100;

type TimelinePost = NonNullable<z.infer<typeof TimelineSchema>['data']>[number];

/**
 * A post's text as it was sent: X answers links as t.co addresses (their targets in
 * `entities.urls`) and &, <, > as HTML entities.
 */
export function xTextAsSent(post: TimelinePost): string {
  let text = post.text;
  for (const link of post.entities?.urls ?? []) {
    if (link.expanded_url) text = text.split(link.url).join(link.expanded_url);
  }
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** What X is sent, measured its way (the link always rides in the text). */
export function composeXText(post: PublishInput) {
  return composePostText('twitter', { ...post, hasMedia: Boolean(post.media) });
}

export function createXAdapter(config: XAdapterConfig): NetworkAdapter<TwitterCredentials> {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const webUrl = (config.webUrl ?? 'https://x.com').replace(/\/+$/, '');

  async function me(credentials: TwitterCredentials) {
    const body = await callX(
      { method: 'GET', url: new URL(`${base}/2/users/me`) },
      credentials,
      timeoutMs,
    );
    const answer = MeSchema.safeParse(body);
    if (!answer.success) {
      throw new NetworkError('twitter', 'transient', 'X answered without the account details');
    }
    return answer.data.data;
  }

  return {
    id: 'twitter',
    metricsBatch: X_METRICS_BATCH,

    async readMetrics(externalIds, credentials) {
      const read: MetricsRead = new Map();
      if (externalIds.length === 0) return read;
      if (externalIds.length > X_METRICS_BATCH) {
        throw new NetworkError(
          'twitter',
          'invalid',
          `X reads at most ${X_METRICS_BATCH} posts a call`,
        );
      }
      const url = new URL(`${base}/2/tweets`);
      url.searchParams.set('ids', externalIds.join(','));
      url.searchParams.set('tweet.fields', 'public_metrics');
      const answer = LookupSchema.safeParse(
        await callX({ method: 'GET', url }, credentials, timeoutMs),
      );
      if (!answer.success) {
        throw new NetworkError('twitter', 'transient', "X answered the posts' numbers oddly");
      }
      for (const post of answer.data.data ?? []) {
        read.set(
          post.id,
          postMetrics(post.public_metrics ?? {}, {
            likes: ['like_count'],
            comments: ['reply_count'],
            shares: ['retweet_count', 'quote_count'],
            impressions: 'impression_count',
          }),
        );
      }
      for (const error of answer.data.errors ?? []) {
        const id = error.resource_id ?? error.value;
        const notFound =
          error.title === 'Not Found Error' || /resource-not-found/.test(error.type ?? '');
        if (id && notFound && !read.has(id)) read.set(id, 'gone');
      }
      return read;
    },

    async readFollowers(credentials) {
      const url = new URL(`${base}/2/users/me`);
      url.searchParams.set('user.fields', 'public_metrics');
      const answer = MeMetricsSchema.safeParse(
        await callX({ method: 'GET', url }, credentials, timeoutMs),
      );
      if (!answer.success) {
        throw new NetworkError('twitter', 'transient', 'X answered without the account details');
      }
      return answer.data.data.public_metrics?.followers_count ?? null;
    },

    async verify(credentials) {
      const account = await me(credentials);
      return { accountId: account.id, accountName: account.username };
    },

    async findPublished(post, credentials, window) {
      const { text } = composeXText(post);
      const { id: userId } = await me(credentials);
      let next: string | undefined;
      for (let page = 0; page < MAX_READ_PAGES; page++) {
        const url = new URL(`${base}/2/users/${encodeURIComponent(userId)}/tweets`);
        url.searchParams.set('start_time', sinceIso(window));
        url.searchParams.set('max_results', '100');
        url.searchParams.set('tweet.fields', 'created_at,text,entities');
        if (next) url.searchParams.set('pagination_token', next);
        const answer = TimelineSchema.safeParse(
          await callX({ method: 'GET', url }, credentials, timeoutMs),
        );
        if (!answer.success) {
          throw new NetworkError('twitter', 'transient', "X answered the account's posts oddly");
        }
        const found = (answer.data.data ?? []).find(
          (item) =>
            madeWithin(networkTime(item.created_at), window) && sameText(text, xTextAsSent(item)),
        );
        if (found) return { externalId: found.id, url: `${webUrl}/i/web/status/${found.id}` };
        next = answer.data.meta?.next_token;
        if (!next) break;
      }
      return null;
    },

    // With media, the upload comes first and posts nothing.
    preparesBeforePublishing: (post) => Boolean(post.media),

    async publish(post, credentials, context = NO_SLOT) {
      const { text, measured } = composeXText(post);
      if (measured.isOver) {
        throw new NetworkError(
          'twitter',
          'invalid',
          `The post is too long for X: ${measured.length} of ${measured.limit} characters (each link counts as ${X_URL_WEIGHT})`,
        );
      }
      if (!text && !post.media) {
        throw new NetworkError('twitter', 'invalid', 'An X post needs text or media');
      }

      // Media uploaded by an earlier attempt for this account, file and alt text is attached
      // again (decision 138); the token stands for the account.
      const mediaKey = post.media
        ? containerKey(
            'oauth2AccessToken' in credentials
              ? credentials.oauth2AccessToken
              : credentials.accessToken,
            { media: post.media.url, type: post.media.mimeType, alt: post.media.altText },
          )
        : undefined;
      const keptMedia = mediaKey ? keptUploadId(post.kept, mediaKey) : null;
      const mediaId =
        keptMedia ??
        (post.media
          ? await uploadXMedia(post.media, {
              uploadBaseUrl: config.uploadBaseUrl ?? base,
              credentials,
              timeoutMs,
              maxProcessingWaitMs: config.maxProcessingWaitMs ?? 5 * 60_000,
            })
          : undefined);
      if (mediaId) {
        await context.beforePublishCall(
          mediaKey && !keptMedia ? keptUploadValue(mediaKey, mediaId) : undefined,
        );
      }
      const body = await callX(
        {
          method: 'POST',
          url: new URL(`${base}/2/tweets`),
          json: {
            ...(text ? { text } : {}),
            ...(mediaId ? { media: { media_ids: [mediaId] } } : {}),
            ...(post.replyTo
              ? { reply: { in_reply_to_tweet_id: post.replyTo.parent.externalId } }
              : {}),
          },
          isPublish: true,
        },
        credentials,
        timeoutMs,
      );
      const created = CreatedSchema.safeParse(body);
      if (!created.success) {
        // A 2xx carrying only `errors` is a rejection; anything else leaves us not knowing.
        const hasErrors = z.object({ errors: z.array(z.unknown()).min(1) }).safeParse(body).success;
        throw new NetworkError(
          'twitter',
          hasErrors ? 'invalid' : 'unconfirmed',
          hasErrors
            ? xProblemMessage(body, 200)
            : 'X accepted the post but answered without its id',
        );
      }
      const id = created.data.data.id;
      // The username is not stored with the credentials; X redirects this form to the post.
      return { externalId: id, url: `${webUrl}/i/web/status/${id}` };
    },
  };
}
