// Tables owned by the admin module (src/modules/admin): only its code writes them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Operator settings that steer the running instance (publisher, rate limits), read live
 * with a short cache. `value` holds the number and its allowed range, as the admin screen
 * shows it.
 */
export interface AdminSettingValue {
  value: number;
  min: number;
  max: number;
  unit: string;
}

export const adminSettings = pgTable('admin_settings', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  key: text('key').notNull().unique(),
  value: jsonb('value').$type<AdminSettingValue>().notNull(),
  description: text('description').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change made through the admin panel: who, what, the value before and after. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    /** What was changed: a setting key, a plan tier, a user's email... */
    target: text('target').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_audit_log_created_idx').on(table.createdAt.desc(), table.id.desc())],
);

/** One row per running process, rewritten every few seconds; the admin's service cards. */
export const serviceHeartbeats = pgTable('service_heartbeats', {
  /** host:pid:start time, unique per process life. */
  id: text('id').primaryKey(),
  role: text('role').$type<'web' | 'worker' | 'all'>().notNull(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  lastBeatAt: timestamp('last_beat_at', { withTimezone: true }).notNull(),
  cpuPercent: integer('cpu_percent').notNull().default(0),
  rssBytes: bigint('rss_bytes', { mode: 'number' }).notNull().default(0),
  /** Workers only: whether this process's publisher is taking jobs. */
  publishing: boolean('publishing'),
  inFlight: integer('in_flight').notNull().default(0),
  done: integer('done').notNull().default(0),
  /**
   * PostgreSQL only: the server process (`pg_backend_pid()`) and start of the connection this
   * process beats on, which it keeps open for its whole life. When the process dies, the
   * connection ends with it, so the others know at once (`db/process-liveness.ts`). Null when
   * the beat went through the pool (embedded database, or the connection could not be made).
   */
  backendPid: integer('backend_pid'),
  backendStartedAt: timestamp('backend_started_at', { withTimezone: true }),
});

export type AdminSettingRow = typeof adminSettings.$inferSelect;
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
export type HeartbeatRow = typeof serviceHeartbeats.$inferSelect;
