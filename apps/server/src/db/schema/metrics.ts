// Tables owned by the metrics module (src/modules/metrics): only its code writes them.
import { sql } from 'drizzle-orm';
import type { NetworkId } from '@cadence/shared';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { socialConnections } from './connections.js';
import { publications } from './publishing.js';

/**
 * One published publication's numbers as last read, and when it is read next: the polling's
 * state and what the Analytics screen sums (so a summary reads one row per publication, never
 * the snapshots). Made for each publication published in the last 30 days, the first time
 * the metrics job sees it; its owner, entity, post and network are copied in so the summary
 * needs no join.
 */
export const publicationStats = pgTable(
  'publication_stats',
  {
    publicationId: uuid('publication_id')
      .primaryKey()
      .references(() => publications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id'),
    postId: uuid('post_id').notNull(),
    connectionId: uuid('connection_id').references(() => socialConnections.id, {
      onDelete: 'set null',
    }),
    network: text('network').$type<NetworkId>().notNull(),
    externalId: text('external_id').notNull(),
    externalUrl: text('external_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** When the numbers are read next; null: never again (30 days old, or deleted). */
    nextReadAt: timestamp('next_read_at', { withTimezone: true }),
    /** The interval's multiplier: doubled by a read with unchanged numbers (1, 2, 4, 8). */
    backoff: smallint('backoff').notNull().default(1),
    reads: integer('reads').notNull().default(0),
    /** Why reading stopped: 'deleted' (the network said so) or 'aged' (30 days). */
    stoppedReason: text('stopped_reason').$type<'deleted' | 'aged'>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    impressions: integer('impressions'),
    /** likes + comments + shares (what the top posts and the Posts sort order by). */
    engagements: integer('engagements').notNull().default(0),
  },
  (table) => [
    index('publication_stats_due_idx')
      .on(table.nextReadAt)
      .where(sql`${table.nextReadAt} is not null`),
    // The Analytics summary's scans of a period, answered from the index alone (every column
    // they read is in it).
    index('publication_stats_user_published_idx').on(
      table.userId,
      table.publishedAt,
      table.postId,
      table.network,
      table.impressions,
      table.engagements,
      table.likes,
      table.comments,
      table.shares,
    ),
    index('publication_stats_company_published_idx').on(
      table.companyId,
      table.publishedAt,
      table.postId,
      table.network,
      table.impressions,
      table.engagements,
      table.likes,
      table.comments,
      table.shares,
    ),
    // The top posts of a period: walked by engagement, stopping at the first ten in it.
    index('publication_stats_user_engagements_idx').on(
      table.userId,
      table.engagements.desc(),
      table.publishedAt.desc(),
    ),
    index('publication_stats_company_engagements_idx').on(
      table.companyId,
      table.engagements.desc(),
      table.publishedAt.desc(),
    ),
    index('publication_stats_post_idx').on(table.postId),
    // The newest publication read so far (where the next look for new ones starts).
    index('publication_stats_published_idx').on(table.publishedAt),
  ],
);

/** One read of one publication's numbers (the history; the latest is also in the stats row). */
export const publicationMetrics = pgTable(
  'publication_metrics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    likes: integer('likes').notNull(),
    comments: integer('comments').notNull(),
    shares: integer('shares').notNull(),
    impressions: integer('impressions'),
    /** Every number read, by the network's own names. */
    raw: jsonb('raw').$type<Record<string, number>>().notNull(),
  },
  (table) => [index('publication_metrics_publication_idx').on(table.publicationId, table.readAt)],
);

/**
 * Per connection: not to be read before `not_before` (a 429's Retry-After), and the day its
 * followers were last read (once a day).
 */
export const metricAccounts = pgTable('metric_accounts', {
  connectionId: uuid('connection_id')
    .primaryKey()
    .references(() => socialConnections.id, { onDelete: 'cascade' }),
  notBefore: timestamp('not_before', { withTimezone: true }),
  followersReadOn: date('followers_read_on'),
});

/** An account's followers, one row per connection per UTC day. */
export const followerCounts = pgTable(
  'follower_counts',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => socialConnections.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    followers: integer('followers').notNull(),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.day] })],
);

/*
 * The Analytics rollup: the stats rows summed per local day (decision 125). Kept by triggers
 * on publication_stats (every insert, number change and delete, the cascades from a deleted
 * post included, recomputes the days it touched), in the customer's time zone as the row in
 * `analytics_zones` names it; a summary asked in another zone rebuilds the customer's rows
 * first. A customer who never opened the Analytics screen has no zone row and costs the
 * triggers nothing.
 */

/** The zone a customer's rollup days are counted in. */
export const analyticsZones = pgTable('analytics_zones', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
});

/**
 * Per customer, entity, local day and network: the publications published that day and their
 * latest numbers summed; `posts` counts each post of the day once (on the network of its
 * first publication that day), so a day's networks sum to its distinct posts.
 */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id'),
    day: date('day').notNull(),
    network: text('network').$type<NetworkId>().notNull(),
    publications: integer('publications').notNull(),
    posts: integer('posts').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull(),
    engagements: bigint('engagements', { mode: 'number' }).notNull(),
    likes: bigint('likes', { mode: 'number' }).notNull(),
    comments: bigint('comments', { mode: 'number' }).notNull(),
    shares: bigint('shares', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('analytics_days_user_idx').on(table.userId, table.day),
    index('analytics_days_company_idx').on(table.companyId, table.day),
  ],
);

/** Per customer, entity, local day and local hour: publications and their engagements. */
export const analyticsHours = pgTable(
  'analytics_hours',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id'),
    day: date('day').notNull(),
    hour: smallint('hour').notNull(),
    publications: integer('publications').notNull(),
    engagements: bigint('engagements', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('analytics_hours_user_idx').on(table.userId, table.day),
    index('analytics_hours_company_idx').on(table.companyId, table.day),
  ],
);

/**
 * Posts whose publications fall on more than one local day: the only ones a sum of days'
 * distinct posts counts more than once (the summary takes the extra days off).
 */
export const analyticsSpreadPosts = pgTable(
  'analytics_spread_posts',
  {
    postId: uuid('post_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id'),
  },
  (table) => [index('analytics_spread_posts_user_idx').on(table.userId)],
);

/**
 * Per customer and UTC day: the clicks on all their built-in short links (the summary's
 * clicks for all entities), kept by triggers on short_link_clicks and short_links.
 */
export const analyticsClicks = pgTable(
  'analytics_clicks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
