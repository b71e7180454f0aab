import {
  API_PATHS,
  envelope,
  LOG_MESSAGES,
  LogListQuerySchema,
  LogListSchema,
  type SystemLog,
} from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import type { Db } from '../../db/client.js';
import type { SystemLogRow } from '../../db/schema.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/authenticate.js';
import { listLogs } from './logs.repository.js';

function toLog(row: SystemLogRow): SystemLog {
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    platform: row.platform,
    status: row.status,
    message: row.message,
    post_id: row.postId,
    instance_id: row.instanceId,
    error_code: row.errorCode,
    retry_count: row.retryCount,
    scheduled_for: row.scheduledFor?.toISOString() ?? null,
  };
}

export function registerLogRoutes(app: AppInstance, db: Db) {
  app.get(
    API_PATHS.logs,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Settings'],
        security: [{ bearerAuth: [] }],
        summary: 'Post logs: one row per publishing attempt, newest first',
        querystring: LogListQuerySchema,
        response: { 200: envelope(LogListSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const rows = await listLogs(db, requireUser(request).id, request.query);
      return { message: LOG_MESSAGES.fetched, data: { rows: rows.map(toLog) } };
    },
  );
}
