import { createHash } from 'node:crypto';
import { AUTH_MESSAGES } from '@cadence/shared';
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.js';
import { attemptCounters } from '../db/schema/system.js';
import { AppError } from '../errors.js';
import type { Clock } from './clock.js';
import type { RateLimit } from './rate-limiter.js';

/** How often (in hits) expired windows are swept away. */
const SWEEP_EVERY = 200;

export interface AttemptCheck {
  key: string;
  limit: RateLimit;
  /** The 429 to throw past the limit; by default the auth message 'Too many attempts'. */
  refusal?: (seconds: number) => AppError;
}

export interface AttemptTaken {
  /** The keys this attempt was counted on (for `refund`). */
  counted: AttemptCheck[];
  /** Seconds until the first full window ends, when a key was past its limit. */
  refusedFor?: number;
  /** The key that was past its limit. */
  refusedBy?: AttemptCheck;
}

export interface AttemptLimiter {
  /**
   * Counts one attempt on each key in order and throws a 429 AppError (with the wait) at
   * the first key past its limit; later keys are then not counted. Put the narrowest key
   * (the client) first: a client that is already refused adds nothing to wider windows,
   * such as one address's total, that other clients share.
   */
  hit(...checks: AttemptCheck[]): Promise<void>;
  /** As `hit`, but answers instead of throwing, for a caller that decides later. */
  take(...checks: AttemptCheck[]): Promise<AttemptTaken>;
  /**
   * Takes back one attempt from each key that `take` counted (a sign-in with the right
   * password is not a failure). A window that has ended since is left alone.
   */
  refund(taken: AttemptTaken): Promise<void>;
  /**
   * Counts one hit on `key` and answers the window as it stands (never throws): for a
   * caller that reports the count itself (the public API's RateLimit-* headers).
   */
  count(key: string, limit: RateLimit): Promise<{ count: number; resetAt: Date }>;
}

const defaultRefusal = (seconds: number) =>
  AppError.tooManyRequests(AUTH_MESSAGES.tooManyAttempts(seconds), seconds, 'RATE_LIMITED');

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * Fixed-window attempt counters in the database, so every web process shares them
 * (docs/decisions/020). One atomic upsert per key: a new window starts when the old one
 * has ended, else the count goes up by one.
 */
export function createAttemptLimiter(db: DbExecutor, clock: Clock): AttemptLimiter {
  let hits = 0;

  async function count(key: string, limit: RateLimit, now: Date) {
    const resetAt = new Date(now.getTime() + limit.windowSeconds * 1000);
    const expired = sql`${attemptCounters.resetAt} <= ${now.toISOString()}`;
    const [row] = await db
      .insert(attemptCounters)
      .values({ key: hashKey(key), count: 1, resetAt })
      .onConflictDoUpdate({
        target: attemptCounters.key,
        set: {
          count: sql`case when ${expired} then 1 else ${attemptCounters.count} + 1 end`,
          resetAt: sql`case when ${expired} then ${resetAt.toISOString()}::timestamptz else ${attemptCounters.resetAt} end`,
        },
      })
      .returning({ count: attemptCounters.count, resetAt: attemptCounters.resetAt });
    return row!;
  }

  async function sweepNow(now: Date) {
    hits += 1;
    if (hits % SWEEP_EVERY === 0) {
      await db.delete(attemptCounters).where(lt(attemptCounters.resetAt, now));
    }
  }

  async function take(...checks: AttemptCheck[]): Promise<AttemptTaken> {
    const now = clock();
    await sweepNow(now);
    const counted: AttemptCheck[] = [];
    for (const check of checks) {
      const row = await count(check.key, check.limit, now);
      counted.push(check);
      if (row.count <= check.limit.max) continue;
      const refusedFor = Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
      return { counted, refusedFor, refusedBy: check };
    }
    return { counted };
  }

  return {
    take,
    async count(key, limit) {
      const now = clock();
      await sweepNow(now);
      return count(key, limit, now);
    },
    async hit(...checks) {
      const { refusedFor, refusedBy } = await take(...checks);
      if (refusedFor === undefined) return;
      throw (refusedBy?.refusal ?? defaultRefusal)(refusedFor);
    },
    async refund({ counted }) {
      if (counted.length === 0) return;
      await db
        .update(attemptCounters)
        .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
        .where(
          and(
            inArray(
              attemptCounters.key,
              counted.map((check) => hashKey(check.key)),
            ),
            gt(attemptCounters.resetAt, clock()),
          ),
        );
    },
  };
}
