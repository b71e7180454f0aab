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
import { requireUser } from '../auth/index.js';
import { listLogs } from './logs.repository.js';

function toLog({
  log: row,
  postContent,
}: {
  log: SystemLogRow;
  postContent: string | null;
}): SystemLog {
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    platform: row.platform,
    status: row.status,
    message: row.message,
    post_id: row.postId,
    post_content: postContent,
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
        summary:
          'Post logs: one row per publishing attempt, newest first, paged (page, limit), filtered by status and searched (q: platform, message, error code)',
        querystring: LogListQuerySchema,
        response: { 200: envelope(LogListSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { query } = request;
      const list = await listLogs(db, requireUser(request).id, query);
      return {
        message: LOG_MESSAGES.fetched,
        data: {
          rows: list.rows.map(toLog),
          count: list.total.count,
          count_is_exact: list.total.isExact,
          page: query.page,
          limit: query.limit,
        },
      };
    },
  );
}
