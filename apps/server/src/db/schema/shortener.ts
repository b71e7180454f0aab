// Tables owned by the shortener module (src/modules/shortener): only its code writes them.
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** Links made by the built-in shortener, served at /s/:code. */
export const shortLinks = pgTable(
  'short_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    url: text('url').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clicks: integer('clicks').notNull().default(0),
    lastClickedAt: timestamp('last_clicked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('short_links_code_key').on(table.code),
    index('short_links_user_url_idx').on(table.userId, table.url),
  ],
);

/** A built-in short link's clicks per UTC day (what the Analytics screen counts per post). */
export const shortLinkClicks = pgTable(
  'short_link_clicks',
  {
    shortLinkId: uuid('short_link_id')
      .notNull()
      .references(() => shortLinks.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.shortLinkId, table.day] })],
);
