// Tables owned by the settings module (src/modules/settings): only its code writes them.
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** Per-customer settings. No row: the browser's zone is used, UTC as the last resort. */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** IANA zone name, e.g. Europe/Berlin. */
  timezone: text('timezone').notNull(),
  autoDst: boolean('auto_dst').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
