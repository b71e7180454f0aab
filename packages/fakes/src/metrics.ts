import { createHash } from 'node:crypto';

/**
 * The numbers the network stand-ins answer their metric reads with: they grow with the post's
 * age and then level off, the same for the same post id and age, so tests can assert them and
 * the demo has something to show. A post's age counts from when the stand-in's metrics clock
 * first saw it (its creation), so a test that moves a clock moves the numbers.
 *
 * The read contracts each stand-in serves (what the adapters rely on) are written in
 * docs/fake-metric-reads.md.
 */
export interface FakeMetricCounts {
  impressions: number;
  likes: number;
  replies: number;
  reposts: number;
  quotes: number;
  saves: number;
  reach: number;
}

const HOUR_MS = 3_600_000;

/** 0 <= value < 1, the same for the same id and salt. */
function unit(id: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${id}`).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * A post's counts `elapsedMs` after it was made: each count is its ceiling (drawn from the id)
 * times 1 - e^(-hours / 24), floored, and impressions also grow by one each whole hour, so a
 * post keeps being seen for its 30 days. They never shrink. (Numbers that stay the same are
 * what a stand-in whose metrics clock stands still answers.)
 */
export function fakeMetricCounts(id: string, elapsedMs: number): FakeMetricCounts {
  const hours = Math.max(0, elapsedMs) / HOUR_MS;
  const grown = 1 - Math.exp(-hours / 24);
  const count = (salt: string, low: number, high: number) =>
    Math.floor((low + unit(id, salt) * (high - low)) * grown);
  return {
    impressions: count('impressions', 400, 4000) + Math.floor(hours),
    reach: count('reach', 300, 3000),
    likes: count('likes', 10, 200),
    replies: count('replies', 1, 30),
    reposts: count('reposts', 1, 40),
    quotes: count('quotes', 0, 10),
    saves: count('saves', 0, 20),
  };
}

/** An account's followers `atMs` (ms since the epoch): a base from its id, a few more each day. */
export function fakeFollowerCount(accountId: string, atMs: number): number {
  const base = 100 + Math.floor(unit(accountId, 'followers') * 5000);
  const perDay = 1 + Math.floor(unit(accountId, 'per-day') * 20);
  return base + Math.floor((Math.max(0, atMs) / (24 * HOUR_MS)) % 3650) * perDay;
}

/**
 * What one stand-in keeps for metric reads: when each post was first seen by the metrics clock,
 * and which posts were deleted on the network (their reads answer "not found").
 */
export function createFakeMetrics() {
  let now = () => Date.now();
  const born = new Map<string, number>();
  const deleted = new Set<string>();
  return {
    /** Called when the stand-in makes a post. */
    made(id: string) {
      if (!born.has(id)) born.set(id, now());
    },
    /** The post's counts now, or undefined when it does not exist (or was deleted). */
    countsOf(id: string): FakeMetricCounts | undefined {
      if (deleted.has(id)) return undefined;
      const start = born.get(id);
      return start === undefined ? undefined : fakeMetricCounts(id, now() - start);
    },
    followersOf: (accountId: string) => fakeFollowerCount(accountId, now()),
    /** The clock metric numbers grow by (tests pass their controlled clock; default: real time). */
    useClock(clock: () => number) {
      now = clock;
    },
    /** The post was deleted on the network: it is gone from metric reads. */
    delete(id: string) {
      deleted.add(id);
    },
    isDeleted: (id: string) => deleted.has(id),
  };
}
export type FakeMetrics = ReturnType<typeof createFakeMetrics>;
