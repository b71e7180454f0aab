import {
  API_KEY_MESSAGES,
  API_PATHS,
  ApiCallListQuerySchema,
  ApiCallListSchema,
  API_TRAFFIC_MESSAGES,
  ApiKeyCreateSchema,
  ApiKeyListSchema,
  ApiMeSchema,
  CreatedApiKeySchema,
  envelope,
  type ApiKeyScope,
  PUBLIC_API_PATHS,
} from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { AppError } from '../../errors.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityAccess, entityScope, requireActor, requireUser } from '../auth/index.js';
import { assertScope, type ApiCaller, type ApiKeysService } from './api-keys.service.js';
import type { ApiTrafficService } from './api-traffic.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the public API's key check (routes under /api/v1). */
    apiCaller?: ApiCaller;
  }
}

const KeyIdParamsSchema = z.object({ id: z.uuid({ error: API_KEY_MESSAGES.notFound }) });

/** Settings > Developer Info: the signed-in customer's keys. */
export function registerApiKeyRoutes(
  app: AppInstance,
  apiKeys: ApiKeysService,
  traffic: ApiTrafficService,
) {
  const tags = ['API keys'];
  const security = [{ bearerAuth: [] }];

  app.get(
    API_PATHS.apiKeyCalls,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The calls made to /api/v1 with your keys, newest first (kept 30 days)',
        querystring: ApiCallListQuerySchema,
        response: { 200: envelope(ApiCallListSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: API_TRAFFIC_MESSAGES.callsFetched,
      data: await traffic.listCalls(requireUser(request).id, request.query, entityAccess(request)),
    }),
  );

  app.get(
    API_PATHS.apiKeys,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The API keys not revoked, newest first (never their secrets)',
        response: { 200: envelope(ApiKeyListSchema) },
      },
    },
    async (request) => ({
      message: API_KEY_MESSAGES.listed,
      data: { rows: await apiKeys.list(requireUser(request).id, entityAccess(request)) },
    }),
  );

  app.post(
    API_PATHS.apiKeys,
    {
      preHandler: app.authenticate,
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security,
        summary: 'Create an API key; the answer holds the whole key, this once',
        description:
          'Needs a plan with API access (403 `PLAN_LIMIT` otherwise). `entity_ids` limits the key to some of your entities; `expires_at` must be in the future.',
        body: ApiKeyCreateSchema,
        response: { 201: envelope(CreatedApiKeySchema), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const data = await apiKeys.create(
        requireUser(request).id,
        request.body,
        entityScope(request),
        requireActor(request).id,
      );
      return reply.code(201).send({ message: API_KEY_MESSAGES.created, data });
    },
  );

  app.delete(
    API_PATHS.apiKey,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Revoke an API key: it stops working at once',
        params: KeyIdParamsSchema,
        response: { 204: z.null().describe('No content'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await apiKeys.revoke(requireUser(request).id, request.params.id, entityAccess(request));
      return reply.code(204).send(null);
    },
  );
}

/** The caller of a route guarded by the key check. */
export function requireApiCaller(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller)
    throw AppError.unauthorized(API_KEY_MESSAGES.unauthenticated, 'UNAUTHENTICATED');
  return request.apiCaller;
}

/** The caller, when its key has `scope`; 403 INSUFFICIENT_SCOPE otherwise. */
export function requireScope(request: FastifyRequest, scope: ApiKeyScope): ApiCaller {
  return assertScope(requireApiCaller(request), scope);
}

/**
 * The public API, under /api/v1. The key check, rate limits, `Idempotency-Key` and the call
 * log are hooks for every route under the prefix (`registerPublicApiHooks`), so a route
 * only asks for its scope.
 */
export function registerPublicApiRoutes(app: AppInstance, services: { apiKeys: ApiKeysService }) {
  const { apiKeys } = services;
  app.get(
    PUBLIC_API_PATHS.v1Me,
    {
      schema: {
        tags: ['Public API'],
        security: [{ apiKey: [] }],
        summary: 'The account the API key belongs to; `plan` is its tier id (needs scope read)',
        response: { 200: envelope(ApiMeSchema), ...errorResponses(403) },
      },
    },
    (request) => ({
      message: API_KEY_MESSAGES.meFetched,
      data: apiKeys.me(requireScope(request, 'read')),
    }),
  );
}
