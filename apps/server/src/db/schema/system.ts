// Tables owned by src/lib, the shared infrastructure: only its code writes them.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempt counters (sign-in, one-time codes, password changes) shared by every process:
 * one fixed window per key. Keys are hashed, so no address is kept here in clear.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_counters_reset_idx').on(table.resetAt)],
);

/** Instance-wide state shared by every process: the publisher switch, the next deployment. */
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Calls to outside services other than AI and the networks (search, link shortening), per day. */
export const externalCallCounts = pgTable(
  'external_call_counts',
  {
    service: text('service').notNull(),
    /** 'YYYY-MM-DD' in UTC. */
    day: text('day').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.service, table.day] })],
);
