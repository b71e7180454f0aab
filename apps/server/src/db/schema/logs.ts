// Tables owned by the logs module (src/modules/logs): only its code writes them.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { posts } from './posts.js';
import { scheduledInstances } from './schedules.js';

export const LOG_STATUSES = ['success', 'error', 'pending'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];

/** One row per publishing attempt, for the customer's Post Logs and the admin's System Logs. */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    instanceId: uuid('instance_id').references(() => scheduledInstances.id, {
      onDelete: 'set null',
    }),
    /**
     * The person the attempt is done for: who pressed the action (retry, publish now...), else
     * who scheduled the post. Null for rows from before people were recorded.
     */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(),
    status: text('status').$type<LogStatus>().notNull(),
    message: text('message').notNull(),
    errorCode: text('error_code'),
    retryCount: integer('retry_count').notNull().default(0),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased platform, message and code, kept by the database, for the admin's search. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(platform || ' ' || message || ' ' || coalesce(error_code, ''))`,
    ),
  },
  (table) => [
    index('system_logs_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('system_logs_created_idx').on(table.createdAt.desc()),
    // The admin's System Logs: newest first over everyone, with a stable tie-break for paging.
    index('system_logs_created_id_idx').on(table.createdAt.desc(), table.id.desc()),
    index('system_logs_status_created_idx').on(
      table.status,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('system_logs_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

export type SystemLogRow = typeof systemLogs.$inferSelect;
