import {
  API_KEY_MESSAGES,
  API_PATHS,
  ApiKeyCreateSchema,
  ApiKeyListSchema,
  ApiMeSchema,
  CreatedApiKeySchema,
  envelope,
  type ApiKeyScope,
} from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { AppError } from '../../errors.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { ApiCaller, ApiKeysService } from './api-keys.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the public API's key check (routes under /api/v1). */
    apiCaller?: ApiCaller;
  }
}

const KeyIdParamsSchema = z.object({ id: z.uuid({ error: API_KEY_MESSAGES.notFound }) });

/** Settings > Developer Info: the signed-in customer's keys. */
export function registerApiKeyRoutes(app: AppInstance, apiKeys: ApiKeysService) {
  const tags = ['API keys'];
  const security = [{ bearerAuth: [] }];

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
      data: { rows: await apiKeys.list(requireUser(request).id) },
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
      const data = await apiKeys.create(requireUser(request).id, request.body);
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
      await apiKeys.revoke(requireUser(request).id, request.params.id);
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
  const caller = requireApiCaller(request);
  if (!caller.scopes.includes(scope))
    throw AppError.forbidden(API_KEY_MESSAGES.insufficientScope(scope), 'INSUFFICIENT_SCOPE');
  return caller;
}

/**
 * The key check of every /api/v1 route (a preHandler): sets `request.apiCaller`, or answers
 * 401 UNAUTHENTICATED. Each route then asks `requireScope` for what it needs.
 */
export function apiKeyCheck(apiKeys: ApiKeysService) {
  return async (request: FastifyRequest) => {
    request.apiCaller = await apiKeys.authenticate(request.headers.authorization);
  };
}

/** The public API, under /api/v1, authenticated with an API key. */
export function registerPublicApiRoutes(app: AppInstance, apiKeys: ApiKeysService) {
  const checkKey = apiKeyCheck(apiKeys);
  app.get(
    API_PATHS.v1Me,
    {
      preHandler: checkKey,
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
