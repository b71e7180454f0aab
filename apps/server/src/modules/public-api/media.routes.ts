import {
  ApiMediaSchema,
  MEDIA_FIELD,
  MEDIA_NOTE,
  MediaFromUrlSchema,
  API_TRAFFIC_MESSAGES,
  envelope,
  PUBLIC_API_PATHS,
} from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import {
  lateFingerprint,
  requireScope,
  sendReplay,
  type ApiTrafficService,
} from '../api-keys/index.js';
import type { ApiMediaService } from './media.service.js';

const IDEMPOTENCY_NOTE =
  'Takes an `Idempotency-Key` header: a repeat with the same key within 24 hours answers the first answer again (header `Idempotent-Replayed: true`) and stores nothing.';

/** `POST /api/v1/media` (multipart) and `POST /api/v1/media/from-url` (JSON), scope write. */
export function registerApiMediaRoutes(
  app: AppInstance,
  services: { traffic: ApiTrafficService; media: ApiMediaService },
) {
  const { traffic, media } = services;
  const tags = ['Public API'];
  const security = [{ apiKey: [] }];
  const answers = { 201: envelope(ApiMediaSchema), ...errorResponses(400, 403, 409, 413, 422) };

  app.post(
    PUBLIC_API_PATHS.v1Media,
    {
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary: 'Upload one media file for posts (multipart; needs scope write)',
        description: `Send the file as multipart/form-data in the field \`${MEDIA_FIELD}\`. ${MEDIA_NOTE}; the type is judged from the bytes. Use the answer's \`id\` in a post's \`media_ids\` within an hour: media no post uses is deleted after that. ${IDEMPOTENCY_NOTE} The same key with another file is 422.`,
        consumes: ['multipart/form-data'],
        response: answers,
      },
    },
    async (request, reply) => {
      const caller = requireScope(request, 'write');
      const saved = await media.upload(request, caller.user.id);
      let replay;
      try {
        replay = await lateFingerprint(request, traffic, saved.fingerprint);
      } catch (error) {
        await media.discard(saved);
        throw error;
      }
      if (replay) {
        await media.discard(saved);
        return sendReplay(reply, replay);
      }
      return reply
        .code(201)
        .send({ message: API_TRAFFIC_MESSAGES.mediaUploaded, data: saved.media });
    },
  );

  app.post(
    PUBLIC_API_PATHS.v1MediaFromUrl,
    {
      config: { idempotent: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security,
        summary: 'Fetch one media file for posts from a public address (needs scope write)',
        description: `The server downloads the file (public addresses only, 30 s, at most 50 MB). ${MEDIA_NOTE}; the type is judged from the bytes, never the answer's Content-Type. Use the answer's \`id\` in a post's \`media_ids\` within an hour. ${IDEMPOTENCY_NOTE}`,
        body: MediaFromUrlSchema,
        response: answers,
      },
    },
    async (request, reply) => {
      const caller = requireScope(request, 'write');
      const saved = await media.fromUrl(caller.user.id, request.body.url);
      return reply
        .code(201)
        .send({ message: API_TRAFFIC_MESSAGES.mediaUploaded, data: saved.media });
    },
  );
}
