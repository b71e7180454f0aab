import { SCHEDULE_MESSAGES } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors.js';
import { expandOccurrences } from './recurrence.js';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

function messageOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return `${(error as AppError).statusCode} ${(error as AppError).message}`;
  }
  return undefined;
}

describe('expandOccurrences', () => {
  it('answers the one instant when nothing repeats', () => {
    const first = new Date('2026-03-01T10:00:00Z');
    expect(expandOccurrences({ first, zone: 'UTC' })).toEqual([first]);
  });

  it('repeats daily until the end date, inclusive', () => {
    const result = expandOccurrences({
      first: new Date('2026-01-01T09:00:00Z'),
      zone: 'UTC',
      repeatType: 'daily',
      repeatUntil: new Date('2026-01-04T09:00:00Z'),
    });
    expect(iso(result)).toEqual([
      '2026-01-01T09:00:00.000Z',
      '2026-01-02T09:00:00.000Z',
      '2026-01-03T09:00:00.000Z',
      '2026-01-04T09:00:00.000Z',
    ]);
  });

  it('keeps 09:00 in Berlin across the spring-forward change (daily)', () => {
    const result = expandOccurrences({
      first: new Date('2026-03-28T08:00:00Z'), // 09:00 CET
      zone: 'Europe/Berlin',
      repeatType: 'daily',
      repeatUntil: new Date('2026-03-31T00:00:00Z'),
    });
    expect(iso(result)).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z', // 09:00 CEST
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('keeps 09:00 in Berlin across the fall-back change (weekly)', () => {
    const result = expandOccurrences({
      first: new Date('2026-10-18T07:00:00Z'), // Sunday 09:00 CEST
      zone: 'Europe/Berlin',
      repeatType: 'weekly',
      repeatUntil: new Date('2026-11-01T23:00:00Z'),
    });
    expect(iso(result)).toEqual([
      '2026-10-18T07:00:00.000Z',
      '2026-10-25T08:00:00.000Z', // 09:00 CET
      '2026-11-01T08:00:00.000Z',
    ]);
  });

  it('keeps 08:30 in New York across both changes', () => {
    const spring = expandOccurrences({
      first: new Date('2026-03-07T13:30:00Z'), // 08:30 EST
      zone: 'America/New_York',
      repeatType: 'daily',
      repeatUntil: new Date('2026-03-08T23:00:00Z'),
    });
    expect(iso(spring)).toEqual(['2026-03-07T13:30:00.000Z', '2026-03-08T12:30:00.000Z']);
    const fall = expandOccurrences({
      first: new Date('2026-10-31T12:30:00Z'), // 08:30 EDT
      zone: 'America/New_York',
      repeatType: 'daily',
      repeatUntil: new Date('2026-11-01T23:00:00Z'),
    });
    expect(iso(fall)).toEqual(['2026-10-31T12:30:00.000Z', '2026-11-01T13:30:00.000Z']);
  });

  it('moves a time skipped by spring-forward forward by the gap', () => {
    const result = expandOccurrences({
      first: new Date('2026-03-28T01:30:00Z'), // 02:30 CET
      zone: 'Europe/Berlin',
      repeatType: 'daily',
      repeatUntil: new Date('2026-03-30T12:00:00Z'),
    });
    expect(iso(result)).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z', // 03:30 CEST: 02:30 does not exist that day
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
    ]);
  });

  it('takes the first of a time shown twice at fall-back', () => {
    const result = expandOccurrences({
      first: new Date('2026-10-24T00:30:00Z'), // 02:30 CEST
      zone: 'Europe/Berlin',
      repeatType: 'daily',
      repeatUntil: new Date('2026-10-26T12:00:00Z'),
    });
    expect(iso(result)).toEqual([
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z', // 02:30 CEST, the first of the two
      '2026-10-26T01:30:00.000Z', // 02:30 CET
    ]);
  });

  it('falls on the last day of shorter months and comes back to the 31st', () => {
    const result = expandOccurrences({
      first: new Date('2026-01-31T10:00:00Z'),
      zone: 'UTC',
      repeatType: 'monthly',
      repeatUntil: new Date('2026-05-31T10:00:00Z'),
    });
    expect(iso(result)).toEqual([
      '2026-01-31T10:00:00.000Z',
      '2026-02-28T10:00:00.000Z',
      '2026-03-31T10:00:00.000Z',
      '2026-04-30T10:00:00.000Z',
      '2026-05-31T10:00:00.000Z',
    ]);
  });

  it('uses February 29th in a leap year', () => {
    const result = expandOccurrences({
      first: new Date('2028-01-30T10:00:00Z'),
      zone: 'Europe/Berlin',
      repeatType: 'monthly',
      repeatUntil: new Date('2028-03-31T00:00:00Z'),
    });
    expect(iso(result)).toEqual([
      '2028-01-30T10:00:00.000Z',
      '2028-02-29T10:00:00.000Z',
      '2028-03-30T09:00:00.000Z', // still 11:00 local, now CEST
    ]);
  });

  it('stops at 100 occurrences', () => {
    const result = expandOccurrences({
      first: new Date('2026-01-01T09:00:00Z'),
      zone: 'UTC',
      repeatType: 'daily',
      repeatUntil: new Date('2030-01-01T09:00:00Z'),
    });
    expect(result).toHaveLength(100);
    expect(result.at(-1)?.toISOString()).toBe('2026-04-10T09:00:00.000Z');
  });

  it('refuses an end before the start and a repeat without an end', () => {
    const first = new Date('2026-01-02T09:00:00Z');
    expect(
      messageOf(() =>
        expandOccurrences({
          first,
          zone: 'UTC',
          repeatType: 'weekly',
          repeatUntil: new Date('2026-01-01T09:00:00Z'),
        }),
      ),
    ).toBe(`400 ${SCHEDULE_MESSAGES.repeatUntilBeforeStart}`);
    // The end at the very instant of the start is not after it (the shared schema's rule).
    expect(
      messageOf(() =>
        expandOccurrences({ first, zone: 'UTC', repeatType: 'daily', repeatUntil: first }),
      ),
    ).toBe(`400 ${SCHEDULE_MESSAGES.repeatUntilBeforeStart}`);
    expect(
      expandOccurrences({
        first,
        zone: 'UTC',
        repeatType: 'daily',
        repeatUntil: new Date(first.getTime() + 1),
      }),
    ).toEqual([first]);
    expect(messageOf(() => expandOccurrences({ first, zone: 'UTC', repeatType: 'daily' }))).toBe(
      `400 ${SCHEDULE_MESSAGES.repeatUntilRequired}`,
    );
  });

  /**
   * A daily schedule at a wall time the zone skips or repeats on the next day, on both sides of
   * the change: the day before, the day of the change, the day after (instants in UTC).
   */
  const DAILY_ACROSS: Array<[string, string, string[]]> = [
    [
      'America/New_York',
      'skipped 02:30',
      ['2025-03-08T07:30', '2025-03-09T07:30', '2025-03-10T06:30'],
    ],
    [
      'America/New_York',
      'repeated 01:30',
      ['2025-11-01T05:30', '2025-11-02T05:30', '2025-11-03T06:30'],
    ],
    [
      'Europe/London',
      'skipped 01:30',
      ['2025-03-29T01:30', '2025-03-30T01:30', '2025-03-31T00:30'],
    ],
    [
      'Europe/London',
      'repeated 01:30',
      ['2025-10-25T00:30', '2025-10-26T00:30', '2025-10-27T01:30'],
    ],
    [
      'Australia/Lord_Howe',
      'skipped 02:15',
      ['2025-10-03T15:45', '2025-10-04T15:45', '2025-10-05T15:15'],
    ],
    [
      'Australia/Lord_Howe',
      'repeated 01:45',
      ['2025-04-04T14:45', '2025-04-05T14:45', '2025-04-06T15:15'],
    ],
    [
      'Europe/Moscow',
      'skipped 02:30 (2011, to +04)',
      ['2011-03-25T23:30', '2011-03-26T23:30', '2011-03-27T22:30'],
    ],
    [
      'Europe/Moscow',
      'repeated 01:30 (2014, to +03)',
      ['2014-10-24T21:30', '2014-10-25T21:30', '2014-10-26T22:30'],
    ],
  ];

  for (const [zone, what, expected] of DAILY_ACROSS) {
    it(`repeats daily in ${zone} across a ${what}`, () => {
      const instants = expected.map((text) => `${text}:00.000Z`);
      const result = expandOccurrences({
        first: new Date(instants[0]!),
        zone,
        repeatType: 'daily',
        repeatUntil: new Date(instants[2]!),
      });
      expect(iso(result)).toEqual(instants);
    });
  }
  describe('with the daylight-saving option off', () => {
    it('keeps a fixed 24 hours across the spring-forward change (daily)', () => {
      const result = expandOccurrences({
        first: new Date('2026-03-28T08:00:00Z'), // 09:00 CET
        zone: 'Europe/Berlin',
        repeatType: 'daily',
        repeatUntil: new Date('2026-03-31T00:00:00Z'),
        keepWallClock: false,
      });
      // 09:00 CET, then 10:00 CEST on the wall: the same moment of the absolute day.
      expect(iso(result)).toEqual([
        '2026-03-28T08:00:00.000Z',
        '2026-03-29T08:00:00.000Z',
        '2026-03-30T08:00:00.000Z',
      ]);
    });

    it('keeps a fixed week across the fall-back change (weekly, New York)', () => {
      const result = expandOccurrences({
        first: new Date('2026-10-26T13:00:00Z'), // Monday 09:00 EDT
        zone: 'America/New_York',
        repeatType: 'weekly',
        repeatUntil: new Date('2026-11-10T00:00:00Z'),
        keepWallClock: false,
      });
      expect(iso(result)).toEqual([
        '2026-10-26T13:00:00.000Z',
        '2026-11-02T13:00:00.000Z', // 08:00 EST on the wall
        '2026-11-09T13:00:00.000Z',
      ]);
    });

    it('moves the wall clock only where DST changes, unlike the default', () => {
      const base = {
        first: new Date('2026-03-28T08:00:00Z'),
        zone: 'Europe/Berlin',
        repeatType: 'daily' as const,
        repeatUntil: new Date('2026-03-30T00:00:00Z'),
      };
      expect(iso(expandOccurrences(base))[1]).toBe('2026-03-29T07:00:00.000Z');
      expect(iso(expandOccurrences({ ...base, keepWallClock: false }))[1]).toBe(
        '2026-03-29T08:00:00.000Z',
      );
    });

    it('changes nothing in a zone without DST', () => {
      const base = {
        first: new Date('2026-03-28T08:00:00Z'),
        zone: 'Asia/Tokyo',
        repeatType: 'weekly' as const,
        repeatUntil: new Date('2026-05-01T00:00:00Z'),
      };
      expect(expandOccurrences({ ...base, keepWallClock: false })).toEqual(expandOccurrences(base));
    });
  });
});
