import {
  API_PATHS,
  AuthenticateResultSchema,
  ConnectionRequestSchema,
  envelope,
  OAuthChoicesSchema,
  OAuthCompleteRequestSchema,
  OAuthConfigSchema,
  OAuthStartRequestSchema,
  OAuthStartResultSchema,
  SavedConnectionSchema,
} from '@cadence/shared';
import { z } from 'zod';
import { pick } from 'zod/mini';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityAccess, requireUser } from '../auth/index.js';
import type { ConnectionsService } from './connections.service.js';
import type { OAuthService } from './oauth.service.js';

const tags = ['Social connections'];
const security = [{ bearerAuth: [] }];
const BODY_LIMIT = 32 * 1024;

const NetworkParamsSchema = z.object({ network: z.string().max(40) });

export function registerConnectionRoutes(
  app: AppInstance,
  connections: ConnectionsService,
  oauth: OAuthService,
) {
  app.get(
    API_PATHS.socialOAuthConfig,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Which networks offer one-click connect (admins: which variables enable the rest)',
        response: { 200: envelope(OAuthConfigSchema), ...errorResponses(401) },
      },
    },
    (request) => ({
      message: 'One-click connect',
      data: oauth.config(requireUser(request).isAdmin),
    }),
  );

  app.post(
    API_PATHS.socialOAuthStart,
    {
      preHandler: app.authenticate,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          "Start one-click connect: answers the network's consent page address and binds the flow to this browser (a cookie)",
        params: NetworkParamsSchema,
        body: OAuthStartRequestSchema,
        response: {
          200: envelope(OAuthStartResultSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { setCookie, ...answer } = await oauth.start(
        requireUser(request).id,
        request.params.network,
        request.body.company_id,
        // The address the browser used: it comes back there (oauth-return.ts decides).
        request.headers.origin ?? `${request.protocol}://${request.host}`,
        entityAccess(request),
      );
      // The browser that asked keeps this cookie; the callback attaches nothing without it.
      reply.header('set-cookie', setCookie).header('cache-control', 'no-store');
      return answer;
    },
  );

  app.get(
    API_PATHS.socialOAuthCallback,
    {
      schema: {
        tags,
        summary:
          "The consent page's way back: stores the connection, then redirects to the entity's Socials dialog",
        params: NetworkParamsSchema,
        querystring: z.object({
          code: z.string().max(4096).optional(),
          state: z.string().max(512).optional(),
          error: z.string().max(512).optional(),
          error_description: z.string().max(2048).optional(),
        }),
        response: { 302: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const landing = await oauth.callback(
        request.params.network,
        request.query,
        request.headers.cookie,
      );
      if (landing.setCookie) reply.header('set-cookie', landing.setCookie);
      return reply.header('cache-control', 'no-store').redirect(landing.location, 302);
    },
  );

  app.get(
    API_PATHS.socialOAuthChoices,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'After Facebook Login: the Pages (or Instagram accounts) to choose from',
        params: NetworkParamsSchema.extend({ id: z.uuid({ error: 'This choice has expired' }) }),
        response: { 200: envelope(OAuthChoicesSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      oauth.choices(
        requireUser(request).id,
        request.params.network,
        request.params.id,
        entityAccess(request),
      ),
  );

  app.post(
    API_PATHS.socialOAuthComplete,
    {
      preHandler: app.authenticate,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Connect the chosen Page or Instagram account',
        params: NetworkParamsSchema,
        body: OAuthCompleteRequestSchema,
        response: {
          200: envelope(SavedConnectionSchema),
          ...errorResponses(400, 401, 403, 404, 502),
        },
      },
    },
    async (request) =>
      oauth.complete(
        requireUser(request).id,
        request.params.network,
        request.body,
        entityAccess(request),
      ),
  );

  app.post(
    API_PATHS.socialAuthenticate,
    {
      preHandler: app.authenticate,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: "Test a network's credentials (Facebook: list the pages when grant_type is given)",
        body: ConnectionRequestSchema,
        response: {
          200: envelope(AuthenticateResultSchema),
          ...errorResponses(400, 401, 403, 404, 429, 502),
        },
      },
    },
    async (request) =>
      connections.authenticate(requireUser(request).id, request.body, entityAccess(request)),
  );

  app.post(
    API_PATHS.socialSave,
    {
      preHandler: app.authenticate,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Verify and store a network connection for a company (credentials are encrypted)',
        body: ConnectionRequestSchema,
        response: {
          200: envelope(SavedConnectionSchema),
          ...errorResponses(400, 401, 403, 404, 429, 502),
        },
      },
    },
    async (request) =>
      connections.save(requireUser(request).id, request.body, entityAccess(request)),
  );

  app.post(
    API_PATHS.socialDisconnect,
    {
      preHandler: app.authenticate,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: "Disconnect a company's network",
        body: pick(ConnectionRequestSchema, { company_id: true, social_account_type: true }),
        response: { 200: envelope(z.null()), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      connections.disconnect(requireUser(request).id, request.body, entityAccess(request)),
  );
}
