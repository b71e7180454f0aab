import { describe, expect, it } from 'vitest';
import { baseIntervalMs, MAX_BACKOFF, nextBackoff, nextReadAt } from './schedule.js';

const HOUR = 3_600_000;
const published = new Date('2026-11-01T00:00:00Z');
const at = (hours: number) => new Date(published.getTime() + hours * HOUR);

describe('the metric reads by age', () => {
  it('reads hourly to 6 h, 3-hourly to 24 h, 12-hourly to 3 days, daily to 7, weekly to 30, then never', () => {
    expect(
      [0, 5.9, 6, 23.9, 24, 71, 72, 167, 168, 719, 720].map((hours) =>
        baseIntervalMs(hours * HOUR),
      ),
    ).toEqual([
      HOUR,
      HOUR,
      3 * HOUR,
      3 * HOUR,
      12 * HOUR,
      12 * HOUR,
      24 * HOUR,
      24 * HOUR,
      168 * HOUR,
      168 * HOUR,
      null,
    ]);
  });

  it('doubles on unchanged numbers up to eight times, and starts over on a change', () => {
    expect([1, 2, 4, 8].map((backoff) => nextBackoff(backoff, false))).toEqual([
      2,
      4,
      8,
      MAX_BACKOFF,
    ]);
    expect(nextBackoff(8, true)).toBe(1);
  });

  it('never reads past 30 days, and scales the whole schedule', () => {
    expect(nextReadAt(published, at(672), 1, 1)).toBeNull(); // 28 d + a week > 30 d
    expect(nextReadAt(published, at(504), 1, 1)).toEqual(at(672));
    expect(nextReadAt(published, at(2), 4, 1)).toEqual(at(6));
    // At 0.01, 30 days pass in 7.2 hours: a 2-hour-old post is 200 "hours" old (weekly).
    expect(nextReadAt(published, at(2), 1, 0.01)).toEqual(at(2 + 1.68));
    expect(nextReadAt(published, at(7.2), 1, 0.01)).toBeNull();
  });
});
