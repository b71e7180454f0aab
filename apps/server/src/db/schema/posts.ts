// Tables owned by the posts module (src/modules/posts): only its code writes them.
import { sql } from 'drizzle-orm';
import type { NetworkId, PostVariants } from '@cadence/shared';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { users } from './auth.js';
import { companies } from './companies.js';

/**
 * A post belongs to its owner; its company may be deleted later (the post then shows
 * 'Unknown Company' and cannot be scheduled), so company_id is set null rather than cascaded.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /**
     * The person who wrote it (the owner or a member): the 'by {name}' on cards, the post's
     * author for its review (nobody but the owner approves their own post). Null only once
     * that person's account is deleted: the workspace's owner stands in.
     */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The person who last changed its text, media, variants or time; null until then. */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    url: text('url'),
    shortenedUrl: text('shortened_url'),
    urlShortened: boolean('url_shortened').notNull().default(false),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    tone: text('tone'),
    platforms: jsonb('platforms').$type<NetworkId[]>().notNull().default([]),
    /** Each network's own text (`variants.<network>.content`), else the shared `content`. */
    variants: jsonb('variants').$type<PostVariants>().notNull().default({}),
    /** The thread's follow-up parts (X, Bluesky, Threads); the post is the first part. */
    thread: jsonb('thread').$type<string[]>().notNull().default([]),
    /** Posted under the post on Facebook, Instagram and LinkedIn after a delay. */
    firstComment: text('first_comment'),
    // No status column: a post is 'scheduled' exactly when it has a scheduled time
    // (`postStatusOf` in shared), so it is computed where a post is answered.
    /** Lower-cased content and url, kept by the database, for the trigram search index. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(content || ' ' || coalesce(url, ''))`,
    ),
    ...timestamps,
  },
  (table) => [
    index('posts_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('posts_company_created_idx').on(table.companyId, table.createdAt.desc()),
    // The posts with a built-in short link (the Analytics clicks per network start there).
    index('posts_user_short_link_idx')
      .on(table.userId)
      .where(sql`${table.shortenedUrl} is not null`),
    index('posts_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/**
 * Posts created per customer and calendar month (UTC), for the plan's monthly limit.
 * Deleting a post does not give its slot back: the limit is on posts made, not posts kept.
 */
export const postUsage = pgTable(
  'post_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' in UTC. */
    month: text('month').notNull(),
    created: integer('created').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

/** A post's media file (the product allows one per post). */
export const postAttachments = pgTable(
  'post_attachments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Public path under /uploads/. */
    mediaUrl: text('media_url').notNull(),
    /** Storage key, for removal. */
    storageKey: text('storage_key').notNull(),
    /** The file name the customer chose (shown, never used as a path). */
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('post_attachments_post_key').on(table.postId)],
);

export type PostRow = typeof posts.$inferSelect;
export type PostAttachmentRow = typeof postAttachments.$inferSelect;
