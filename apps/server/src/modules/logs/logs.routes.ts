import {
  API_PATHS,
  envelope,
  LOG_MESSAGES,
  LogListQuerySchema,
  LogListSchema,
} from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityAccess, requireUser } from '../auth/index.js';
import type { LogsService } from './logs.service.js';

export function registerLogRoutes(app: AppInstance, logs: LogsService) {
  app.get(
    API_PATHS.logs,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Settings'],
        security: [{ bearerAuth: [] }],
        summary:
          'Post logs: one row per publishing attempt, newest first, paged (page, limit), filtered by status and searched (q: platform, message, error code)',
        querystring: LogListQuerySchema,
        response: { 200: envelope(LogListSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: LOG_MESSAGES.fetched,
      data: await logs.list(requireUser(request).id, request.query, entityAccess(request)),
    }),
  );
}
