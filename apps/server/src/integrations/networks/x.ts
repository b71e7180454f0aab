import { X_URL_WEIGHT, composePostText } from '@cadence/shared';
import { z } from 'zod';
import { xProblemMessage } from './x-errors.js';
import { callX } from './x-http.js';
import { uploadXMedia } from './x-media.js';
import {
  NetworkError,
  NO_SLOT,
  type NetworkAdapter,
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

/** What X is sent, measured its way (the link always rides in the text). */
export function composeXText(post: PublishInput) {
  return composePostText('twitter', { ...post, hasMedia: Boolean(post.media) });
}

export function createXAdapter(config: XAdapterConfig): NetworkAdapter<TwitterCredentials> {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const webUrl = (config.webUrl ?? 'https://x.com').replace(/\/+$/, '');

  return {
    id: 'twitter',

    async verify(credentials) {
      const body = await callX(
        { method: 'GET', url: new URL(`${base}/2/users/me`) },
        credentials,
        timeoutMs,
      );
      const me = MeSchema.safeParse(body);
      if (!me.success) {
        throw new NetworkError('twitter', 'transient', 'X answered without the account details');
      }
      return { accountId: me.data.data.id, accountName: me.data.data.username };
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

      const mediaId = post.media
        ? await uploadXMedia(post.media, {
            uploadBaseUrl: config.uploadBaseUrl ?? base,
            credentials,
            timeoutMs,
            maxProcessingWaitMs: config.maxProcessingWaitMs ?? 5 * 60_000,
          })
        : undefined;
      if (mediaId) await context.beforePublishCall();
      const body = await callX(
        {
          method: 'POST',
          url: new URL(`${base}/2/tweets`),
          json: {
            ...(text ? { text } : {}),
            ...(mediaId ? { media: { media_ids: [mediaId] } } : {}),
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
