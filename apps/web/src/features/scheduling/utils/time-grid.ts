import { CALENDAR_SNAP_MINUTES, wallClockAt } from '@cadence/shared';
import { dayRange, formatDateKey, zonedDateTimeToIso } from '../../../lib/zoned-time';

/*
 * The arithmetic of the week and day views: which days they show, where an occurrence sits
 * (minutes into its day, in the calendar's zone) and the instant a drop means. Instants are
 * read and made with the shared time-zone module, as the server's recurrences are.
 */

export type CalendarView = 'month' | 'week' | 'day';

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** The key of the day `offset` days after `key` ('yyyy-MM-dd', calendar days). */
export function addDays(key: string, offset: number): string {
  const [year = 1970, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The days a view shows around `anchor`: its week from Sunday, or the day itself. */
export function viewDays(view: Exclude<CalendarView, 'month'>, anchor: string): string[] {
  if (view === 'day') return [anchor];
  const [year = 1970, month = 1, day = 1] = anchor.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return Array.from({ length: 7 }, (_, index) => addDays(anchor, index - weekday));
}

/** The instants [from, to) the days cover in `zone`, for the occurrences request. */
export function rangeOfDays(days: readonly string[], zone: string): { from: string; to: string } {
  const first = dayRange(days[0] ?? '', zone);
  const last = dayRange(days[days.length - 1] ?? '', zone);
  if (first === null || last === null) throw new Error('Invalid days');
  return { from: first.from, to: new Date(Date.parse(last.to) + 1).toISOString() };
}

/** The day ('yyyy-MM-dd') and minutes after midnight an instant shows in `zone`. */
export function placeOf(instant: string | number, zone: string): { day: string; minutes: number } {
  const wall = wallClockAt(typeof instant === 'string' ? Date.parse(instant) : instant, zone);
  return {
    day: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`,
    minutes: wall.hour * 60 + wall.minute,
  };
}

/** Minutes rounded to the nearest snap step, kept within the day. */
export function snapMinutes(minutes: number, step = CALENDAR_SNAP_MINUTES): number {
  const snapped = Math.round(minutes / step) * step;
  return Math.min(Math.max(snapped, 0), 24 * 60 - step);
}

/** 'HH:mm' of minutes after midnight. */
export function timeOfMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The instant (ISO, UTC) the wall clock `day` at `minutes` means in `zone`; a time the zone
 * skips moves forward by the gap, a repeated one is its first (the shared rule).
 */
export function instantAt(day: string, minutes: number, zone: string): string | null {
  const iso = zonedDateTimeToIso(day, timeOfMinutes(minutes), zone);
  return iso === null ? null : new Date(iso).toISOString();
}

/** Where a month-view drop lands: the new day at the occurrence's own time of day. */
export function sameTimeOnDay(instant: string, day: string, zone: string): string | null {
  return instantAt(day, placeOf(instant, zone).minutes, zone);
}

/** 'Sun' and '7' over a week column. */
export function columnLabel(day: string): { weekday: string; date: string } {
  return { weekday: formatDateKey(day, 'EEEE').slice(0, 3), date: formatDateKey(day, 'd') };
}

/** The view's title: 'Nov 22 – 28, 2026', 'Nov 29 – Dec 5, 2026' or 'Sunday, Nov 22, 2026'. */
export function viewTitle(days: readonly string[]): string {
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? '';
  if (days.length === 1) return formatDateKey(first, 'EEEE, MMM d, yyyy');
  const end = formatDateKey(
    last,
    first.slice(0, 7) === last.slice(0, 7) ? 'd, yyyy' : 'MMM d, yyyy',
  );
  return `${formatDateKey(first, 'MMM d')} – ${end}`;
}

/** 'h AM' labels of the hours down the side. */
export function hourLabel(hour: number): string {
  const shown = hour % 12 === 0 ? 12 : hour % 12;
  return `${shown} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * Side-by-side lanes for occurrences shown `span` minutes tall: each gets a lane and the lane
 * count of its cluster (those that overlap one another, directly or through others).
 */
export function layoutLanes<T extends { minutes: number }>(
  items: readonly T[],
  span: number,
): Array<T & { lane: number; lanes: number }> {
  const sorted = [...items].sort((a, b) => a.minutes - b.minutes);
  const placed: Array<T & { lane: number; lanes: number }> = [];
  let cluster: Array<T & { lane: number; lanes: number }> = [];
  let clusterEnd = -1;
  const closeCluster = () => {
    const lanes = Math.max(1, ...cluster.map((item) => item.lane + 1));
    for (const item of cluster) item.lanes = lanes;
    cluster = [];
  };
  for (const item of sorted) {
    if (item.minutes >= clusterEnd) closeCluster();
    const laneEnds = new Map<number, number>();
    for (const other of cluster)
      laneEnds.set(other.lane, Math.max(laneEnds.get(other.lane) ?? -1, other.minutes + span));
    let lane = 0;
    while ((laneEnds.get(lane) ?? -1) > item.minutes) lane += 1;
    const entry = { ...item, lane, lanes: 1 };
    cluster.push(entry);
    placed.push(entry);
    clusterEnd = Math.max(clusterEnd, item.minutes + span);
  }
  closeCluster();
  return placed;
}
