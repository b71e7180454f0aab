// Tables owned by the approvals module (src/modules/approvals): only its code writes them.
import { sql } from 'drizzle-orm';
import type { CommentVisibility, ReviewState } from '@cadence/shared';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies } from './companies.js';
import { posts } from './posts.js';

/**
 * A post's review, in an entity whose posts need approval. No row: a draft. The row is only
 * ever updated, never replaced, so the publisher's claim can lock it (FOR SHARE) and a
 * change of state in flight makes the claim wait for it and see its outcome.
 */
export const postReviews = pgTable('post_reviews', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  state: text('state').$type<ReviewState>().notNull(),
  submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  /** The team's mark: who approved, when. Cleared when the post goes back to review. */
  teamApprovedBy: uuid('team_approved_by').references(() => users.id, { onDelete: 'set null' }),
  teamApprovedAt: timestamp('team_approved_at', { withTimezone: true }),
  /** The client's mark (team_and_client): the name they gave on the review link. */
  clientApprovedName: text('client_approved_name'),
  clientApprovedAt: timestamp('client_approved_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Comments on a post; 'team' ones never reach a client. A client's has no author id. */
export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** True when written on a review link. */
    byClient: boolean('by_client').notNull().default(false),
    visibility: text('visibility').$type<CommentVisibility>().notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('post_comments_post_idx').on(table.postId, table.createdAt)],
);

/** A link a client opens without an account; only the token's hash is kept. */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The workspace (its owner's account). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    label: text('label'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('review_links_token_hash_key').on(table.tokenHash),
    index('review_links_company_idx').on(table.companyId, table.createdAt),
  ],
);

export type PostReviewRow = typeof postReviews.$inferSelect;
export type PostCommentRow = typeof postComments.$inferSelect;
export type ReviewLinkRow = typeof reviewLinks.$inferSelect;
