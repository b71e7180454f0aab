import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { RateLimiter } from './rate-limiter.js';

describe('rate limiter', () => {
  it('allows the limit, refuses the next hit with the wait, and resets after the window', () => {
    let now = 0;
    const limiter = new RateLimiter(() => new Date(now));
    const limit = { max: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) limiter.hit('k', limit);
    now = 15_000;
    try {
      limiter.hit('k', limit);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(429);
      expect((error as AppError).headers['retry-after']).toBe('45');
    }
    limiter.hit('other', limit);
    now = 60_000;
    expect(() => limiter.hit('k', limit)).not.toThrow();
  });
});
