/** Wall-clock arithmetic in IANA time zones with nothing but Intl. */

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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string) {
  let formatter = formatters.get(zone);
  if (!formatter) {
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

/** The zone's canonical name, or undefined when Intl does not know it. */
export function canonicalTimeZone(zone: string): string | undefined {
  // Offsets like "+01:00" are not zones a person picks from a list, and do not follow DST.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function wallClockAt(instant: Date, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    millisecond: instant.getUTCMilliseconds(),
  };
}

const asUtc = (wall: WallClock) =>
  Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
    wall.millisecond,
  );

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
export function offsetAt(instant: number, zone: string): number {
  return asUtc(wallClockAt(new Date(instant), zone)) - instant;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which the zone's clocks show `wall`. A time skipped by a spring-forward
 * change moves forward by the gap (02:30 becomes 03:30); a time shown twice at a fall-back
 * change is its first occurrence.
 */
export function instantOfWallClock(wall: WallClock, zone: string): Date {
  const local = asUtc(wall);
  const before = offsetAt(local - DAY_MS, zone);
  const after = offsetAt(local + DAY_MS, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => asUtc(wallClockAt(new Date(instant), zone)) === local)
    .sort((a, b) => a - b);
  const [first] = candidates;
  if (first !== undefined) return new Date(first);
  // In the gap: read the wall time with the offset in force before the change.
  return new Date(local - before);
}

/** yyyy-MM-dd of the instant in the zone. */
export function dateInZone(instant: Date, zone: string): string {
  const wall = wallClockAt(instant, zone);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}
