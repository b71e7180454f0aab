import { createHash } from 'node:crypto';
import {
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  API_TRAFFIC_MESSAGES,
  normalizeWebsite,
  type ApiMedia,
} from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { Storage } from '../../integrations/storage.js';
import { openPublicFile, WebFetchError, type OpenedFile } from '../../integrations/web-fetch.js';
import { readPostForm, saveMedia, type StoredMedia } from '../posts/index.js';
import type { UploadsService } from '../uploads/index.js';

export interface ApiMediaDeps {
  storage: Storage;
  uploads: Pick<UploadsService, 'countAttempt' | 'record'>;
  /** Hosts exempt from the private-address guard (FETCH_ALLOW_HOSTS). */
  fetchAllowHosts: string[];
  /** Where stored files are served from (PUBLIC_URL): the answers' `url` is absolute. */
  publicUrl: string;
  /** The whole download of a file from a URL; 30 s unless a test says otherwise. */
  fetchTimeoutMs?: number;
}

/** A media file stored and recorded. */
export interface ApiStoredMedia {
  media: ApiMedia;
  storageKey: string;
}

/** The last part of the URL's path, as the file's shown name. */
function nameFromUrl(url: string): string | undefined {
  const last = new URL(url).pathname.split('/').pop();
  try {
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return last;
  }
}

function fetchRefusal(error: WebFetchError): AppError {
  if (error.reason === 'blocked')
    return AppError.badRequest(API_TRAFFIC_MESSAGES.mediaUrlBlocked, 'FETCH_BLOCKED');
  if (error.reason === 'bad-url')
    return AppError.badRequest(API_TRAFFIC_MESSAGES.mediaUrlInvalid, 'INVALID_URL');
  const reason = error.message.replace(/^[^:]*: /, '');
  return AppError.unprocessable(API_TRAFFIC_MESSAGES.mediaUrlFailed(reason), 'FETCH_FAILED');
}

/**
 * The public API's media: a file uploaded (multipart) or fetched from a URL, judged by the
 * post form's own rules (posts' `saveMedia`: the type from the bytes, 50 MB counted on the
 * way to storage) and counted by uploads (the upload rate, the storage allowance, the
 * orphan sweep). Its id is the upload's record; a post takes it in `media_ids`.
 */
export function createApiMediaService(deps: ApiMediaDeps) {
  const { storage, uploads } = deps;

  function described(id: string, stored: StoredMedia): ApiStoredMedia {
    return {
      media: {
        id,
        url: new URL(stored.url, `${deps.publicUrl}/`).toString(),
        type: stored.mimeType,
        size: stored.sizeBytes,
      },
      storageKey: stored.key,
    };
  }

  /** The hash of the stored bytes and the shown name: the same file gives the same. */
  async function fingerprintOf(stored: StoredMedia) {
    const hash = createHash('sha256');
    const file = await storage.openBlob(stored.key, stored.mimeType);
    try {
      for await (const chunk of file.blob.stream() as AsyncIterable<Uint8Array>) hash.update(chunk);
    } finally {
      await file.release();
    }
    hash.update(`\n${stored.name}`);
    return hash.digest('hex');
  }

  return {
    /** Removes a file stored for a request that is answered otherwise (a replay, a 422). */
    async discard(saved: ApiStoredMedia) {
      await storage.remove(saved.storageKey);
    },

    /**
     * One file from a multipart form, in the field `media`, with the hash of its bytes and
     * name (its `Idempotency-Key` fingerprint: a multipart body's boundary differs each time).
     */
    async upload(
      request: FastifyRequest,
      userId: string,
    ): Promise<ApiStoredMedia & { fingerprint: string }> {
      if (!request.isMultipart())
        throw AppError.badRequest(API_TRAFFIC_MESSAGES.mediaNotMultipart, 'UNSUPPORTED_MEDIA_TYPE');
      let recorded: { id: string; stored: StoredMedia } | undefined;
      await readPostForm(request, storage, {
        countAttempt: () => uploads.countAttempt(userId),
        recordMedia: async (stored) => {
          recorded = {
            id: await uploads.record(userId, 'media', stored.key, stored.sizeBytes),
            stored,
          };
        },
      });
      if (!recorded) throw AppError.badRequest(API_TRAFFIC_MESSAGES.mediaMissing, 'MEDIA_MISSING');
      return {
        ...described(recorded.id, recorded.stored),
        fingerprint: await fingerprintOf(recorded.stored),
      };
    },

    /**
     * A file fetched from `rawUrl` through the private-address guard (FETCH_ALLOW_HOSTS
     * exempts hosts), its declared size checked first, its bytes then counted and sniffed.
     */
    async fromUrl(userId: string, rawUrl: string): Promise<ApiStoredMedia> {
      const url = normalizeWebsite(rawUrl);
      if (!url) throw AppError.badRequest(API_TRAFFIC_MESSAGES.mediaUrlInvalid, 'INVALID_URL');
      let opened: OpenedFile;
      try {
        opened = await openPublicFile(url, {
          allowHosts: deps.fetchAllowHosts,
          timeoutMs: deps.fetchTimeoutMs ?? 30_000,
        });
      } catch (error) {
        if (error instanceof WebFetchError) throw fetchRefusal(error);
        throw error;
      }
      const { body } = opened;
      try {
        if (opened.declaredBytes !== undefined && opened.declaredBytes > MEDIA_MAX_BYTES)
          throw AppError.payloadTooLarge(MEDIA_MESSAGES.size, 'MEDIA_TOO_LARGE');
        let stored: StoredMedia | null;
        try {
          stored = await saveMedia(storage, { file: body, filename: nameFromUrl(opened.url) }, () =>
            uploads.countAttempt(userId),
          );
        } catch (error) {
          // Only a download that broke off or ran out of time is the sender's side; a
          // failure to store is ours (5xx).
          if (error instanceof AppError || !body.errored) throw error;
          const reason = body.errored?.name === 'AbortError' ? 'timed out' : 'the download failed';
          throw AppError.unprocessable(API_TRAFFIC_MESSAGES.mediaUrlFailed(reason), 'FETCH_FAILED');
        }
        if (!stored) throw AppError.badRequest(MEDIA_MESSAGES.type, 'MEDIA_TYPE');
        const id = await uploads.record(userId, 'media', stored.key, stored.sizeBytes);
        return described(id, stored);
      } finally {
        // Whatever became of it, nothing more is read from the sender.
        body.destroy();
      }
    },
  };
}

export type ApiMediaService = ReturnType<typeof createApiMediaService>;
