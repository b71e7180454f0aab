/**
 * When a published post's numbers are read, by its age (so the cost stays flat as posts
 * accumulate): hourly in its first 6 hours, every 3 hours to 24 hours, every 12 hours to 3
 * days, daily to 7 days, weekly to 30 days, then never. A read whose numbers did not change
 * doubles the interval (at most 8 times). `METRICS_POLL_SCALE` multiplies every interval and
 * every age step alike (the whole schedule runs that much slower or faster: at 0.001 a post's
 * 30 days pass in 43 minutes, for tests and the demo).
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const METRICS_MAX_AGE_MS = 30 * DAY_MS;
export const MAX_BACKOFF = 8;

/** [age below which, interval] in order. */
const STEPS: ReadonlyArray<readonly [number, number]> = [
  [6 * HOUR_MS, HOUR_MS],
  [DAY_MS, 3 * HOUR_MS],
  [3 * DAY_MS, 12 * HOUR_MS],
  [7 * DAY_MS, DAY_MS],
  [METRICS_MAX_AGE_MS, 7 * DAY_MS],
];

/** The interval for a post this old (ms), or null when it is no longer read. */
export function baseIntervalMs(ageMs: number): number | null {
  for (const [below, interval] of STEPS) if (ageMs < below) return interval;
  return null;
}

/** The backoff after a read: doubled when nothing changed (capped), back to 1 when something did. */
export function nextBackoff(backoff: number, changed: boolean): number {
  return changed ? 1 : Math.min(MAX_BACKOFF, Math.max(1, backoff) * 2);
}

/** The age past which a post is no longer read, at this scale. */
export const maxAgeMs = (scale: number) => METRICS_MAX_AGE_MS * scale;

/** When to read next after a read at `now`; null when the post will be too old by then. */
export function nextReadAt(
  publishedAt: Date,
  now: Date,
  backoff: number,
  scale: number,
): Date | null {
  const age = now.getTime() - publishedAt.getTime();
  const interval = baseIntervalMs(age / scale);
  if (interval === null) return null;
  const next = now.getTime() + interval * backoff * scale;
  if (next - publishedAt.getTime() > maxAgeMs(scale)) return null;
  return new Date(next);
}

/** A post's first read: an hour (scaled) after it was published (or at once, if later). */
export const FIRST_READ_AFTER_MS = HOUR_MS;
