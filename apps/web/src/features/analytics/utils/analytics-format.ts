import type { AnalyticsTotal } from '@cadence/shared';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A count as people read it: 12,345. */
export function formatCount(value: number): string {
  return whole.format(value);
}

/** An average (engagement per post): at most one decimal, 12.5. */
export function formatAverage(value: number): string {
  return oneDecimal.format(value);
}

/** A count the network may not give (impressions on LinkedIn or Bluesky): '—' for none. */
export function formatOptionalCount(value: number | null): string {
  return value === null ? '—' : formatCount(value);
}

/** The totals in the order the screen shows them, with their labels. */
export const TOTAL_LABELS: ReadonlyArray<readonly [AnalyticsTotal, string]> = [
  ['posts_published', 'Posts published'],
  ['impressions', 'Impressions'],
  ['engagements', 'Engagements'],
  ['clicks', 'Link clicks'],
  ['followers_gained', 'Followers gained'],
];

/** The summary's weekdays (0 Sunday ... 6 Saturday), shown Monday first. */
export const WEEKDAYS = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [0, 'Sunday'],
] as const;

export function weekdayName(weekday: number): string {
  return WEEKDAYS.find(([number]) => number === weekday)?.[1] ?? '';
}

/** An hour of the day on a 12-hour clock: 0 → '12 AM', 13 → '1 PM'. */
export function formatHour(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`;
}
