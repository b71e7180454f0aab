import {
  ApiEntitySchema,
  ApiConnectionSchema,
  ApiIdParamsSchema,
  ApiListQuerySchema,
  ApiPostCreateSchema,
  ApiPostListQuerySchema,
  ApiPostSchema,
  ApiPostUpdateSchema,
  ApiPublicationSchema,
  ApiScheduleCreateSchema,
  ApiScheduleSchema,
  apiList,
  COMPANY_MESSAGES,
  envelope,
  MarkPublishedSchema,
  POST_MESSAGES,
  PostMetricsSchema,
  PUBLIC_API_MESSAGES,
  PUBLICATION_ACTION_SCOPES,
  PUBLICATION_MESSAGES,
  SCHEDULE_MESSAGES,
  type ApiKeyScope,
  type PublicationAction,
  PUBLIC_API_PATHS,
} from '@cadence/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { assertScope, requireApiCaller } from '../api-keys/index.js';
import { etagOf, matchesIfNoneMatch } from './etag.js';
import type { PublicApiService } from './public-api.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route honours an `Idempotency-Key` header: a repeat of the same request answers
     * the first answer again instead of doing it twice.
     */
    idempotent?: boolean;
  }
}

const tags = ['Public API'];
const security = [{ apiKey: [] }];
const EntityParams = ApiIdParamsSchema(COMPANY_MESSAGES.notFound);
const PostParams = ApiIdParamsSchema(POST_MESSAGES.notFound);
const PublicationParams = ApiIdParamsSchema(PUBLICATION_MESSAGES.notFound);

const IfMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe('The ETag read with the post: a post changed since is refused (412)'),
});

/**
 * Every GET answers an ETag (the post's own for a post, else the answer's) and a 304 to a
 * matching If-None-Match.
 */
function conditionalGet(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
) {
  if (reply.statusCode !== 200) return done(null, payload);
  let etag = reply.getHeader('etag');
  if (typeof etag !== 'string') {
    etag = etagOf(payload);
    reply.header('etag', etag);
  }
  const ifNoneMatch = request.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && matchesIfNoneMatch(ifNoneMatch, etag)) {
    reply.code(304);
    return done(null, null);
  }
  done(null, payload);
}

/** The public API's resources under /api/v1, each guarded by the key check and its scope. */
export function registerPublicApiResourceRoutes(app: AppInstance, api: PublicApiService) {
  /**
   * The scope, before anything in the request is judged (the key was checked by the hooks
   * every /api/v1 route follows, `registerPublicApiHooks`).
   */
  const guard = (scope: ApiKeyScope) => ({
    onRequest: [
      (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
        try {
          assertScope(requireApiCaller(request), scope);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
    ],
  });
  const read = { ...guard('read'), preSerialization: conditionalGet };

  app.get(
    PUBLIC_API_PATHS.v1Entities,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Your entities, newest first, a page at a time (scope read)',
        querystring: ApiListQuerySchema,
        response: { 200: apiList(ApiEntitySchema), ...errorResponses(403) },
      },
    },
    async (request) => ({
      message: PUBLIC_API_MESSAGES.entitiesFetched,
      ...(await api.listEntities(requireApiCaller(request), request.query)),
    }),
  );

  app.get(
    PUBLIC_API_PATHS.v1Entity,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'One entity (scope read)',
        params: EntityParams,
        response: { 200: envelope(ApiEntitySchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      message: PUBLIC_API_MESSAGES.entityFetched,
      data: await api.getEntity(requireApiCaller(request), request.params.id),
    }),
  );

  app.get(
    PUBLIC_API_PATHS.v1EntityConnections,
    {
      ...read,
      schema: {
        tags,
        security,
        summary:
          "The entity's connected networks: `connected`, `expiring` (within 7 days) or `needs_reconnect` (scope read)",
        description: 'At most one per network, so the list is one page (`next_cursor` is null).',
        params: EntityParams,
        response: { 200: apiList(ApiConnectionSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      message: PUBLIC_API_MESSAGES.connectionsFetched,
      data: await api.listConnections(requireApiCaller(request), request.params.id),
      next_cursor: null,
    }),
  );

  app.get(
    PUBLIC_API_PATHS.v1Posts,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Your posts with their publications, newest first, a page at a time (scope read)',
        description:
          "`status` is the Posts table's (`not_scheduled`, `scheduled`, `published`, `partly_published`, `failed`); `from` and `to` keep the posts with an occurrence scheduled in [from, to).",
        querystring: ApiPostListQuerySchema,
        response: { 200: apiList(ApiPostSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      message: PUBLIC_API_MESSAGES.postsFetched,
      ...(await api.listPosts(requireApiCaller(request), request.query)),
    }),
  );

  app.get(
    PUBLIC_API_PATHS.v1Post,
    {
      ...read,
      schema: {
        tags,
        security,
        summary:
          'One post with its publications; the ETag is what PATCH takes in If-Match (scope read)',
        params: PostParams,
        response: { 200: envelope(ApiPostSchema), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const { post, etag } = await api.getPost(requireApiCaller(request), request.params.id);
      reply.header('etag', etag);
      return { message: PUBLIC_API_MESSAGES.postFetched, data: post };
    },
  );

  app.get(
    PUBLIC_API_PATHS.v1PostMetrics,
    {
      ...read,
      schema: {
        tags,
        security,
        summary:
          "Each of the post's publications with its latest numbers from the network and when they were read (scope read)",
        params: PostParams,
        response: { 200: envelope(PostMetricsSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      message: PUBLIC_API_MESSAGES.postFetched,
      data: await api.getPostMetrics(requireApiCaller(request), request.params.id),
    }),
  );

  app.post(
    PUBLIC_API_PATHS.v1Posts,
    {
      ...guard('write'),
      config: { idempotent: true },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        security,
        summary:
          'Create a post; with `scheduled_for` and `networks` it is scheduled too (scope write)',
        description:
          'Scheduling follows the Schedule dialog: the same checks and messages (networks connected and on the plan, a future time, Instagram needs media). If scheduling is refused, no post is made. `media_ids` takes the id of an uploaded media file (one per post). Takes an `Idempotency-Key` header.',
        body: ApiPostCreateSchema,
        response: { 201: envelope(ApiPostSchema), ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { post, etag } = await api.createPost(requireApiCaller(request), request.body);
      return reply
        .code(201)
        .header('etag', etag)
        .send({ message: POST_MESSAGES.created, data: post });
    },
  );

  app.patch(
    PUBLIC_API_PATHS.v1Post,
    {
      ...guard('write'),
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        security,
        summary: "Change a post's content, url or media (scope write)",
        description:
          'Send the ETag you read in `If-Match`: a post changed since is refused with 412 `PRECONDITION_FAILED` and left as it is. A post that is being sent or was sent to a network cannot be changed (409 `POST_ALREADY_SENT`). `media_ids: []` removes the media.',
        params: PostParams,
        headers: IfMatchHeaders,
        body: ApiPostUpdateSchema,
        response: { 200: envelope(ApiPostSchema), ...errorResponses(403, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      const { post, etag } = await api.updatePost(
        requireApiCaller(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      reply.header('etag', etag);
      return { message: POST_MESSAGES.updated, data: post };
    },
  );

  app.delete(
    PUBLIC_API_PATHS.v1Post,
    {
      ...guard('write'),
      schema: {
        tags,
        security,
        summary: 'Delete a post; what has not gone out yet is cancelled (scope write)',
        params: PostParams,
        response: { 204: z.null().describe('No content'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await api.deletePost(requireApiCaller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    PUBLIC_API_PATHS.v1PostSchedule,
    {
      ...guard('write'),
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security,
        summary:
          'Schedule a post to networks at a future time, as the Schedule dialog does (scope write)',
        params: PostParams,
        body: ApiScheduleCreateSchema,
        response: { 201: envelope(ApiScheduleSchema), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const data = await api.schedulePost(
        requireApiCaller(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ message: SCHEDULE_MESSAGES.scheduled, data });
    },
  );

  const actionRoute = (
    path: string,
    action: Exclude<PublicationAction, 'mark-published'>,
    status: 200 | 202,
    summary: string,
  ) =>
    app.post(
      path,
      {
        ...guard(PUBLICATION_ACTION_SCOPES[action]),
        config: { idempotent: true },
        schema: {
          tags,
          security,
          summary,
          description: 'Takes an `Idempotency-Key` header. 409 when the publication has moved on.',
          params: PublicationParams,
          response: {
            [status]: envelope(ApiPublicationSchema),
            ...errorResponses(403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const data = await api.publicationAction(
          requireApiCaller(request),
          request.params.id,
          action,
        );
        return reply.code(status).send({ message: PUBLICATION_MESSAGES.done[action], data });
      },
    );

  actionRoute(
    PUBLIC_API_PATHS.v1PublicationPublishNow,
    'publish-now',
    202,
    'Publish a pending publication now instead of at its time (scope publish)',
  );
  actionRoute(
    PUBLIC_API_PATHS.v1PublicationRetry,
    'retry',
    202,
    'Retry a failed or missed publication now (scope publish)',
  );
  actionRoute(
    PUBLIC_API_PATHS.v1PublicationConfirmAbsent,
    'confirm-absent',
    200,
    'You checked that an unconfirmed publication is not on the network: post it now (scope publish)',
  );

  app.post(
    PUBLIC_API_PATHS.v1PublicationMarkPublished,
    {
      ...guard(PUBLICATION_ACTION_SCOPES['mark-published']),
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary:
          "You found an unconfirmed publication on the network: mark it published with the post's link (scope write)",
        description: 'Takes an `Idempotency-Key` header. 409 when the publication has moved on.',
        params: PublicationParams,
        body: MarkPublishedSchema,
        response: { 200: envelope(ApiPublicationSchema), ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => ({
      message: PUBLICATION_MESSAGES.done['mark-published'],
      data: await api.publicationAction(
        requireApiCaller(request),
        request.params.id,
        'mark-published',
        request.body.url,
      ),
    }),
  );

  let document: OpenApiDocument | undefined;
  app.get(
    PUBLIC_API_PATHS.v1OpenApi,
    {
      config: { withoutApiKey: true },
      schema: {
        tags,
        summary: 'The OpenAPI document of the /api/v1 routes alone (no key needed)',
        response: { 200: z.looseObject({ openapi: z.string(), paths: z.looseObject({}) }) },
      },
    },
    () => {
      document ??= publicApiDocument(app.swagger() as unknown as OpenApiDocument);
      return document;
    },
  );
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, unknown>;
  [key: string]: unknown;
}

/** The whole API's document cut down to the public API's paths. */
function publicApiDocument(whole: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(whole.paths).filter(([path]) => path.startsWith('/api/v1/')),
  );
  return {
    ...whole,
    info: {
      ...(whole.info as object),
      title: 'Cadence public API',
      description:
        'The public API under /api/v1, authenticated with an API key from Settings > Developer Info (`Authorization: Bearer cad_...`). Successful answers are `{ message, data }` (lists add `next_cursor`); failures are `{ statusCode, error, message, code }`. A missing, wrong, expired or revoked key is 401 `UNAUTHENTICATED`; a scope the key lacks is 403 `INSUFFICIENT_SCOPE`.',
    },
    tags: [{ name: 'Public API' }],
    paths,
  };
}
