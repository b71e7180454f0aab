import { z } from 'zod/mini';
import { NETWORK_IDS } from './networks.js';
import { PostListQuerySchema } from './posts.js';

// ---- The Analytics screen and a post's numbers: what crosses HTTP ----------------------------
//
// Engagements are likes + comments + shares (shares: reposts plus quotes where a network has
// both). Link clicks come from the built-in shortener and stand apart from engagements.
// Impressions are null where a network does not give them (LinkedIn, Bluesky).

/**
 * The paths, relative to `/api`, of the Analytics screen and a post's numbers. Apart from
 * API_PATHS (which every page loads, routes.ts) to keep them out of the other screens' budgets.
 */
export const ANALYTICS_API_PATHS = {
  /** The period's numbers: `?company_id&from&to`. */
  summary: '/analytics/summary',
  /** The same period as a CSV file. */
  export: '/analytics/export.csv',
  /** Each publication's latest numbers and when they were read. */
  postMetrics: '/customer/post/:id/metrics',
} as const;

/** The periods the screen offers, in days. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_DEFAULT_PERIOD: AnalyticsPeriod = 30;

/** The best hours grid shows once this many posts are published in the period. */
export const BEST_HOURS_MIN_POSTS = 20;

/** The longest period one summary or export covers (a year and a day, for leap years). */
export const ANALYTICS_MAX_RANGE_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

export const ANALYTICS_MESSAGES = {
  fromInvalid: 'from must be an ISO date-time',
  toInvalid: 'to must be an ISO date-time',
  rangeOrder: 'from must be before to',
  rangeTooLong: `The period can be at most ${ANALYTICS_MAX_RANGE_DAYS} days`,
  entityNotFound: 'Entity not found',
  loadFailed: 'Failed to load analytics',
  exportFailed: 'Could not export the analytics. Try again.',
  metricsFailed: 'Could not load this post’s numbers.',
} as const;

/** `?company_id&from&to` of the summary and the CSV export; no company_id: every entity. */
export const AnalyticsRangeQuerySchema = z
  .object({
    company_id: z.optional(z.uuid({ error: ANALYTICS_MESSAGES.entityNotFound })),
    from: z.iso.datetime({ offset: true, error: ANALYTICS_MESSAGES.fromInvalid }),
    to: z.iso.datetime({ offset: true, error: ANALYTICS_MESSAGES.toInvalid }),
  })
  .check(
    z.refine((query) => Date.parse(query.from) < Date.parse(query.to), {
      message: ANALYTICS_MESSAGES.rangeOrder,
      path: ['from'],
    }),
    z.refine(
      (query) => Date.parse(query.to) - Date.parse(query.from) <= ANALYTICS_MAX_RANGE_DAYS * DAY_MS,
      { message: ANALYTICS_MESSAGES.rangeTooLong, path: ['to'] },
    ),
  );
export type AnalyticsRangeQuery = z.input<typeof AnalyticsRangeQuerySchema>;

const count = z.number().check(z.int(), z.gte(0));

/** The five totals of a period (followers gained may be negative: followers lost). */
export const AnalyticsTotalsSchema = z.object({
  posts_published: count,
  impressions: count,
  engagements: count,
  clicks: count,
  followers_gained: z.number().check(z.int()),
});
export type AnalyticsTotals = z.infer<typeof AnalyticsTotalsSchema>;
export type AnalyticsTotal = keyof AnalyticsTotals;

/** One day of the period: `date` is its 'yyyy-MM-dd' in the customer's saved time zone. */
export const AnalyticsSeriesPointSchema = z.object({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  posts_published: count,
  impressions: count,
  engagements: count,
  clicks: count,
});
export type AnalyticsSeriesPoint = z.infer<typeof AnalyticsSeriesPointSchema>;

/** One network's share of the period; `followers` is the latest count (null: never read). */
export const AnalyticsNetworkRowSchema = z.object({
  network: z.enum(NETWORK_IDS),
  posts_published: count,
  impressions: count,
  engagements: count,
  clicks: count,
  followers: z.nullable(count),
});
export type AnalyticsNetworkRow = z.infer<typeof AnalyticsNetworkRowSchema>;

/** A publication among the period's most engaging; `url` is the post on its network. */
export const AnalyticsTopPostSchema = z.object({
  post_id: z.string(),
  publication_id: z.string(),
  network: z.enum(NETWORK_IDS),
  content: z.string(),
  published_at: z.string(),
  url: z.nullable(z.string()),
  likes: count,
  comments: count,
  shares: count,
  impressions: z.nullable(count),
  engagements: count,
});
export type AnalyticsTopPost = z.infer<typeof AnalyticsTopPostSchema>;

/**
 * One weekday-and-hour slot of the saved time zone (weekday 0 is Sunday, hour 0-23) with
 * the posts published in it and their average engagement; slots without posts are left out.
 */
export const BestHoursCellSchema = z.object({
  weekday: z.number().check(z.int(), z.gte(0), z.lte(6)),
  hour: z.number().check(z.int(), z.gte(0), z.lte(23)),
  average_engagement: z.number().check(z.gte(0)),
  posts: count,
});
export type BestHoursCell = z.infer<typeof BestHoursCellSchema>;

export const AnalyticsSummarySchema = z.extend(AnalyticsTotalsSchema, {
  /** The same totals for the period of the same length just before. */
  previous: AnalyticsTotalsSchema,
  series: z.array(AnalyticsSeriesPointSchema),
  by_network: z.array(AnalyticsNetworkRowSchema),
  top_posts: z.array(AnalyticsTopPostSchema),
  best_hours: z.object({
    /** How many more published posts the grid needs (0: `cells` is the grid). */
    needed: count,
    cells: z.array(BestHoursCellSchema),
  }),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

/**
 * A publication's latest read; `read_at` null: not read yet. `raw` is the read's numbers by
 * the network's own names ({ retweet_count: 41, ... }); not checked here (z.record would add
 * 0.5 KB to the zod chunk every page loads): `rawNumbersOf` reads it.
 */
export const PublicationMetricsSchema = z.object({
  id: z.string(),
  network: z.enum(NETWORK_IDS),
  read_at: z.nullable(z.string()),
  likes: count,
  comments: count,
  shares: count,
  impressions: z.nullable(count),
  clicks: count,
  raw: z.unknown(),
});
export type PublicationMetrics = z.infer<typeof PublicationMetricsSchema>;

export const PostMetricsSchema = z.object({ publications: z.array(PublicationMetricsSchema) });
export type PostMetrics = z.infer<typeof PostMetricsSchema>;

/** The numeric entries of a read's `raw`, by the network's names, in their order. */
export function rawNumbersOf(raw: unknown): Array<[string, number]> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  return Object.entries(raw).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
  );
}

/** Likes + comments + shares: one rule for the summary, the post's view and the Posts sort. */
export function engagementsOf(numbers: { likes: number; comments: number; shares: number }) {
  return numbers.likes + numbers.comments + numbers.shares;
}

/**
 * The change from the previous period as a whole percentage, or null when there is nothing
 * to compare with (the previous period had none).
 */
export function periodChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}

// ---- The Posts list sorted by engagement ---------------------------------------------------

/**
 * The Posts list's orders: newest first (the default), or the most engagement first (likes +
 * comments + shares of its publications at their latest reads, `engagementsOf`).
 */
export const POST_SORTS = ['newest', 'engagement'] as const;
export type PostSort = (typeof POST_SORTS)[number];

/**
 * The Posts list's query with its `sort`. Here rather than in posts.ts, whose schemas every
 * screen with posts loads: the server's list route reads this one.
 */
export const SortedPostListQuerySchema = z.extend(PostListQuerySchema, {
  sort: z.optional(z.enum(POST_SORTS, { error: `sort must be one of: ${POST_SORTS.join(', ')}` })),
});
export type SortedPostListQuery = z.input<typeof SortedPostListQuerySchema>;
