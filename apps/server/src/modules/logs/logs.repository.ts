import { listCountLimit, type NetworkId } from '@cadence/shared';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { countUpTo } from '../../lib/capped-count.js';
import { systemLogs, type LogStatus } from '../../db/schema/logs.js';
import { posts } from '../../db/schema/posts.js';
import { entityCondition, type EntityAccess } from '../../lib/entity-scope.js';
import { likePattern } from '../../lib/like-pattern.js';

/**
 * One page of the customer's publishing logs, newest first; `q` searches platform, message
 * and code. For a member limited to some entities, only the rows of their entities' posts.
 */
export async function listLogs(
  db: DbExecutor,
  userId: string,
  query: { status?: LogStatus | undefined; q?: string | undefined; page: number; limit: number },
  access?: EntityAccess,
) {
  const conditions: Array<SQL | undefined> = [
    eq(systemLogs.userId, userId),
    entityCondition(
      sql`(select p.company_id from posts p where p.id = ${systemLogs.postId})`,
      access,
    ),
  ];
  if (query.status) conditions.push(eq(systemLogs.status, query.status));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(
        ilike(systemLogs.platform, pattern),
        ilike(systemLogs.message, pattern),
        ilike(systemLogs.errorCode, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const countLimit = listCountLimit(query.page, query.limit);
  const [rows, total] = await Promise.all([
    db
      .select({
        log: systemLogs,
        // The start of the post's text, for the row's link to it (only the owner's posts).
        postContent: sql<string | null>`left(${posts.content}, 80)`,
        // The person who wrote the post (a workspace's member or its owner).
        postAuthor: sql<
          string | null
        >`(select coalesce(nullif(u.name, ''), u.email) from users u where u.id = ${posts.createdBy})`,
        // The person the attempt was for: who pressed the action, else who scheduled it.
        actedBy: sql<
          string | null
        >`(select coalesce(nullif(u.name, ''), u.email) from users u where u.id = ${systemLogs.actorId})`,
      })
      .from(systemLogs)
      .leftJoin(posts, and(eq(posts.id, systemLogs.postId), eq(posts.userId, userId)))
      .where(where)
      .orderBy(desc(systemLogs.createdAt), desc(systemLogs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countUpTo(
      db,
      db
        .select({ one: sql`1`.as('one') })
        .from(systemLogs)
        .where(where)
        .limit(countLimit + 1)
        .as('matching'),
      countLimit,
    ),
  ]);
  return { rows, total };
}

export interface LogEntry {
  userId: string;
  postId: string;
  instanceId: string;
  platform: NetworkId;
  status: LogStatus;
  message: string;
  errorCode?: string | null;
  retryCount?: number;
  scheduledFor: Date;
  /**
   * The person who pressed the action (retry, publish now...); absent: the person who
   * scheduled the occurrence (the publisher's own attempts).
   */
  actorId?: string | null;
}

/**
 * One attempt's log row, as an INSERT to run alone or inside another statement. The post or
 * instance may have been deleted meanwhile; the log is kept and simply no longer points at
 * them.
 */
export function logInsert(entry: LogEntry): SQL {
  return sql`
    insert into system_logs
      (user_id, post_id, instance_id, actor_id, platform, status, message, error_code, retry_count, scheduled_for)
    select u.id,
      (select p.id from posts p where p.id = ${entry.postId}),
      (select si.id from scheduled_instances si where si.id = ${entry.instanceId}),
      coalesce(
        (select a.id from users a where a.id = ${entry.actorId ?? null}::uuid),
        (select s.created_by from scheduled_instances si
          join schedules s on s.id = si.schedule_id where si.id = ${entry.instanceId})),
      ${entry.platform}, ${entry.status}, ${entry.message}, ${entry.errorCode ?? null},
      ${entry.retryCount ?? 0}, ${entry.scheduledFor.toISOString()}::timestamptz
    from users u where u.id = ${entry.userId}`;
}

export async function insertLog(db: DbExecutor, entry: LogEntry) {
  // Named (db/prepared.ts): the publisher writes one per failed attempt; its text is fixed.
  await executePrepared(db, 'log_insert', logInsert(entry));
}
