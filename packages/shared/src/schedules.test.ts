import { describe, expect, it } from 'vitest';
import {
  isScheduleDateInFuture,
  repeatEndsAfterStart,
  SCHEDULE_MESSAGES,
  ScheduleCreateSchema,
} from './schedules.js';

const START = '2026-12-01T09:00:00.000+01:00';
const body = (overrides: object) => ({
  social_account_type: ['bluesky'],
  post_id: '5d0c2f4e-8a7b-4c1d-9e2f-3a4b5c6d7e8f',
  schedule_date: START,
  ...overrides,
});

/** The messages and codes a body is refused with; [] when it passes. */
function refusals(overrides: object) {
  const result = ScheduleCreateSchema.safeParse(body(overrides));
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
    code: (issue as { params?: { code?: string } }).params?.code,
  }));
}

describe('the repeat end rule', () => {
  it('takes an end strictly after the start, on both sides of the edge', () => {
    expect(repeatEndsAfterStart(START, '2026-12-01T08:00:00.001Z')).toBe(true);
    expect(repeatEndsAfterStart(START, '2026-12-01T08:00:00.000Z')).toBe(false);
    expect(repeatEndsAfterStart(START, '2026-12-01T07:59:59.999Z')).toBe(false);
  });

  it("accepts the start's own day (its last millisecond) and refuses the day before", () => {
    expect(
      refusals({ repeat_type: 'daily', repeat_until: '2026-12-01T23:59:59.999+01:00' }),
    ).toEqual([]);
    expect(
      refusals({ repeat_type: 'daily', repeat_until: '2026-11-30T23:59:59.999+01:00' }),
    ).toEqual([
      {
        path: 'repeat_until',
        message: SCHEDULE_MESSAGES.repeatUntilBeforeStart,
        code: 'REPEAT_UNTIL_BEFORE_START',
      },
    ]);
  });

  it('refuses an end at the very instant of the start and takes the next millisecond', () => {
    expect(refusals({ repeat_type: 'weekly', repeat_until: START })).toEqual([
      {
        path: 'repeat_until',
        message: SCHEDULE_MESSAGES.repeatUntilBeforeStart,
        code: 'REPEAT_UNTIL_BEFORE_START',
      },
    ]);
    expect(
      refusals({ repeat_type: 'weekly', repeat_until: '2026-12-01T09:00:00.001+01:00' }),
    ).toEqual([]);
  });

  it('asks for the end of a repeat, and ignores an end without a repeat', () => {
    expect(refusals({ repeat_type: 'monthly' })).toEqual([
      {
        path: 'repeat_until',
        message: SCHEDULE_MESSAGES.repeatUntilRequired,
        code: 'REPEAT_UNTIL_REQUIRED',
      },
    ]);
    expect(refusals({ repeat_until: '2020-01-01T00:00:00Z' })).toEqual([]);
  });

  it('still names the other faults, and checks the end only against a valid start', () => {
    expect(
      refusals({ social_account_type: [], schedule_date: '', repeat_type: 'daily' }).map(
        (issue) => issue.message,
      ),
    ).toEqual([
      SCHEDULE_MESSAGES.selectPlatform,
      SCHEDULE_MESSAGES.selectDateTime,
      SCHEDULE_MESSAGES.repeatUntilRequired,
    ]);
    expect(
      refusals({ schedule_date: '', repeat_type: 'daily', repeat_until: '2020-01-01T00:00:00Z' }),
    ).toEqual([
      { path: 'schedule_date', message: SCHEDULE_MESSAGES.selectDateTime, code: undefined },
    ]);
  });
});

describe('a body that is not an object', () => {
  it('is refused, not thrown on, by the rules across fields', () => {
    for (const body of [null, 'text', [], 7]) {
      expect(ScheduleCreateSchema.safeParse(body).success).toBe(false);
    }
  });
});

describe('the first occurrence', () => {
  it('must be later than now', () => {
    const now = Date.parse(START);
    expect(isScheduleDateInFuture(START, now - 1)).toBe(true);
    expect(isScheduleDateInFuture(START, now)).toBe(false);
  });
});
