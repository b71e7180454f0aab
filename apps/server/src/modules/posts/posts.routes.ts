import {
  API_PATHS,
  envelope,
  MEDIA_NOTE,
  POST_MESSAGES,
  PostFieldsSchema,
  PostIdParamsSchema,
  PostListQuerySchema,
  PostListSchema,
  PostSchema,
} from '@cadence/shared';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import type { Storage } from '../../integrations/storage.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/authenticate.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { readPostForm, type PostForm } from './post-form.js';
import type { PostsService } from './posts.service.js';

const tags = ['Posts'];
const security = [{ bearerAuth: [] }];
const consumes = ['application/json', 'multipart/form-data'];

/** The body documented for create and edit: the JSON form; multipart adds the file. */
const PostBodySchema = PostFieldsSchema.extend({
  media: z
    .string()
    .optional()
    .describe(`Multipart only: the media file. ${MEDIA_NOTE}. Judged by its content.`),
});

/**
 * The post body arrives as JSON or as a multipart form, and its required fields are checked
 * before the rest (see post-fields.ts), so the handler validates it; params and query are
 * validated here as usual.
 */
const bodyCheckedByHandler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);

/** The form of a create or edit call: multipart (media streamed to storage) or JSON. */
async function readForm(
  request: FastifyRequest,
  storage: Storage,
  uploads: UploadsService,
): Promise<PostForm> {
  if (request.isMultipart()) {
    const userId = requireUser(request).id;
    await uploads.checkRate(userId);
    return readPostForm(request, storage, (media) =>
      uploads.record(userId, 'media', media.key, media.sizeBytes),
    );
  }
  return { fields: request.body as Record<string, unknown>, media: null };
}

export function registerPostRoutes(
  app: AppInstance,
  posts: PostsService,
  storage: Storage,
  uploads: UploadsService,
) {
  const guarded = { preHandler: app.authenticate };

  app.get(
    API_PATHS.posts,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary:
          "The customer's posts, newest first, a page at a time; `q` matches content, url or entity name",
        querystring: PostListQuerySchema,
        response: { 200: envelope(PostListSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: 'Posts fetched successfully',
      data: await posts.list(requireUser(request).id, request.query),
    }),
  );

  app.post(
    API_PATHS.posts,
    {
      ...guarded,
      validatorCompiler: bodyCheckedByHandler,
      schema: {
        tags,
        security,
        summary: 'Create a post (JSON, or multipart with the media file in the field `media`)',
        consumes,
        body: PostBodySchema,
        response: { 201: envelope(PostSchema), ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      // Refuse before a large upload is taken in; `create` decides under the lock.
      if (request.isMultipart()) await posts.assertCanCreate(userId);
      const form = await readForm(request, storage, uploads);
      const post = await posts.create(userId, form.fields, form.media);
      return reply.code(201).send({ message: POST_MESSAGES.created, data: post });
    },
  );

  app.patch(
    API_PATHS.post,
    {
      ...guarded,
      validatorCompiler: bodyCheckedByHandler,
      schema: {
        tags,
        security,
        summary:
          'Edit a post: fields not sent stay as they are; a new `media` file replaces the old, `remove_media=true` removes it',
        consumes,
        params: PostIdParamsSchema,
        body: PostBodySchema,
        response: { 200: envelope(PostSchema), ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      // Another customer's post: answer before an upload is taken in.
      if (request.isMultipart()) await posts.assertOwnPost(userId, request.params.id);
      const form = await readForm(request, storage, uploads);
      return {
        message: POST_MESSAGES.updated,
        data: await posts.update(userId, request.params.id, form.fields, form.media),
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
      data: await posts.get(requireUser(request).id, request.params.id),
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
      await posts.remove(requireUser(request).id, request.params.id);
      return { message: POST_MESSAGES.deleted, data: null };
    },
  );
}
