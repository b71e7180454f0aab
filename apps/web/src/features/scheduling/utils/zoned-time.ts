import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

export const FALLBACK_TIME_ZONE = 'UTC';

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `zone` is an IANA zone this browser knows (a stored value may be stale or made up). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone the page works in: the saved one, else the browser's, else UTC. */
export function resolveTimeZone(saved: string | null | undefined, browser: string | undefined) {
  for (const zone of [saved, browser]) {
    if (zone !== null && zone !== undefined && zone.trim() !== '' && isKnownTimeZone(zone)) {
      return zone;
    }
  }
  return FALLBACK_TIME_ZONE;
}

export function browserTimeZone(): string | undefined {
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

/**
 * A wall-clock date ('yyyy-MM-dd') and time ('HH:mm') read in `zone`, as an ISO date-time with
 * that zone's offset, e.g. '2025-07-01T09:30:00.000+02:00'. Null when either part is invalid.
 * A time skipped by a daylight-saving jump moves forward by the jump, as clocks do.
 */
export function zonedDateTimeToIso(date: string, time: string, zone: string): string | null {
  const day = parseDateKey(date);
  const clock = TIME_OF_DAY.exec(time);
  if (day === null || clock === null) return null;
  const [year, month, dayOfMonth] = day;
  return new TZDate(
    year,
    month - 1,
    dayOfMonth,
    Number(clock[1]),
    Number(clock[2]),
    zone,
  ).toISOString();
}

/** The first and the last millisecond of a day in `zone`, as ISO date-times with offsets. */
export function dayRange(date: string, zone: string): { from: string; to: string } | null {
  const day = parseDateKey(date);
  if (day === null) return null;
  const [year, month, dayOfMonth] = day;
  const start = new TZDate(year, month - 1, dayOfMonth, zone);
  const next = new TZDate(year, month - 1, dayOfMonth + 1, zone);
  return {
    from: start.toISOString(),
    to: new TZDate(next.getTime() - 1, zone).toISOString(),
  };
}

/**
 * The days a month view shows (weeks start on Sunday): from the Sunday on or before the 1st
 * to the Saturday on or after the last day, as a range in `zone`.
 */
export function monthGridRange(year: number, monthIndex: number, zone: string) {
  const first = new Date(Date.UTC(year, monthIndex, 1));
  const last = new Date(Date.UTC(year, monthIndex + 1, 0));
  const start = addDays(first, -first.getUTCDay());
  const end = addDays(last, 6 - last.getUTCDay());
  const startRange = dayRange(start.toISOString().slice(0, 10), zone);
  const endRange = dayRange(end.toISOString().slice(0, 10), zone);
  if (startRange === null || endRange === null) throw new Error('Invalid month');
  return { from: startRange.from, to: endRange.to };
}

/** 'yyyy-MM-dd' of a calendar tile: react-calendar hands out local midnights, only y/m/d count. */
export function dateKeyOfLocalDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** The local Date react-calendar wants for a 'yyyy-MM-dd' key. */
export function localDateOfKey(key: string): Date | null {
  const day = parseDateKey(key);
  return day === null ? null : new Date(day[0], day[1] - 1, day[2]);
}

/** Today's date in `zone` as 'yyyy-MM-dd'. */
export function todayKey(now: Date | number, zone: string): string {
  return format(new TZDate(typeof now === 'number' ? now : now.getTime(), zone), 'yyyy-MM-dd');
}

/** The Time input's default: now in `zone` rounded up to the next whole minute. */
export function defaultDateTime(now: Date | number, zone: string): { date: string; time: string } {
  const ms = typeof now === 'number' ? now : now.getTime();
  const next = new TZDate(Math.floor(ms / 60_000) * 60_000 + 60_000, zone);
  return { date: format(next, 'yyyy-MM-dd'), time: format(next, 'HH:mm') };
}

/** An instant formatted in `zone`; the spec's date-and-time pattern unless told otherwise. */
export function formatInZone(
  instant: string | number | Date,
  zone: string,
  pattern = 'MMM d, yyyy h:mm a',
): string {
  const ms = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  if (Number.isNaN(ms)) return '';
  return format(new TZDate(ms, zone), pattern);
}

/** A 'yyyy-MM-dd' key as people read it, e.g. 'Jul 1, 2025'. */
export function formatDateKey(key: string, pattern = 'MMM d, yyyy'): string {
  const date = localDateOfKey(key);
  return date === null ? key : format(date, pattern);
}
