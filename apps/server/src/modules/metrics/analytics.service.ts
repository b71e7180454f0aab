import {
  BEST_HOURS_LOOKBACK_DAYS,
  BEST_HOURS_MIN_POSTS,
  POST_MESSAGES,
  TOP_POSTS_LIMIT,
  type AnalyticsQuery,
  type AnalyticsSummary,
  type PostMetrics,
} from '@cadence/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as repo from './analytics.repository.js';

const DAY_MS = 86_400_000;

export interface AnalyticsServiceDeps {
  db: Db;
  savedTimeZone: (userId: string) => Promise<string>;
  ownsCompany: (userId: string, companyId: string) => Promise<boolean>;
}

const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

/** A CSV cell: quoted, and a leading = + - @ made inert so a spreadsheet never runs it. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The Analytics screen's numbers, each publication counted by its latest read: totals of the
 * posts published in the period and the period before it, a series per UTC day, a table per
 * network, the top posts and the best hours to post.
 */
export function createAnalyticsService(deps: AnalyticsServiceDeps) {
  const { db } = deps;

  async function scopeOf(userId: string, companyId: string | undefined): Promise<repo.Scope> {
    if (companyId && !(await deps.ownsCompany(userId, companyId))) {
      throw AppError.notFound(POST_MESSAGES.entityNotFound, 'COMPANY_NOT_FOUND');
    }
    return { userId, companyId };
  }

  return {
    async summary(userId: string, query: AnalyticsQuery): Promise<AnalyticsSummary> {
      const scope = await scopeOf(userId, query.company_id);
      const from = new Date(query.from);
      const to = new Date(query.to);
      const before = new Date(from.getTime() - (to.getTime() - from.getTime()));
      const bestFrom = new Date(to.getTime() - BEST_HOURS_LOOKBACK_DAYS * DAY_MS);
      const timeZone = await deps.savedTimeZone(userId);
      const [current, previous, series, byNetwork, top, hours] = await Promise.all([
        repo.totals(db, scope, from, to),
        repo.totals(db, scope, before, from),
        repo.dailySeries(db, scope, from, to),
        repo.byNetwork(db, scope, from, to),
        repo.topPosts(db, scope, from, to, TOP_POSTS_LIMIT),
        repo.bestHours(db, scope, bestFrom, to, timeZone),
      ]);
      const published = new Map(series.published.map((row) => [row.day, row]));
      const clicks = new Map(series.clicks.map((row) => [row.day, Number(row.clicks ?? 0)]));
      const days: AnalyticsSummary['series'] = [];
      const firstDay = Date.parse(`${from.toISOString().slice(0, 10)}T00:00:00Z`);
      for (let day = firstDay; day < to.getTime(); day += DAY_MS) {
        const date = new Date(day).toISOString().slice(0, 10);
        const row = published.get(date);
        days.push({
          date,
          posts_published: Number(row?.posts_published ?? 0),
          impressions: Number(row?.impressions ?? 0),
          engagements: Number(row?.engagements ?? 0),
          clicks: clicks.get(date) ?? 0,
        });
      }
      const postsForHours = hours.reduce((total, cell) => total + cell.posts, 0);
      const needed = Math.max(0, BEST_HOURS_MIN_POSTS - postsForHours);
      return {
        ...current,
        previous,
        series: days,
        by_network: byNetwork,
        top_posts: top.map((row) => ({
          publication_id: row.publication_id,
          post_id: row.post_id,
          network: row.network,
          url: row.external_url,
          content: row.content,
          published_at: iso(row.published_at)!,
          likes: Number(row.likes),
          comments: Number(row.comments),
          shares: Number(row.shares),
          impressions: row.impressions === null ? null : Number(row.impressions),
          engagements: Number(row.engagements),
        })),
        best_hours: {
          time_zone: timeZone,
          posts: postsForHours,
          needed,
          cells:
            needed > 0
              ? []
              : hours.map((cell) => ({
                  weekday: cell.weekday,
                  hour: cell.hour,
                  posts: cell.posts,
                  average_engagements: Math.round((cell.engagements / cell.posts) * 100) / 100,
                })),
        },
      };
    },

    /** The period's publications as CSV (a header line, then one line each, newest first). */
    async exportCsv(userId: string, query: AnalyticsQuery): Promise<string> {
      const scope = await scopeOf(userId, query.company_id);
      const rows = await repo.periodRows(db, scope, new Date(query.from), new Date(query.to));
      const header = [
        'published_at',
        'network',
        'post_id',
        'publication_id',
        'url',
        'content',
        'likes',
        'comments',
        'shares',
        'impressions',
        'engagements',
        'clicks',
        'read_at',
      ];
      const lines = rows.map((row) =>
        [
          iso(row.published_at),
          row.network,
          row.post_id,
          row.publication_id,
          row.external_url,
          row.content,
          row.likes,
          row.comments,
          row.shares,
          row.impressions,
          row.engagements,
          Number(row.clicks ?? 0),
          iso(row.read_at),
        ]
          .map(cell)
          .join(','),
      );
      return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
    },

    /** The post's publications with their latest numbers; 404 when the post is not the customer's. */
    async postMetrics(userId: string, postId: string): Promise<PostMetrics> {
      if (!(await repo.postExists(db, userId, postId))) {
        throw AppError.notFound(POST_MESSAGES.notFound, 'POST_NOT_FOUND');
      }
      const rows = await repo.postPublications(db, userId, postId);
      return {
        publications: rows.map((row) => ({
          id: row.id,
          network: row.network,
          read_at: iso(row.read_at),
          likes: row.read_at === null ? null : Number(row.likes),
          comments: row.read_at === null ? null : Number(row.comments),
          shares: row.read_at === null ? null : Number(row.shares),
          impressions: row.impressions === null ? null : Number(row.impressions),
          clicks: Number(row.clicks ?? 0),
          raw: (typeof row.raw === 'string' ? (JSON.parse(row.raw) as unknown) : row.raw) ?? {},
        })),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
