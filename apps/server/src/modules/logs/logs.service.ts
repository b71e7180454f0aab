import type { LogList, SystemLog } from '@cadence/shared';
import type { Db } from '../../db/client.js';
import type { SystemLogRow } from '../../db/schema/logs.js';
import type { EntityAccess } from '../../lib/entity-scope.js';
import * as repo from './logs.repository.js';

/** What the Post Logs section asks for: a status filter, a search and a page. */
export type LogsQuery = Parameters<typeof repo.listLogs>[2];

/** The customer's post logs: one row per publishing attempt (Settings, Post Logs). */
export function createLogsService(deps: { db: Db }) {
  return {
    /** One page, newest first, with the count of matching rows (exact up to a few pages). */
    async list(userId: string, query: LogsQuery, access?: EntityAccess): Promise<LogList> {
      const { rows, total } = await repo.listLogs(deps.db, userId, query, access);
      return {
        rows: rows.map(toLog),
        count: total.count,
        count_is_exact: total.isExact,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}

export type LogsService = ReturnType<typeof createLogsService>;

function toLog({
  log: row,
  postContent,
  postAuthor,
  actedBy,
}: {
  log: SystemLogRow;
  postContent: string | null;
  postAuthor: string | null;
  actedBy: string | null;
}): SystemLog {
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    platform: row.platform,
    status: row.status,
    message: row.message,
    post_id: row.postId,
    post_content: postContent,
    post_author: postAuthor,
    acted_by: actedBy,
    instance_id: row.instanceId,
    error_code: row.errorCode,
    retry_count: row.retryCount,
    scheduled_for: row.scheduledFor?.toISOString() ?? null,
  };
}
