import { API_CALLS_KEPT_DAYS, API_TRAFFIC_MESSAGES, type ApiCallList } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AttemptLimiter } from '../../lib/attempt-limiter.js';
import type { Clock } from '../../lib/clock.js';
import type { EntityAccess } from '../../lib/entity-scope.js';
import { createIdempotency } from './idempotency.js';
import * as repo from './api-traffic.repository.js';

export interface PublicApiLimits {
  readsPerMinute: number;
  writesPerMinute: number;
}

export interface ApiTrafficDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The database's attempt counters: one window per key and kind, shared by every process. */
  attempts: AttemptLimiter;
  limits: PublicApiLimits;
}

/** Where a key stands in its window, for the RateLimit-* headers. */
export interface RateStanding {
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

const WINDOW_SECONDS = 60;

/**
 * What every public API route shares, whatever it does: the per-key rate limits, the
 * `Idempotency-Key` store and the call log (Settings > Developer Info).
 */
export function createApiTrafficService(deps: ApiTrafficDeps) {
  const { db, clock, limits } = deps;
  return {
    idempotency: createIdempotency({ db, clock }),

    /**
     * Counts one call of the key (reads and writes in their own windows) and answers where
     * it stands, with the 429 to answer when it is over the limit.
     */
    async countCall(
      apiKeyId: string,
      isRead: boolean,
    ): Promise<{ standing: RateStanding; refusal?: AppError }> {
      const limit = isRead ? limits.readsPerMinute : limits.writesPerMinute;
      const kind = isRead ? 'read' : 'write';
      const { count, resetAt } = await deps.attempts.count(`api-${kind}:${apiKeyId}`, {
        max: limit,
        windowSeconds: WINDOW_SECONDS,
      });
      const resetSeconds = Math.max(1, Math.ceil((resetAt.getTime() - clock().getTime()) / 1000));
      const standing = { limit, remaining: Math.max(0, limit - count), resetSeconds };
      if (count <= limit) return { standing };
      return {
        standing,
        refusal: AppError.tooManyRequests(
          API_TRAFFIC_MESSAGES.rateLimited(kind, limit, resetSeconds),
          resetSeconds,
          'RATE_LIMITED',
        ),
      };
    },

    /** Writes one call to the log; a failure is logged, never the caller's problem. */
    async recordCall(call: {
      userId: string;
      apiKeyId: string;
      method: string;
      route: string;
      status: number;
      durationMs: number;
    }) {
      try {
        await repo.insertApiCall(db, { ...call, createdAt: clock() });
      } catch (error) {
        deps.logger.warn({ err: error, route: call.route }, 'could not log an API call');
      }
    },

    /** The calls of the keys that exist for the person asking (`access`: their entities). */
    async listCalls(
      userId: string,
      page: { page: number; limit: number },
      access?: EntityAccess,
    ): Promise<ApiCallList> {
      const { rows, total } = await repo.listApiCalls(db, userId, page, access);
      return {
        rows: rows.map(({ call, keyName, keyPrefix }) => ({
          id: call.id,
          key_name: keyName,
          key_prefix: keyPrefix,
          method: call.method,
          route: call.route,
          status: call.status,
          duration_ms: call.durationMs,
          created_at: call.createdAt.toISOString(),
        })),
        count: total.count,
        count_is_exact: total.isExact,
        page: page.page,
        limit: page.limit,
      };
    },

    /** Recurring work: idempotency keys past their 24 hours, calls past 30 days. */
    async sweep() {
      const now = clock();
      const keys = await repo.deleteExpiredIdempotencyKeys(db, now);
      const calls = await repo.deleteApiCallsBefore(
        db,
        new Date(now.getTime() - API_CALLS_KEPT_DAYS * 86_400_000),
      );
      return { keys, calls };
    },
  };
}

export type ApiTrafficService = ReturnType<typeof createApiTrafficService>;
