import { describe, expect, it } from 'vitest';
import {
  dateKeyOfLocalDate,
  dayRange,
  defaultDateTime,
  scheduleQuickTimes,
  formatDateKey,
  formatInZone,
  isKnownTimeZone,
  monthGridRange,
  resolveTimeZone,
  todayKey,
  zonedDateTimeToIso,
} from './zoned-time';

describe('resolveTimeZone', () => {
  it('prefers the saved zone, then the browser zone, then UTC', () => {
    expect(resolveTimeZone('Asia/Tokyo', 'Europe/Berlin')).toBe('Asia/Tokyo');
    expect(resolveTimeZone(null, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('', undefined)).toBe('UTC');
  });

  it('skips a zone the browser does not know', () => {
    expect(resolveTimeZone('Mars/Olympus', 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('Mars/Olympus', 'Nowhere/Else')).toBe('UTC');
  });
});

describe('zonedDateTimeToIso', () => {
  it('reads the wall clock in the zone and keeps its offset', () => {
    expect(zonedDateTimeToIso('2025-07-01', '09:30', 'Europe/Berlin')).toBe(
      '2025-07-01T09:30:00.000+02:00',
    );
    expect(zonedDateTimeToIso('2025-01-15', '23:05', 'America/New_York')).toBe(
      '2025-01-15T23:05:00.000-05:00',
    );
    expect(zonedDateTimeToIso('2025-01-15', '00:00', 'UTC')).toBe('2025-01-15T00:00:00.000+00:00');
  });

  it('moves a time skipped by daylight saving forward', () => {
    expect(zonedDateTimeToIso('2025-03-30', '02:30', 'Europe/Berlin')).toBe(
      '2025-03-30T03:30:00.000+02:00',
    );
  });

  it('gives null for missing or impossible parts', () => {
    expect(zonedDateTimeToIso('', '10:00', 'UTC')).toBeNull();
    expect(zonedDateTimeToIso('2025-07-01', '', 'UTC')).toBeNull();
    expect(zonedDateTimeToIso('2025-02-30', '10:00', 'UTC')).toBeNull();
    expect(zonedDateTimeToIso('2025-07-01', '24:00', 'UTC')).toBeNull();
  });
});

describe('dayRange', () => {
  it('spans the whole day in the zone', () => {
    expect(dayRange('2025-07-01', 'Asia/Kolkata')).toEqual({
      from: '2025-07-01T00:00:00.000+05:30',
      to: '2025-07-01T23:59:59.999+05:30',
    });
  });

  it('follows a 23-hour day when clocks go forward', () => {
    const range = dayRange('2025-03-30', 'Europe/Berlin');
    expect(range).toEqual({
      from: '2025-03-30T00:00:00.000+01:00',
      to: '2025-03-30T23:59:59.999+02:00',
    });
  });

  it('gives null for a bad key', () => {
    expect(dayRange('30/03/2025', 'UTC')).toBeNull();
  });
});

describe('monthGridRange', () => {
  it('covers whole weeks from Sunday to Saturday', () => {
    // July 2025 starts on a Tuesday and ends on a Thursday.
    expect(monthGridRange(2025, 6, 'UTC')).toEqual({
      from: '2025-06-29T00:00:00.000+00:00',
      to: '2025-08-02T23:59:59.999+00:00',
    });
  });
});

describe('today and defaults', () => {
  const instant = Date.parse('2025-07-01T22:30:15Z');

  it('gives today in the zone, not in UTC', () => {
    expect(todayKey(instant, 'UTC')).toBe('2025-07-01');
    expect(todayKey(instant, 'Asia/Tokyo')).toBe('2025-07-02');
  });

  it('defaults to now rounded up to the next minute', () => {
    expect(defaultDateTime(instant, 'Asia/Tokyo')).toEqual({ date: '2025-07-02', time: '07:31' });
    expect(defaultDateTime(Date.parse('2025-07-01T23:59:00Z'), 'UTC')).toEqual({
      date: '2025-07-02',
      time: '00:00',
    });
  });

  it('formats instants in the zone', () => {
    expect(formatInZone('2025-07-01T22:30:15Z', 'America/Los_Angeles')).toBe('Jul 1, 2025 3:30 PM');
    expect(formatInZone('not a date', 'UTC')).toBe('');
    expect(formatInZone('2025-07-01T22:05:09Z', 'UTC', 'h:mm:ss a')).toBe('10:05:09 PM');
    expect(formatInZone('2025-07-01T22:00:00Z', 'Europe/Berlin', 'h:mm a yyyy-MM-dd HH')).toBe(
      '12:00 AM 2025-07-02 00',
    );
    expect(formatDateKey('2025-07-02')).toBe('Jul 2, 2025');
    // The calendar's day popup; the texts date-fns' `format` gave for these patterns.
    expect(formatDateKey('2025-07-01', 'EEEE, MMM d, yyyy')).toBe('Tuesday, Jul 1, 2025');
    expect(formatDateKey('2024-02-29', 'EEEE, MMM d, yyyy')).toBe('Thursday, Feb 29, 2024');
    expect(formatDateKey('2025-02-30')).toBe('2025-02-30');
  });

  it("keys react-calendar's local dates by their own year, month and day", () => {
    expect(dateKeyOfLocalDate(new Date(2025, 0, 5))).toBe('2025-01-05');
    expect(dateKeyOfLocalDate(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31');
  });
});

describe('daylight-saving changes, read the way the server reads them', () => {
  // [zone, date, time, expected]: a skipped time moves forward by the gap, a repeated time is
  // its first occurrence; the minute before and the time after each change as well.
  const CASES: Array<[string, string, string, string]> = [
    ['America/New_York', '2025-03-09', '01:59', '2025-03-09T01:59:00.000-05:00'],
    ['America/New_York', '2025-03-09', '02:30', '2025-03-09T03:30:00.000-04:00'],
    ['America/New_York', '2025-03-09', '03:00', '2025-03-09T03:00:00.000-04:00'],
    ['America/New_York', '2025-11-02', '00:59', '2025-11-02T00:59:00.000-04:00'],
    ['America/New_York', '2025-11-02', '01:30', '2025-11-02T01:30:00.000-04:00'],
    ['America/New_York', '2025-11-02', '02:00', '2025-11-02T02:00:00.000-05:00'],
    ['Europe/London', '2025-03-30', '00:59', '2025-03-30T00:59:00.000+00:00'],
    ['Europe/London', '2025-03-30', '01:30', '2025-03-30T02:30:00.000+01:00'],
    ['Europe/London', '2025-10-26', '01:30', '2025-10-26T01:30:00.000+01:00'],
    ['Europe/London', '2025-10-26', '02:00', '2025-10-26T02:00:00.000+00:00'],
    ['Australia/Lord_Howe', '2025-10-05', '01:59', '2025-10-05T01:59:00.000+10:30'],
    ['Australia/Lord_Howe', '2025-10-05', '02:15', '2025-10-05T02:45:00.000+11:00'],
    ['Australia/Lord_Howe', '2025-04-06', '01:45', '2025-04-06T01:45:00.000+11:00'],
    ['Australia/Lord_Howe', '2025-04-06', '02:00', '2025-04-06T02:00:00.000+10:30'],
    ['Europe/Moscow', '2011-03-27', '02:30', '2011-03-27T03:30:00.000+04:00'],
    ['Europe/Moscow', '2014-10-26', '01:30', '2014-10-26T01:30:00.000+04:00'],
    ['Europe/Moscow', '2014-10-26', '02:00', '2014-10-26T02:00:00.000+03:00'],
    ['Pacific/Apia', '2011-12-29', '23:59', '2011-12-29T23:59:00.000-10:00'],
    ['Pacific/Apia', '2011-12-30', '12:00', '2011-12-31T12:00:00.000+14:00'],
  ];

  it('converts each wall time on both sides of each change', () => {
    for (const [zone, date, time, expected] of CASES) {
      expect(zonedDateTimeToIso(date, time, zone), `${zone} ${date} ${time}`).toBe(expected);
    }
  });

  it("spans the 23.5-hour day of Lord Howe's half-hour change", () => {
    expect(dayRange('2025-10-05', 'Australia/Lord_Howe')).toEqual({
      from: '2025-10-05T00:00:00.000+10:30',
      to: '2025-10-05T23:59:59.999+11:00',
    });
  });

  it('accepts offset zones by name and refuses bare offsets, like the server', () => {
    expect(isKnownTimeZone('Etc/GMT+5')).toBe(true);
    expect(isKnownTimeZone('+05:30')).toBe(false);
    expect(resolveTimeZone('+05:30', 'Europe/Berlin')).toBe('Europe/Berlin');
  });
});

describe('scheduleQuickTimes', () => {
  it('offers the next quarter hour at least two minutes ahead, in 1 hour and tomorrow 9:00', () => {
    const times = scheduleQuickTimes(Date.parse('2025-07-01T10:07:30Z'), 'Asia/Kolkata');
    expect(times).toEqual([
      { id: 'quarter', label: 'Today 3:45 PM', date: '2025-07-01', time: '15:45' },
      { id: 'hour', label: 'In 1 hour', date: '2025-07-01', time: '16:38' },
      { id: 'tomorrow', label: 'Tomorrow 9:00 AM', date: '2025-07-02', time: '09:00' },
    ]);
  });

  it('skips a quarter hour that is less than two minutes away, across midnight', () => {
    const [quarter, , tomorrow] = scheduleQuickTimes(Date.parse('2025-12-31T23:44:00Z'), 'UTC');
    expect(quarter).toMatchObject({
      label: 'Tomorrow 12:00 AM',
      date: '2026-01-01',
      time: '00:00',
    });
    expect(tomorrow).toMatchObject({ date: '2026-01-01', time: '09:00' });
  });

  it("leads with 'In 1 minute' (a whole minute, at least 60 s ahead) when asked", () => {
    const times = scheduleQuickTimes(Date.parse('2025-07-01T10:07:30Z'), 'Asia/Kolkata', {
      inAMinute: true,
    });
    expect(times[0]).toEqual({
      id: 'minute',
      label: 'In 1 minute',
      date: '2025-07-01',
      time: '15:39',
    });
    expect(times.map((time) => time.id)).toEqual(['minute', 'quarter', 'hour', 'tomorrow']);
    const [onTheMinute] = scheduleQuickTimes(Date.parse('2025-07-01T10:07:00Z'), 'UTC', {
      inAMinute: true,
    });
    expect(onTheMinute?.time).toBe('10:08');
  });
});
