import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  instantOfWallClock,
  isKnownTimeZone,
  offsetMinutesAt,
  toZonedIso,
  wallClockAt,
  type WallClock,
} from './time-zone.js';

function wall(text: string): WallClock {
  const [date = '', time = '00:00'] = text.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return {
    year: year ?? 0,
    month: month ?? 1,
    day: day ?? 1,
    hour: hour ?? 0,
    minute: minute ?? 0,
    second: 0,
    millisecond: 0,
  };
}

/** The instant a wall time names, as an ISO date-time in the zone (offset included). */
const resolve = (text: string, zone: string) =>
  toZonedIso(instantOfWallClock(wall(text), zone), zone);

/**
 * Every transition on both sides: the minute before, inside the gap or overlap, and after.
 * Rule: a skipped time moves forward by the gap; a repeated time is its first occurrence.
 */
const TRANSITIONS: Array<{ zone: string; what: string; cases: Array<[string, string]> }> = [
  {
    zone: 'America/New_York',
    what: 'spring forward 2025-03-09 02:00 -> 03:00',
    cases: [
      ['2025-03-09T01:59', '2025-03-09T01:59:00.000-05:00'],
      ['2025-03-09T02:00', '2025-03-09T03:00:00.000-04:00'],
      ['2025-03-09T02:30', '2025-03-09T03:30:00.000-04:00'],
      ['2025-03-09T03:00', '2025-03-09T03:00:00.000-04:00'],
    ],
  },
  {
    zone: 'America/New_York',
    what: 'fall back 2025-11-02 02:00 -> 01:00',
    cases: [
      ['2025-11-02T00:59', '2025-11-02T00:59:00.000-04:00'],
      ['2025-11-02T01:00', '2025-11-02T01:00:00.000-04:00'],
      ['2025-11-02T01:30', '2025-11-02T01:30:00.000-04:00'],
      ['2025-11-02T02:00', '2025-11-02T02:00:00.000-05:00'],
    ],
  },
  {
    zone: 'Europe/London',
    what: 'spring forward 2025-03-30 01:00 -> 02:00',
    cases: [
      ['2025-03-30T00:59', '2025-03-30T00:59:00.000+00:00'],
      ['2025-03-30T01:30', '2025-03-30T02:30:00.000+01:00'],
      ['2025-03-30T02:00', '2025-03-30T02:00:00.000+01:00'],
    ],
  },
  {
    zone: 'Europe/London',
    what: 'fall back 2025-10-26 02:00 -> 01:00',
    cases: [
      ['2025-10-26T00:59', '2025-10-26T00:59:00.000+01:00'],
      ['2025-10-26T01:30', '2025-10-26T01:30:00.000+01:00'],
      ['2025-10-26T02:00', '2025-10-26T02:00:00.000+00:00'],
    ],
  },
  {
    zone: 'Australia/Lord_Howe',
    what: 'half-hour spring forward 2025-10-05 02:00 -> 02:30',
    cases: [
      ['2025-10-05T01:59', '2025-10-05T01:59:00.000+10:30'],
      ['2025-10-05T02:15', '2025-10-05T02:45:00.000+11:00'],
      ['2025-10-05T02:30', '2025-10-05T02:30:00.000+11:00'],
    ],
  },
  {
    zone: 'Australia/Lord_Howe',
    what: 'half-hour fall back 2025-04-06 02:00 -> 01:30',
    cases: [
      ['2025-04-06T01:29', '2025-04-06T01:29:00.000+11:00'],
      ['2025-04-06T01:45', '2025-04-06T01:45:00.000+11:00'],
      ['2025-04-06T02:00', '2025-04-06T02:00:00.000+10:30'],
    ],
  },
  {
    zone: 'Europe/Moscow',
    what: 'permanent summer time from 2011-03-27 02:00 -> 03:00 (+03 to +04)',
    cases: [
      ['2011-03-27T01:59', '2011-03-27T01:59:00.000+03:00'],
      ['2011-03-27T02:30', '2011-03-27T03:30:00.000+04:00'],
      ['2011-03-27T03:00', '2011-03-27T03:00:00.000+04:00'],
    ],
  },
  {
    zone: 'Europe/Moscow',
    what: 'back to +03 on 2014-10-26 02:00 -> 01:00',
    cases: [
      ['2014-10-26T00:59', '2014-10-26T00:59:00.000+04:00'],
      ['2014-10-26T01:30', '2014-10-26T01:30:00.000+04:00'],
      ['2014-10-26T02:00', '2014-10-26T02:00:00.000+03:00'],
    ],
  },
  {
    zone: 'Pacific/Apia',
    what: 'skipped 2011-12-30 entirely (-10 to +14)',
    cases: [
      ['2011-12-29T23:59', '2011-12-29T23:59:00.000-10:00'],
      ['2011-12-30T12:00', '2011-12-31T12:00:00.000+14:00'],
      ['2011-12-31T00:00', '2011-12-31T00:00:00.000+14:00'],
    ],
  },
];

describe('instantOfWallClock across transitions', () => {
  for (const { zone, what, cases } of TRANSITIONS) {
    it(`${zone}: ${what}`, () => {
      for (const [input, expected] of cases) expect(resolve(input, zone), input).toBe(expected);
    });
  }

  it('round-trips every wall time that exists', () => {
    for (const { zone, cases } of TRANSITIONS) {
      for (const [, expected] of cases) {
        const instant = Date.parse(expected);
        const local = wallClockAt(instant, zone);
        expect(instantOfWallClock(local, zone)).toBe(instant);
      }
    }
  });
});

describe('offsets', () => {
  it('reads half-hour and historical offsets', () => {
    expect(offsetMinutesAt(Date.parse('2025-07-01T00:00:00Z'), 'Australia/Lord_Howe')).toBe(630);
    expect(offsetMinutesAt(Date.parse('2025-01-01T00:00:00Z'), 'Australia/Lord_Howe')).toBe(660);
    expect(offsetMinutesAt(Date.parse('2013-01-01T00:00:00Z'), 'Europe/Moscow')).toBe(240);
    expect(offsetMinutesAt(Date.parse('2015-01-01T00:00:00Z'), 'Europe/Moscow')).toBe(180);
    expect(offsetMinutesAt(Date.parse('2025-01-01T00:00:00Z'), 'Etc/GMT+5')).toBe(-300);
  });
});

describe('zone names', () => {
  it('canonicalises IANA names, offset zones included', () => {
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    expect(canonicalTimeZone('Etc/GMT-14')).toBe('Etc/GMT-14');
  });

  it('refuses bare offsets and made-up names, in both apps alike', () => {
    for (const zone of ['+05:30', '-04:00', 'GMT+5:30', 'Mars/Olympus', '', '../etc']) {
      expect(canonicalTimeZone(zone), zone).toBeUndefined();
      expect(isKnownTimeZone(zone), zone).toBe(false);
    }
  });
});
