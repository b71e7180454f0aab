import { instantOfWallClock, isKnownTimeZone, toZonedIso, wallClockAt } from '@cadence/shared';

export { isKnownTimeZone };

export const FALLBACK_TIME_ZONE = 'UTC';

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/*
 * Every date on a page asks for its zone (25 rows of the posts list, twice each), and each
 * answer built an Intl.DateTimeFormat: 100 ms of script in one /posts load at 4x CPU
 * slowdown, the largest item of its profile. Both answers are kept: the browser's zone for
 * the page's life, and whether a zone name is known for the few names a page sees (at most
 * 50, then asked again).
 */
const knownZones = new Map<string, boolean>();
const KNOWN_ZONES_MAX = 50;

function isKnownZoneCached(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    known = isKnownTimeZone(zone);
    if (knownZones.size < KNOWN_ZONES_MAX) knownZones.set(zone, known);
  }
  return known;
}

/** The zone the page works in: the saved one, else the browser's, else UTC. */
export function resolveTimeZone(saved: string | null | undefined, browser: string | undefined) {
  for (const zone of [saved, browser]) {
    if (zone !== null && zone !== undefined && zone.trim() !== '' && isKnownZoneCached(zone)) {
      return zone;
    }
  }
  return FALLBACK_TIME_ZONE;
}

let browserZone: { zone: string | undefined } | undefined;

export function browserTimeZone(): string | undefined {
  browserZone ??= { zone: readBrowserTimeZone() };
  return browserZone.zone;
}

function readBrowserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function parseDateKey(key: string): [number, number, number] | null {
  const match = DATE_KEY.exec(key);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Rejects 2025-02-30 and the like: the date must survive a round trip.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return [year, month, day];
}

/*
 * Zone arithmetic (shared with the server) is done with Intl and epoch milliseconds, not with a
 * Date subclass such as TZDate: fake clocks (Playwright's page.clock, used by e2e and the
 * screenshots) replace the global Date with a function that returns plain Dates, which
 * silently drops a subclass.
 */

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Midnight or a time of day on a calendar day, as the wall clock the shared helpers take. */
function wallOf(year: number, month: number, day: number, hour = 0, minute = 0) {
  const date = new Date(Date.UTC(year, month - 1, day));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour,
    minute,
    second: 0,
    millisecond: 0,
  };
}

/**
 * A wall-clock date ('yyyy-MM-dd') and time ('HH:mm') read in `zone`, as an ISO date-time with
 * that zone's offset, e.g. '2025-07-01T09:30:00.000+02:00'. Null when either part is invalid.
 * A time skipped by a daylight-saving jump moves forward by the jump, as clocks do; a time
 * shown twice is its first occurrence.
 */
export function zonedDateTimeToIso(date: string, time: string, zone: string): string | null {
  const day = parseDateKey(date);
  const clock = TIME_OF_DAY.exec(time);
  if (day === null || clock === null) return null;
  const [year, month, dayOfMonth] = day;
  const wall = wallOf(year, month, dayOfMonth, Number(clock[1]), Number(clock[2]));
  return toZonedIso(instantOfWallClock(wall, zone), zone);
}

/** The first and the last millisecond of a day in `zone`, as ISO date-times with offsets. */
export function dayRange(date: string, zone: string): { from: string; to: string } | null {
  const day = parseDateKey(date);
  if (day === null) return null;
  const [year, month, dayOfMonth] = day;
  const start = instantOfWallClock(wallOf(year, month, dayOfMonth), zone);
  const next = instantOfWallClock(wallOf(year, month, dayOfMonth + 1), zone);
  return { from: toZonedIso(start, zone), to: toZonedIso(next - 1, zone) };
}

const DAY_MS = 86_400_000;

/**
 * The days a month view shows (weeks start on Sunday): from the Sunday on or before the 1st
 * to the Saturday on or after the last day, as a range in `zone`.
 */
export function monthGridRange(year: number, monthIndex: number, zone: string) {
  const first = Date.UTC(year, monthIndex, 1);
  const last = Date.UTC(year, monthIndex + 1, 0);
  const start = new Date(first - new Date(first).getUTCDay() * DAY_MS);
  const end = new Date(last + (6 - new Date(last).getUTCDay()) * DAY_MS);
  const startRange = dayRange(start.toISOString().slice(0, 10), zone);
  const endRange = dayRange(end.toISOString().slice(0, 10), zone);
  if (startRange === null || endRange === null) throw new Error('Invalid month');
  return { from: startRange.from, to: endRange.to };
}

/** 'yyyy-MM-dd' of a calendar tile: react-calendar hands out local midnights, only y/m/d count. */
export function dateKeyOfLocalDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local Date react-calendar wants for a 'yyyy-MM-dd' key. */
export function localDateOfKey(key: string): Date | null {
  const day = parseDateKey(key);
  return day === null ? null : new Date(day[0], day[1] - 1, day[2]);
}

/** Today's date in `zone` as 'yyyy-MM-dd'. */
export function todayKey(now: Date | number, zone: string): string {
  return formatInZone(now, zone, 'yyyy-MM-dd');
}

/** The Time input's default: now in `zone` rounded up to the next whole minute. */
export function defaultDateTime(now: Date | number, zone: string): { date: string; time: string } {
  const ms = typeof now === 'number' ? now : now.getTime();
  const next = Math.floor(ms / 60_000) * 60_000 + 60_000;
  return { date: formatInZone(next, zone, 'yyyy-MM-dd'), time: formatInZone(next, zone, 'HH:mm') };
}

/** A quarter hour must be at least this far ahead to be offered as the default. */
const QUARTER_LEAD_MS = 2 * 60_000;
const QUARTER_MS = 15 * 60_000;

export interface QuickTime {
  id: 'minute' | 'quarter' | 'hour' | 'tomorrow';
  label: string;
  date: string;
  time: string;
}

/**
 * The Schedule dialog's ready-made times, in `zone`: the next round quarter hour at least
 * two minutes ahead (the default: not already past when the person clicks), 'In 1 hour'
 * (to the minute), and 'Tomorrow 9:00'. Every zone's offset is a whole number of quarter
 * hours, so a quarter hour in UTC is one in the zone too. With `inAMinute` (the demo, the
 * e2e run: SCHEDULE_IN_A_MINUTE) 'In 1 minute' comes first, so the default goes out while
 * the person watches.
 */
export function scheduleQuickTimes(
  now: Date | number,
  zone: string,
  options: { inAMinute?: boolean } = {},
): QuickTime[] {
  const ms = typeof now === 'number' ? now : now.getTime();
  // The next whole minute at least a minute ahead, so it is still ahead when the form is sent.
  const minute = Math.ceil((ms + 60_000) / 60_000) * 60_000;
  const quarter = Math.ceil((ms + QUARTER_LEAD_MS) / QUARTER_MS) * QUARTER_MS;
  const hour = Math.ceil((ms + 60 * 60_000) / 60_000) * 60_000;
  const [year, month, day] = formatInZone(ms, zone, 'yyyy-MM-dd').split('-').map(Number);
  const tomorrow = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + 1));
  const tomorrowKey = tomorrow.toISOString().slice(0, 10);
  const at = (instant: number) => ({
    date: formatInZone(instant, zone, 'yyyy-MM-dd'),
    time: formatInZone(instant, zone, 'HH:mm'),
  });
  return [
    ...(options.inAMinute ? [{ id: 'minute' as const, label: 'In 1 minute', ...at(minute) }] : []),
    {
      id: 'quarter',
      // Said with its day: just before midnight the next quarter hour is tomorrow's.
      label: `${at(quarter).date === tomorrowKey ? 'Tomorrow' : 'Today'} ${formatInZone(quarter, zone, 'h:mm a')}`,
      ...at(quarter),
    },
    { id: 'hour', label: 'In 1 hour', ...at(hour) },
    { id: 'tomorrow', label: 'Tomorrow 9:00 AM', date: tomorrowKey, time: '09:00' },
  ];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An instant formatted in `zone`; the spec's date-and-time pattern unless told otherwise.
 * Knows the tokens yyyy, MMM, MM, dd, d, HH, h, mm, ss and a.
 */
export function formatInZone(
  instant: string | number | Date,
  zone: string,
  pattern = 'MMM d, yyyy h:mm a',
): string {
  const ms = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  if (Number.isNaN(ms)) return '';
  const wall = wallClockAt(ms, zone);
  const tokens: Record<string, string> = {
    yyyy: pad(wall.year, 4),
    MMM: MONTHS[wall.month - 1] ?? '',
    MM: pad(wall.month),
    dd: pad(wall.day),
    d: String(wall.day),
    HH: pad(wall.hour),
    h: String(wall.hour % 12 === 0 ? 12 : wall.hour % 12),
    mm: pad(wall.minute),
    ss: pad(wall.second),
    a: wall.hour < 12 ? 'AM' : 'PM',
  };
  return pattern.replace(/yyyy|MMM|MM|dd|d|HH|h|mm|ss|a/g, (token) => tokens[token] ?? token);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A 'yyyy-MM-dd' key as people read it, e.g. 'Jul 1, 2025' or, with 'EEEE, MMM d, yyyy',
 * 'Tuesday, Jul 1, 2025' (tokens: EEEE, yyyy, MMM, MM, dd, d). Written out rather than
 * with date-fns' `format`, which with its locale was 6 KB gzip on every dated screen.
 */
export function formatDateKey(key: string, pattern = 'MMM d, yyyy'): string {
  const day = parseDateKey(key);
  if (day === null) return key;
  const [year, month, date] = day;
  const tokens: Record<string, string> = {
    EEEE: WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()] ?? '',
    yyyy: pad(year, 4),
    MMM: MONTHS[month - 1] ?? '',
    MM: pad(month),
    dd: pad(date),
    d: String(date),
  };
  return pattern.replace(/EEEE|yyyy|MMM|MM|dd|d/g, (token) => tokens[token] ?? token);
}

/** A month of the calendar: `monthIndex` 0 is January. */
export interface CalendarMonth {
  year: number;
  monthIndex: number;
}

/** The month `now` falls in, in `zone`. */
export function monthOf(now: Date | number, zone: string): CalendarMonth {
  const [year = '1970', month = '01'] = todayKey(now, zone).split('-');
  return { year: Number(year), monthIndex: Number(month) - 1 };
}

/** '2025-06-01T09:30' in `zone`, for a datetime-local input. */
export function toLocalDateTime(iso: string | null, zone: string): string {
  if (iso === null) return '';
  return formatInZone(iso, zone, 'yyyy-MM-ddTHH:mm');
}

/** The instant a datetime-local value means in `zone`, or null when blank or not a date. */
export function fromLocalDateTime(value: string, zone: string): string | null {
  const [date = '', time = ''] = value.trim().split('T');
  if (date === '' || time === '') return null;
  const iso = zonedDateTimeToIso(date, time.slice(0, 5), zone);
  return iso === null ? null : new Date(iso).toISOString();
}
