import {
  API_PATHS,
  AuthenticateResultSchema,
  ConnectionRequestSchema,
  envelope,
  SavedConnectionSchema,
} from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/authenticate.js';
import type { ConnectionsService } from './connections.service.js';

const tags = ['Social connections'];
const security = [{ bearerAuth: [] }];
const BODY_LIMIT = 32 * 1024;

export function registerConnectionRoutes(app: AppInstance, connections: ConnectionsService) {
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
    async (request) => connections.authenticate(requireUser(request).id, request.body),
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
    async (request) => connections.save(requireUser(request).id, request.body),
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
        body: ConnectionRequestSchema.pick({ company_id: true, social_account_type: true }),
        response: { 200: envelope(z.null()), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => connections.disconnect(requireUser(request).id, request.body),
  );
}
