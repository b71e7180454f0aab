import {
  BEST_HOURS_MIN_POSTS,
  POST_MESSAGES,
  type AnalyticsRangeQuery,
  type AnalyticsSummary,
  type PostMetrics,
} from '@cadence/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { ALL_ENTITIES, entityVisible, type EntityAccess } from '../../lib/entity-scope.js';
import * as repo from './analytics.repository.js';

const HOUR_MS = 3_600_000;
/** The period's publications the summary lists as its top posts. */
const TOP_POSTS_LIMIT = 10;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment's date ('yyyy-MM-dd') in `timeZone` (one formatter per zone: a new one costs). */
function localDate(at: number, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

export interface AnalyticsServiceDeps {
  db: Db;
  savedTimeZone: (userId: string) => Promise<string>;
  ownsCompany: (userId: string, companyId: string) => Promise<boolean>;
}

const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

/** A CSV cell: quoted, and a leading = + - @ made inert so a spreadsheet never runs it. */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
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

  /** One entity's numbers, or every entity that exists for the person asking. */
  async function scopeOf(
    userId: string,
    companyId: string | undefined,
    access: EntityAccess = ALL_ENTITIES,
  ): Promise<repo.Scope> {
    if (
      companyId &&
      (!entityVisible(access, companyId) || !(await deps.ownsCompany(userId, companyId)))
    ) {
      throw AppError.notFound(POST_MESSAGES.entityNotFound, 'COMPANY_NOT_FOUND');
    }
    return { userId, companyId, entityIds: access.entityIds };
  }

  return {
    async summary(
      userId: string,
      query: AnalyticsRangeQuery,
      access?: EntityAccess,
    ): Promise<AnalyticsSummary> {
      const scope = await scopeOf(userId, query.company_id, access);
      const from = new Date(query.from);
      const to = new Date(query.to);
      const before = new Date(from.getTime() - (to.getTime() - from.getTime()));
      const timeZone = await deps.savedTimeZone(userId);
      await repo.ensureRollup(db, userId, timeZone);
      const [current, previous, clicks, clicksBefore, gained, gainedBefore, extras, top] =
        await Promise.all([
          repo.periodFigures(db, scope, from, to, timeZone, true),
          repo.periodFigures(db, scope, before, from, timeZone, false),
          repo.clicksByDay(db, scope, from, to),
          repo.clicksByDay(db, scope, before, from),
          repo.followersGained(db, scope, from, to),
          repo.followersGained(db, scope, before, from),
          repo.networkExtras(db, scope, from, to),
          repo.topPosts(db, scope, from, to, TOP_POSTS_LIMIT),
        ]);
      const hours = current.hours;
      const sum = (days: Array<{ clicks: number }>) =>
        days.reduce((total, day) => total + day.clicks, 0);
      const published = current.days;
      const clicksOn = new Map(clicks.map((row) => [row.day, row.clicks]));
      // The period's days in the saved time zone (clicks are kept per UTC day, shown on the
      // date of the same name).
      const dates = new Set<string>();
      for (let at = from.getTime(); at < to.getTime(); at += HOUR_MS) {
        dates.add(localDate(at, timeZone));
      }
      dates.add(localDate(to.getTime() - 1, timeZone));
      const days: AnalyticsSummary['series'] = [...dates].sort().map((date) => {
        const row = published.get(date);
        return {
          date,
          posts_published: row?.posts_published ?? 0,
          impressions: row?.impressions ?? 0,
          engagements: row?.engagements ?? 0,
          clicks: clicksOn.get(date) ?? 0,
        };
      });
      const postsForHours = hours.reduce((total, cell) => total + cell.posts, 0);
      const needed = Math.max(0, BEST_HOURS_MIN_POSTS - postsForHours);
      return {
        ...current.totals,
        clicks: sum(clicks),
        followers_gained: gained,
        previous: { ...previous.totals, clicks: sum(clicksBefore), followers_gained: gainedBefore },
        series: days,
        by_network: current.networks.map((row) => ({
          network: row.network,
          posts_published: row.posts_published,
          impressions: row.impressions,
          engagements: row.engagements,
          clicks: extras.clicks.get(row.network) ?? 0,
          followers: extras.followers.get(row.network) ?? null,
        })),
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
          needed,
          cells:
            needed > 0
              ? []
              : hours.map((cell) => ({
                  weekday: cell.weekday,
                  hour: cell.hour,
                  posts: cell.posts,
                  average_engagement: Math.round((cell.engagements / cell.posts) * 100) / 100,
                })),
        },
      };
    },

    /** The period's publications as CSV (a header line, then one line each, newest first). */
    async exportCsv(
      userId: string,
      query: AnalyticsRangeQuery,
      access?: EntityAccess,
    ): Promise<string> {
      const scope = await scopeOf(userId, query.company_id, access);
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
    async postMetrics(userId: string, postId: string, access?: EntityAccess): Promise<PostMetrics> {
      if (!(await repo.postExists(db, { userId, entityIds: access?.entityIds ?? null }, postId))) {
        throw AppError.notFound(POST_MESSAGES.notFound, 'POST_NOT_FOUND');
      }
      const rows = await repo.postPublications(db, userId, postId);
      return {
        publications: rows.map((row) => ({
          id: row.id,
          network: row.network,
          read_at: iso(row.read_at),
          // Not read yet: read_at null and nothing counted.
          likes: Number(row.likes ?? 0),
          comments: Number(row.comments ?? 0),
          shares: Number(row.shares ?? 0),
          impressions: row.impressions === null ? null : Number(row.impressions),
          clicks: Number(row.clicks ?? 0),
          raw:
            (typeof row.raw === 'string'
              ? (JSON.parse(row.raw) as Record<string, number>)
              : row.raw) ?? {},
        })),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
