// Tables owned by the notifications module (src/modules/notifications): only its code writes them.
import { sql } from 'drizzle-orm';
import type { NetworkId } from '@cadence/shared';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies } from './companies.js';
import { posts } from './posts.js';

/** Per-account notification choices. No row: every e-mail is on (the default). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailPublicationFailures: boolean('email_publication_failures').notNull().default(true),
  emailReconnect: boolean('email_reconnect').notNull().default(true),
  /** Posts submitted for review, approved, or sent back with changes asked. */
  emailReviews: boolean('email_reviews').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const NOTIFICATION_KINDS = [
  'publication_failed',
  'publication_unconfirmed',
  'connection_reconnect',
  'connection_expiring',
  'webhook_disabled',
  'post_submitted',
  'post_approved',
  'post_changes_requested',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** pending: waits for the mail job; sent: in a mail; off: the customer turned that mail off. */
export type NotificationMailState = 'pending' | 'sent' | 'off';

/** What the bell lists and the notification mails are made of. */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The workspace the event happened in (its owner's id): its brand heads the mail, and a
     * person no longer a member of it is not mailed about it.
     */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    network: text('network').$type<NetworkId>(),
    /** The connection an event is about (company and network): mails are grouped by it. */
    groupKey: text('group_key').notNull(),
    message: text('message').notNull(),
    mailState: text('mail_state').$type<NotificationMailState>().notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notification_events_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('notification_events_mail_idx').on(table.userId, table.mailState),
  ],
);

export type NotificationEventRow = typeof notificationEvents.$inferSelect;
