import {
  REPEAT_MAX_OCCURRENCES,
  SCHEDULE_MESSAGES,
  instantOfWallClock,
  offsetAt,
  wallClockAt,
  type RepeatType,
  type WallClock,
} from '@cadence/shared';
import { AppError } from '../../errors.js';

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The k-th occurrence's wall clock, counted from the first one (never from the previous). */
function stepWallClock(first: WallClock, repeat: RepeatType, k: number): WallClock {
  if (repeat === 'monthly') {
    const monthIndex = first.month - 1 + k;
    const year = first.year + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    // The 29th-31st fall on the last day of a shorter month and come back afterwards.
    return { ...first, year, month, day: Math.min(first.day, daysInMonth(year, month)) };
  }
  const date = new Date(
    Date.UTC(first.year, first.month - 1, first.day + k * (repeat === 'weekly' ? 7 : 1)),
  );
  return {
    ...first,
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  };
}

export interface RecurrenceInput {
  first: Date;
  zone: string;
  repeatType?: RepeatType | null;
  repeatUntil?: Date | null;
  /**
   * The daylight-saving option (on by default): repeats keep the wall-clock time in `zone`
   * across DST changes. Off: they are counted in the zone's offset at the first occurrence,
   * so daily and weekly repeats keep a fixed interval in absolute time (24 h, 7 x 24 h).
   */
  keepWallClock?: boolean;
  cap?: number;
}

const wallAsUtc = (wall: WallClock) =>
  new Date(
    Date.UTC(
      wall.year,
      wall.month - 1,
      wall.day,
      wall.hour,
      wall.minute,
      wall.second,
      wall.millisecond,
    ),
  );

/**
 * The occurrences of a schedule: the first instant, then one per day, week or month at the
 * same wall-clock time in `zone` (across DST changes unless `keepWallClock` is false), up to
 * `repeatUntil` inclusive and at most `cap` in all.
 */
export function expandOccurrences(input: RecurrenceInput): Date[] {
  const { first, zone, repeatType, repeatUntil } = input;
  const cap = input.cap ?? REPEAT_MAX_OCCURRENCES;
  if (!repeatType) return [first];
  if (!repeatUntil) {
    throw AppError.badRequest(SCHEDULE_MESSAGES.repeatUntilRequired, 'REPEAT_UNTIL_REQUIRED');
  }
  // The schema's rule (`repeatEndsAfterStart`): the end comes strictly after the start.
  if (repeatUntil.getTime() <= first.getTime()) {
    throw AppError.badRequest(
      SCHEDULE_MESSAGES.repeatUntilBeforeStart,
      'REPEAT_UNTIL_BEFORE_START',
    );
  }
  // Without DST adjustment the zone is frozen at its offset of the first occurrence.
  const fixedOffset = input.keepWallClock === false ? offsetAt(first.getTime(), zone) : undefined;
  const wall =
    fixedOffset === undefined
      ? wallClockAt(first, zone)
      : wallClockAt(new Date(first.getTime() + fixedOffset), 'UTC');
  const instantOf = (step: WallClock) =>
    fixedOffset === undefined
      ? new Date(instantOfWallClock(step, zone))
      : new Date(wallAsUtc(step).getTime() - fixedOffset);
  const occurrences: Date[] = [];
  for (let k = 0; occurrences.length < cap; k++) {
    const instant = k === 0 ? first : instantOf(stepWallClock(wall, repeatType, k));
    if (instant.getTime() > repeatUntil.getTime()) break;
    occurrences.push(instant);
  }
  return occurrences;
}
