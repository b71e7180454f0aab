import { FormData } from 'undici';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { callX } from './x-http.js';
import { NetworkError, type PublishMedia, type TwitterCredentials } from './types.js';
import { retryUpload } from './read-retry.js';

interface MediaKind {
  category: 'tweet_image' | 'tweet_gif' | 'tweet_video';
  maxBytes: number;
}

const MB = 1024 * 1024;
// Section 12 of the API reference: images 5 MB, GIF 15 MB, video (MP4/MOV) 512 MB.
const MEDIA_KINDS: Record<string, MediaKind> = {
  'image/jpeg': { category: 'tweet_image', maxBytes: 5 * MB },
  'image/png': { category: 'tweet_image', maxBytes: 5 * MB },
  'image/webp': { category: 'tweet_image', maxBytes: 5 * MB },
  'image/gif': { category: 'tweet_gif', maxBytes: 15 * MB },
  'video/mp4': { category: 'tweet_video', maxBytes: 512 * MB },
  'video/quicktime': { category: 'tweet_video', maxBytes: 512 * MB },
};
// The chunk size twitter-api-v2 uses for the APPEND step.
const CHUNK_BYTES = 1 * MB;
const MAX_ALT_TEXT = 1000;

const ProcessingInfoSchema = z.object({
  state: z.string(),
  check_after_secs: z.number().optional(),
  error: z.object({ message: z.string().optional() }).optional(),
});
const MediaResponseSchema = z.object({
  data: z.object({ id: z.string(), processing_info: ProcessingInfoSchema.optional() }),
});
type MediaResponse = z.infer<typeof MediaResponseSchema>['data'];

export interface XMediaContext {
  uploadBaseUrl: string;
  credentials: TwitterCredentials;
  timeoutMs: number;
  maxProcessingWaitMs: number;
}

function invalid(message: string) {
  return new NetworkError('twitter', 'invalid', message);
}

function parseMedia(body: unknown): MediaResponse {
  const parsed = MediaResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new NetworkError('twitter', 'transient', 'X answered the media upload without an id');
  }
  return parsed.data.data;
}

/** Uploads one image, GIF or video and answers the media id to attach to the post. */
export async function uploadXMedia(media: PublishMedia, context: XMediaContext): Promise<string> {
  const kind = MEDIA_KINDS[media.mimeType.toLowerCase()];
  if (!kind) throw invalid(`X does not accept ${media.mimeType} files`);
  const file = await media.open().catch(() => {
    throw invalid('The media file could not be read');
  });
  if (file.size > kind.maxBytes) {
    throw invalid(`The file is too large for X (${kind.maxBytes / MB} MB at most)`);
  }
  const base = context.uploadBaseUrl.replace(/\/+$/, '');
  // Media no post cites yet: a passing failure is tried again in place.
  const post = (path: string, body: { json?: unknown; form?: FormData }) =>
    retryUpload(() =>
      callX(
        { method: 'POST', url: new URL(`${base}${path}`), ...body },
        context.credentials,
        context.timeoutMs,
      ),
    );

  let uploaded: MediaResponse;
  if (kind.category === 'tweet_video') {
    const init = parseMedia(
      await post('/2/media/upload/initialize', {
        json: {
          media_type: media.mimeType,
          total_bytes: file.size,
          media_category: kind.category,
        },
      }),
    );
    // Each chunk is a slice of the stored file, read only as it is sent.
    for (let offset = 0, index = 0; offset < file.size; offset += CHUNK_BYTES, index++) {
      const form = new FormData();
      form.append('segment_index', String(index));
      form.append('media', file.slice(offset, offset + CHUNK_BYTES), 'media');
      await post(`/2/media/upload/${encodeURIComponent(init.id)}/append`, { form });
    }
    uploaded = parseMedia(
      await post(`/2/media/upload/${encodeURIComponent(init.id)}/finalize`, {}),
    );
  } else {
    const form = new FormData();
    form.append('media', file.slice(0, file.size, media.mimeType), 'media');
    // Reported to be effectively required on the one-shot endpoint (API reference 1.4).
    form.append('media_category', kind.category);
    uploaded = parseMedia(await post('/2/media/upload', { form }));
  }

  await waitUntilProcessed(uploaded, base, context);
  if (media.altText) {
    await post('/2/media/metadata', {
      json: {
        id: uploaded.id,
        metadata: { alt_text: { text: media.altText.slice(0, MAX_ALT_TEXT) } },
      },
    });
  }
  return uploaded.id;
}

/**
 * Videos and GIFs are processed after upload; X refuses a post whose media is not ready, so
 * poll STATUS as told by `check_after_secs` until it succeeds, fails or we give up.
 */
async function waitUntilProcessed(uploaded: MediaResponse, base: string, context: XMediaContext) {
  const deadline = Date.now() + context.maxProcessingWaitMs;
  let info = uploaded.processing_info;
  while (info && info.state !== 'succeeded') {
    if (info.state === 'failed') {
      throw invalid(info.error?.message ?? 'X could not process the media');
    }
    const waitMs = Math.max(0, (info.check_after_secs ?? 1) * 1000);
    if (Date.now() + waitMs > deadline) {
      throw new NetworkError('twitter', 'transient', 'X is still processing the media');
    }
    await sleep(waitMs);
    const url = new URL(`${base}/2/media/upload`);
    url.searchParams.set('command', 'STATUS');
    url.searchParams.set('media_id', uploaded.id);
    info = parseMedia(
      await callX({ method: 'GET', url }, context.credentials, context.timeoutMs),
    ).processing_info;
  }
}
