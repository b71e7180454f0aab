import { z } from 'zod/mini';
import { NETWORK_IDS } from './networks.js';
import { PostListQuerySchema } from './posts.js';

/** The longest period the Analytics screen asks for at once (its choices are 7, 30 and 90 days). */
export const ANALYTICS_MAX_PERIOD_DAYS = 366;
/** The periods the screen offers, in days. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_DEFAULT_PERIOD: AnalyticsPeriod = 30;

export const ANALYTICS_MESSAGES = {
  exportFailed: 'Could not export the analytics. Try again.',
  metricsFailed: 'Could not load this post’s numbers.',
} as const;
/** Published posts the best-hours grid needs before it means anything. */
export const BEST_HOURS_MIN_POSTS = 20;
/** The best-hours grid looks at the posts published in this many days up to the period's end. */
export const BEST_HOURS_LOOKBACK_DAYS = 90;
export const TOP_POSTS_LIMIT = 10;

const dateTime = (name: string) =>
  z.iso.datetime({
    offset: true,
    error: `${name} must be an ISO date-time, like 2026-11-01T00:00:00Z`,
  });

/** `GET /api/analytics/summary` and its CSV export: an entity (or all) and a period [from, to). */
export const AnalyticsQuerySchema = z
  .object({
    company_id: z.optional(z.uuid({ error: 'Entity not found' })),
    from: dateTime('from'),
    to: dateTime('to'),
  })
  .check(
    z.refine((query) => Date.parse(query.from) < Date.parse(query.to), {
      error: 'from must be before to',
      path: ['to'],
    }),
    z.refine(
      (query) =>
        Date.parse(query.to) - Date.parse(query.from) <= ANALYTICS_MAX_PERIOD_DAYS * 86_400_000,
      { error: `The period can be at most ${ANALYTICS_MAX_PERIOD_DAYS} days`, path: ['to'] },
    ),
  );
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

const NetworkSchema = z.enum(NETWORK_IDS);

/** The period's totals (engagements are likes + comments + shares; clicks stand apart). */
export const AnalyticsTotalsSchema = z.object({
  posts_published: z.number(),
  impressions: z.number(),
  engagements: z.number(),
  clicks: z.number(),
  followers_gained: z.number(),
});
export type AnalyticsTotals = z.infer<typeof AnalyticsTotalsSchema>;
export type AnalyticsTotal = keyof AnalyticsTotals;

export const AnalyticsSummarySchema = z.object({
  ...AnalyticsTotalsSchema.shape,
  previous: AnalyticsTotalsSchema,
  /** One entry per UTC day of the period, oldest first. */
  series: z.array(
    z.object({
      date: z.string(),
      posts_published: z.number(),
      impressions: z.number(),
      engagements: z.number(),
      clicks: z.number(),
    }),
  ),
  by_network: z.array(
    z.object({
      network: NetworkSchema,
      posts_published: z.number(),
      impressions: z.number(),
      likes: z.number(),
      comments: z.number(),
      shares: z.number(),
      engagements: z.number(),
    }),
  ),
  /** The period's publications with the most engagements, most first. */
  top_posts: z.array(
    z.object({
      publication_id: z.string(),
      post_id: z.string(),
      network: NetworkSchema,
      /** The post on the network (null when the network gave no address). */
      url: z.nullable(z.string()),
      content: z.string(),
      published_at: z.string(),
      likes: z.number(),
      comments: z.number(),
      shares: z.number(),
      impressions: z.nullable(z.number()),
      engagements: z.number(),
    }),
  ),
  /**
   * Average engagements per post by weekday (1 Monday ... 7 Sunday) and hour (0-23) in the
   * customer's saved time zone, over the posts published in the 90 days up to `to`. `needed`
   * is how many more published posts the grid needs (0 once there are 20); `cells` is empty
   * until then and lists only the weekday-hours that had posts.
   */
  best_hours: z.object({
    time_zone: z.string(),
    posts: z.number(),
    needed: z.number(),
    cells: z.array(
      z.object({
        weekday: z.number(),
        hour: z.number(),
        posts: z.number(),
        average_engagements: z.number(),
      }),
    ),
  }),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

/** One publication's latest numbers (`GET /api/customer/post/:id/metrics`, `/api/v1/posts/:id/metrics`). */
export const PublicationMetricsSchema = z.object({
  id: z.string(),
  network: NetworkSchema,
  /** When the numbers were read; null until the first read. */
  read_at: z.nullable(z.string()),
  likes: z.nullable(z.number()),
  comments: z.nullable(z.number()),
  shares: z.nullable(z.number()),
  impressions: z.nullable(z.number()),
  /** Clicks on the post's built-in short link (the same for each of the post's publications). */
  clicks: z.number(),
  /**
   * The numbers of the last read by the network's own names ({ retweet_count: 41, ... }).
   * Not checked here: z.record would add 0.5 KB to the zod chunk every web page loads;
   * `rawNumbersOf` reads it.
   */
  raw: z.unknown(),
});
export type PublicationMetrics = z.infer<typeof PublicationMetricsSchema>;
export const PostMetricsSchema = z.object({ publications: z.array(PublicationMetricsSchema) });
export type PostMetrics = z.infer<typeof PostMetricsSchema>;

type AnalyticsSummaryOf<K extends keyof AnalyticsSummary> = AnalyticsSummary[K];
export type AnalyticsSeriesPoint = AnalyticsSummaryOf<'series'>[number];
export type AnalyticsNetworkRow = AnalyticsSummaryOf<'by_network'>[number];
export type AnalyticsTopPost = AnalyticsSummaryOf<'top_posts'>[number];
export type BestHoursCell = AnalyticsSummaryOf<'best_hours'>['cells'][number];

/** The numeric entries of a read's `raw`, by the network's names, in their order. */
export function rawNumbersOf(raw: unknown): Array<[string, number]> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  return Object.entries(raw).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
  );
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

/** How the Posts list is ordered: newest first (the default), or most engagements first. */
export const POST_LIST_SORTS = ['newest', 'engagement'] as const;
export type PostListSort = (typeof POST_LIST_SORTS)[number];

/**
 * The Posts list's query with its order. Here, not in posts.ts: every screen with posts loads
 * posts.ts's schemas, and this one only the server reads (the web sends `sort` as text).
 */
export const SortedPostListQuerySchema = z.extend(PostListQuerySchema, {
  /**
   * `engagement`: most likes + comments + shares first (each publication's latest numbers,
   * summed per post), then newest first.
   */
  sort: z.optional(
    z.enum(POST_LIST_SORTS, { error: `sort must be one of: ${POST_LIST_SORTS.join(', ')}` }),
  ),
});
