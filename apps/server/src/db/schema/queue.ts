// Tables owned by the queue module (src/modules/queue): only its code writes them.
import type { QueueSlot } from '@cadence/shared';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies } from './companies.js';

/**
 * An entity's posting queue: its time zone and its weekly slots (weekday, wall-clock time,
 * networks or null), merged and sorted by the shared `mergeSlots`. No row: no slots yet, in
 * the owner's saved zone.
 */
export const entityQueues = pgTable('entity_queues', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** IANA zone the slots' wall-clock times are read in. */
  timezone: text('timezone').notNull(),
  slots: jsonb('slots').$type<QueueSlot[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type EntityQueueRow = typeof entityQueues.$inferSelect;
