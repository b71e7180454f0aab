import {
  API_PATHS,
  envelope,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WebhookCreateSchema,
  WebhookDeliverySchema,
  webhookListPage,
  WebhookListQuerySchema,
  WebhookSchema,
  WebhookUpdateSchema,
  WebhookWithSecretSchema,
  PUBLIC_API_PATHS,
  roleAllows,
  TEAM_MESSAGES,
} from '@cadence/shared';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { AppError } from '../../errors.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityScope, requireActor, requireUser } from '../auth/index.js';
import { requireScope } from '../api-keys/index.js';
import type { WebhookScope, WebhooksService } from './webhooks.service.js';

const IdParams = z.object({ id: z.uuid({ error: WEBHOOK_MESSAGES.notFound }) });
const DeliveryParams = IdParams.extend({
  delivery_id: z.uuid({ error: WEBHOOK_MESSAGES.deliveryNotFound }),
});
const QueuedSchema = envelope(z.object({ message_id: z.string() }));

/** Who asks, and which endpoints they may touch. */
type Caller = (
  request: FastifyRequest,
  need: 'read' | 'write',
) => { userId: string; scope: WebhookScope };

interface Door {
  paths: {
    list: string;
    one: string;
    test: string;
    rotate: string;
    deliveries: string;
    redeliver: string;
  };
  preHandler: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  caller: Caller;
  tags: string[];
  security: Array<Record<string, string[]>>;
  /** How the scopes read in the summaries ('' for the web app's session). */
  needs: (scope: 'read' | 'write') => string;
}

const EVENTS_TEXT = `Events: ${WEBHOOK_EVENTS.map((event) => `\`${event}\``).join(', ')}; \`webhook.test\` comes only from the test route.`;

/** The same routes on a door: the web app's session, or an API key under /api/v1. */
function registerDoor(app: AppInstance, webhooks: WebhooksService, door: Door) {
  const { preHandler, caller, tags, security, needs } = door;

  app.get(
    door.paths.list,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: `The webhook endpoints, newest first${needs('read')}`,
        querystring: WebhookListQuerySchema,
        response: { 200: webhookListPage(WebhookSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const { userId, scope } = caller(request, 'read');
      return {
        message: WEBHOOK_MESSAGES.listed,
        ...(await webhooks.list(userId, scope, request.query)),
      };
    },
  );

  app.post(
    door.paths.list,
    {
      preHandler,
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security,
        summary: `Add a webhook endpoint; the answer holds its signing secret, this once${needs('write')}`,
        description: `The URL must be https:// (http:// only for hosts in the server's FETCH_ALLOW_HOSTS). \`entity_ids\` limits it to some entities' events. Needs a plan with API access (403 \`PLAN_LIMIT\`). ${EVENTS_TEXT} Deliveries are signed the Standard Webhooks way: \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature: v1,<base64 HMAC-SHA256>\`.`,
        body: WebhookCreateSchema,
        response: { 201: envelope(WebhookWithSecretSchema), ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => {
      const { userId, scope } = caller(request, 'write');
      const data = await webhooks.create(userId, request.body, scope);
      return reply.code(201).send({ message: WEBHOOK_MESSAGES.created, data });
    },
  );

  app.get(
    door.paths.one,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: `One webhook endpoint${needs('read')}`,
        params: IdParams,
        response: { 200: envelope(WebhookSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { userId, scope } = caller(request, 'read');
      return {
        message: WEBHOOK_MESSAGES.fetched,
        data: await webhooks.get(userId, request.params.id, scope),
      };
    },
  );

  app.patch(
    door.paths.one,
    {
      preHandler,
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security,
        summary: `Change an endpoint's URL, events or entities, or turn it on or off${needs('write')}`,
        description:
          '`enabled: true` turns on an endpoint that was disabled after failing for 3 days (its failure clock starts afresh); `enabled: false` turns it off and its waiting deliveries are dropped.',
        params: IdParams,
        body: WebhookUpdateSchema,
        response: { 200: envelope(WebhookSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { userId, scope } = caller(request, 'write');
      return {
        message: WEBHOOK_MESSAGES.updated,
        data: await webhooks.update(userId, request.params.id, request.body, scope),
      };
    },
  );

  app.delete(
    door.paths.one,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: `Delete a webhook endpoint and its deliveries${needs('write')}`,
        params: IdParams,
        response: { 204: z.null().describe('No content'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const { userId, scope } = caller(request, 'write');
      await webhooks.remove(userId, request.params.id, scope);
      return reply.code(204).send(null);
    },
  );

  app.post(
    door.paths.test,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: `Send a \`webhook.test\` event to the endpoint, whatever its events${needs('write')}`,
        params: IdParams,
        response: { 202: QueuedSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const { userId, scope } = caller(request, 'write');
      const data = await webhooks.sendTest(userId, request.params.id, scope);
      return reply.code(202).send({ message: WEBHOOK_MESSAGES.testQueued, data });
    },
  );

  app.post(
    door.paths.rotate,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: `A new signing secret, answered this once; the old one also signs for 24 hours${needs('write')}`,
        params: IdParams,
        response: { 200: envelope(WebhookWithSecretSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { userId, scope } = caller(request, 'write');
      return {
        message: WEBHOOK_MESSAGES.rotated,
        data: await webhooks.rotateSecret(userId, request.params.id, scope),
      };
    },
  );

  app.get(
    door.paths.deliveries,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: `The endpoint's delivery attempts, newest first${needs('read')}`,
        params: IdParams,
        querystring: WebhookListQuerySchema,
        response: { 200: webhookListPage(WebhookDeliverySchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { userId, scope } = caller(request, 'read');
      return {
        message: WEBHOOK_MESSAGES.deliveriesListed,
        ...(await webhooks.deliveries(userId, request.params.id, scope, request.query)),
      };
    },
  );

  app.post(
    door.paths.redeliver,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: `Send a delivery's event again, with the same webhook-id${needs('write')}`,
        params: DeliveryParams,
        response: { 202: QueuedSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { userId, scope } = caller(request, 'write');
      const data = await webhooks.redeliver(
        userId,
        request.params.id,
        request.params.delivery_id,
        scope,
      );
      return reply.code(202).send({ message: WEBHOOK_MESSAGES.redeliveryQueued, data });
    },
  );
}

/**
 * Webhook endpoints on both doors, one service: the web app's (signed in, Settings >
 * Developer Info) and the public API's (an API key: reads need `read`, writes `write`; a key
 * limited to entities sees only endpoints limited to its entities).
 */
export function registerWebhookRoutes(app: AppInstance, webhooks: WebhooksService) {
  registerDoor(app, webhooks, {
    paths: {
      list: API_PATHS.webhooks,
      one: API_PATHS.webhook,
      test: API_PATHS.webhookTest,
      rotate: API_PATHS.webhookRotateSecret,
      deliveries: API_PATHS.webhookDeliveries,
      redeliver: API_PATHS.webhookRedeliver,
    },
    preHandler: app.authenticate,
    // A member limited to some entities makes and sees endpoints of those entities only.
    caller: (request) => ({
      userId: requireUser(request).id,
      scope: { entityIds: entityScope(request), actorId: requireActor(request).id },
    }),
    tags: ['Webhooks'],
    security: [{ bearerAuth: [] }],
    needs: () => '',
  });
  registerDoor(app, webhooks, {
    paths: {
      list: PUBLIC_API_PATHS.v1Webhooks,
      one: PUBLIC_API_PATHS.v1Webhook,
      test: PUBLIC_API_PATHS.v1WebhookTest,
      rotate: PUBLIC_API_PATHS.v1WebhookRotateSecret,
      deliveries: PUBLIC_API_PATHS.v1WebhookDeliveries,
      redeliver: PUBLIC_API_PATHS.v1WebhookRedeliver,
    },
    // The key itself is checked by the hooks every /api/v1 route follows.
    preHandler: [],
    caller: (request, need) => {
      const apiCaller = requireScope(request, need);
      // Endpoints are managers' (the route rules' for the web app's door): a key whose
      // creator is no longer one reads them only.
      if (need === 'write' && !roleAllows(apiCaller.role, 'manager')) {
        throw AppError.forbidden(TEAM_MESSAGES.forbiddenRole(apiCaller.role), 'FORBIDDEN_ROLE');
      }
      return {
        userId: apiCaller.user.id,
        scope: { entityIds: apiCaller.entityIds, actorId: apiCaller.actorId },
      };
    },
    tags: ['Public API'],
    security: [{ apiKey: [] }],
    needs: (scope) => ` (needs scope ${scope})`,
  });
}
