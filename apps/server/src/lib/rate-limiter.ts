import { AppError } from '../errors.js';
import { AUTH_MESSAGES } from '@cadence/shared';
import type { Clock } from './clock.js';

export interface RateLimit {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in memory. Each web process counts on its own, which is enough to
 * stop guessing and mail bombing from one address; the OTP attempt limit and resend lock
 * live in the database and hold across processes.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: Clock) {}

  /** Counts one hit on `key`; throws a 429 AppError once the limit is passed. */
  hit(key: string, limit: RateLimit) {
    const now = this.clock().getTime();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + limit.windowSeconds * 1000 };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.count += 1;
    if (window.count > limit.max) {
      const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw AppError.tooManyRequests(
        AUTH_MESSAGES.tooManyAttempts(seconds),
        seconds,
        'RATE_LIMITED',
      );
    }
  }

  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
