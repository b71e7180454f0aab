/**
 * Wall-clock arithmetic in IANA time zones with nothing but Intl, for both apps: the server's
 * recurrences and the web's scheduling forms convert the same way.
 *
 * Instants are epoch milliseconds (plain numbers survive fake clocks that replace `Date`).
 * The rule for times a zone's clocks skip or show twice is Temporal's "compatible" one:
 * - a wall time in a spring-forward gap moves forward by the length of the gap
 *   (02:30 in New York on the day clocks jump from 02:00 to 03:00 is 03:30 EDT);
 * - a wall time shown twice at a fall-back change is its first (earlier) occurrence.
 */

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const NAMED_ZONE = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * The zone's canonical IANA name (`utc` -> `UTC`, `Etc/GMT+5` stays), or undefined when it is
 * not a zone this runtime knows. Bare offsets such as `+05:30` are refused: they are not zones
 * a person picks from a list and never follow daylight saving (`Etc/GMT-5` style names are).
 */
export function canonicalTimeZone(zone: string): string | undefined {
  if (!NAMED_ZONE.test(zone)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Whether `zone` is a time zone both apps accept (see `canonicalTimeZone`). */
export function isKnownTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== undefined;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

const toMs = (instant: number | Date) =>
  typeof instant === 'number' ? instant : instant.getTime();

/** The wall clock in `zone` at `instant`. */
export function wallClockAt(instant: number | Date, zone: string): WallClock {
  const ms = toMs(instant);
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: ((ms % 1000) + 1000) % 1000,
  };
}

/** The wall clock read as if it were UTC, in epoch ms (a Date.UTC of its fields). */
export function wallClockAsUtc(wall: WallClock): number {
  return Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
    wall.millisecond,
  );
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
export function offsetAt(instant: number | Date, zone: string): number {
  const ms = toMs(instant);
  return wallClockAsUtc(wallClockAt(ms, zone)) - ms;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in whole minutes. */
export function offsetMinutesAt(instant: number | Date, zone: string): number {
  return Math.round(offsetAt(instant, zone) / 60_000);
}

const DAY_MS = 86_400_000;

/**
 * The instant (epoch ms) at which the zone's clocks show `wall`: the earlier one when they
 * show it twice, and moved forward by the gap when they skip it (see the module comment).
 */
export function instantOfWallClock(wall: WallClock, zone: string): number {
  const local = wallClockAsUtc(wall);
  // No zone changes its offset twice within two days, so the offsets a day either side are
  // the only candidates.
  const before = offsetAt(local - DAY_MS, zone);
  const after = offsetAt(local + DAY_MS, zone);
  const matches = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => wallClockAsUtc(wallClockAt(instant, zone)) === local)
    .sort((a, b) => a - b);
  const [first] = matches;
  if (first !== undefined) return first;
  // In a gap: read the wall time with the offset in force before the change.
  return local - before;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** '+05:30', '-04:00', '+00:00'. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as an ISO date-time with the offset `zone` has then, e.g. '2025-07-01T09:30:00.000+02:00'. */
export function toZonedIso(instant: number | Date, zone: string): string {
  const ms = toMs(instant);
  const wall = wallClockAt(ms, zone);
  const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
  const time = `${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}.${pad(wall.millisecond, 3)}`;
  return `${date}T${time}${formatOffset(offsetMinutesAt(ms, zone))}`;
}
