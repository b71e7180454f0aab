import {
  REPEAT_MAX_OCCURRENCES,
  SCHEDULE_MESSAGES,
  instantOfWallClock,
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
  cap?: number;
}

/**
 * The occurrences of a schedule: the first instant, then one per day, week or month at the
 * same wall-clock time in `zone` (across DST changes), up to `repeatUntil` inclusive and at
 * most `cap` in all.
 */
export function expandOccurrences(input: RecurrenceInput): Date[] {
  const { first, zone, repeatType, repeatUntil } = input;
  const cap = input.cap ?? REPEAT_MAX_OCCURRENCES;
  if (!repeatType) return [first];
  if (!repeatUntil) {
    throw AppError.badRequest(SCHEDULE_MESSAGES.repeatUntilRequired, 'REPEAT_UNTIL_REQUIRED');
  }
  if (repeatUntil.getTime() < first.getTime()) {
    throw AppError.badRequest(
      SCHEDULE_MESSAGES.repeatUntilBeforeStart,
      'REPEAT_UNTIL_BEFORE_START',
    );
  }
  const wall = wallClockAt(first, zone);
  const occurrences: Date[] = [];
  for (let k = 0; occurrences.length < cap; k++) {
    const instant =
      k === 0 ? first : new Date(instantOfWallClock(stepWallClock(wall, repeatType, k), zone));
    if (instant.getTime() > repeatUntil.getTime()) break;
    occurrences.push(instant);
  }
  return occurrences;
}
