import {
  API_PATHS,
  AttachmentSchema,
  envelope,
  MEDIA_FIELD,
  MEDIA_UPLOADED_MESSAGE,
  MEDIA_NOTE,
  POST_MESSAGES,
  PostCreateBodySchema,
  PostEditBodySchema,
  PostIdParamsSchema,
  SortedPostListQuerySchema,
  PostListSchema,
  PostSchema,
  PostUsageSchema,
} from '@cadence/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import type { Storage } from '../../integrations/storage.js';
import { AppError } from '../../errors.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityScope, requireActor, requireUser } from '../auth/index.js';
import type { UploadsService } from '../uploads/index.js';
import type { StoredMedia } from './media.js';
import { readPostForm } from './post-form.js';
import type { PostsService } from './posts.service.js';

const tags = ['Posts'];
const security = [{ bearerAuth: [] }];
const consumes = ['application/json', 'multipart/form-data'];

const mediaPart = z
  .string()
  .optional()
  .describe(`Multipart only: the media file. ${MEDIA_NOTE}. Judged by its content.`);

/**
 * A multipart form is read before validation (its media streamed to storage), and its text
 * fields become the body, so the route's body schema checks JSON and forms alike. The stored
 * file waits here for the handler; if the answer goes out before the handler takes it (a
 * refused body), it is removed again.
 */
/** The entities that exist for the person acting (a member may be limited to some). */
const accessOf = (request: FastifyRequest) => ({ entityIds: entityScope(request) });

const formMedia = new WeakMap<FastifyRequest, StoredMedia>();

function takeMedia(request: FastifyRequest): StoredMedia | null {
  const media = formMedia.get(request) ?? null;
  formMedia.delete(request);
  return media;
}

async function readFormIntoBody(
  request: FastifyRequest,
  storage: Storage,
  uploads: Pick<UploadsService, 'countAttempt' | 'record'>,
) {
  const userId = requireUser(request).id;
  // Every media file that comes counts against the upload rate, refused or stored.
  const form = await readPostForm(request, storage, {
    countAttempt: () => uploads.countAttempt(userId),
    recordMedia: async (media) => {
      await uploads.record(userId, 'media', media.key, media.sizeBytes);
    },
  });
  request.body = form.fields;
  if (form.media) formMedia.set(request, form.media);
}

export function registerPostRoutes(
  app: AppInstance,
  posts: PostsService,
  storage: Storage,
  uploads: Pick<UploadsService, 'countAttempt' | 'record'>,
) {
  // Authenticated first, so a form is only read (and a body only judged) for a signed-in user.
  const guarded = {
    onRequest: app.authenticate,
    // Before any answer goes out: a stored file the handler did not take is removed.
    onSend: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      const media = takeMedia(request);
      if (media) await storage.remove(media.key);
      return payload;
    },
  };

  app.get(
    API_PATHS.posts,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary:
          "The customer's posts, newest first, a page at a time; `q` matches content, url or entity name",
        querystring: SortedPostListQuerySchema,
        response: { 200: envelope(PostListSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: 'Posts fetched successfully',
      data: await posts.list(requireUser(request).id, request.query, accessOf(request)),
    }),
  );

  app.get(
    API_PATHS.postUsage,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "Posts made this month (UTC, drafts included) and the plan's monthly allowance",
        response: { 200: envelope(PostUsageSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: 'Post usage fetched successfully',
      data: await posts.monthlyUsage(requireUser(request).id),
    }),
  );

  app.post(
    API_PATHS.postMedia,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: `Store one media file for a network's own version of a post (multipart, the file in the field \`${MEDIA_FIELD}\`): name its \`id\` in \`variants.<network>.media_ids\` within an hour`,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(AttachmentSchema), ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      if (!request.isMultipart()) {
        throw AppError.badRequest(POST_MESSAGES.mediaFileMissing, 'MEDIA_MISSING');
      }
      let recorded: { id: string; media: StoredMedia } | undefined;
      try {
        await readPostForm(request, storage, {
          countAttempt: () => uploads.countAttempt(userId),
          recordMedia: async (media) => {
            recorded = {
              id: await uploads.record(userId, 'media', media.key, media.sizeBytes),
              media,
            };
          },
        });
      } catch (error) {
        if (recorded) await storage.remove(recorded.media.key);
        throw error;
      }
      if (!recorded) throw AppError.badRequest(POST_MESSAGES.mediaFileMissing, 'MEDIA_MISSING');
      // Nothing uses it yet: the orphan sweep takes it after an hour unless a post names it.
      return reply.code(201).send({
        message: MEDIA_UPLOADED_MESSAGE,
        data: {
          id: recorded.id,
          media_url: recorded.media.url,
          name: recorded.media.name,
          mime_type: recorded.media.mimeType,
        },
      });
    },
  );

  app.post(
    API_PATHS.posts,
    {
      ...guarded,
      // Refuse before a large upload is taken in; `create` decides under the lock.
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        await posts.assertCanCreate(requireUser(request).id);
        await readFormIntoBody(request, storage, uploads);
      },
      schema: {
        tags,
        security,
        summary: 'Create a post (JSON, or multipart with the media file in the field `media`)',
        consumes,
        body: z.intersection(PostCreateBodySchema, z.object({ media: mediaPart })),
        response: { 201: envelope(PostSchema), ...errorResponses(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const post = await posts.create(requireUser(request).id, request.body, takeMedia(request), {
        actorId: requireActor(request).id,
        access: accessOf(request),
      });
      return reply.code(201).send({ message: POST_MESSAGES.created, data: post });
    },
  );

  app.patch(
    API_PATHS.post,
    {
      ...guarded,
      // Another customer's post: answer before an upload is taken in.
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        const params = PostIdParamsSchema.safeParse(request.params);
        if (!params.success) return; // validation answers 404 without reading the form
        await posts.assertOwnPost(requireUser(request).id, params.data.id, accessOf(request));
        await readFormIntoBody(request, storage, uploads);
      },
      schema: {
        tags,
        security,
        summary:
          'Edit a post: fields not sent stay as they are; a new `media` file replaces the old, `remove_media=true` removes it',
        consumes,
        params: PostIdParamsSchema,
        body: z.intersection(PostEditBodySchema, z.object({ media: mediaPart })),
        response: { 200: envelope(PostSchema), ...errorResponses(400, 401, 404, 413, 429) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return {
        message: POST_MESSAGES.updated,
        data: await posts.update(requireUser(request).id, id, request.body, takeMedia(request), {
          actorId: requireActor(request).id,
          access: accessOf(request),
        }),
      };
    },
  );

  app.get(
    API_PATHS.post,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'One post of the customer, with its entity and attachment',
        params: PostIdParamsSchema,
        response: { 200: envelope(PostSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      message: 'Post fetched successfully',
      data: await posts.get(requireUser(request).id, request.params.id, accessOf(request)),
    }),
  );

  app.delete(
    API_PATHS.post,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Delete a post with its media file; its waiting publish jobs are cancelled',
        params: PostIdParamsSchema,
        response: { 200: envelope(z.null()), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await posts.remove(requireUser(request).id, request.params.id, accessOf(request));
      return { message: POST_MESSAGES.deleted, data: null };
    },
  );
}
