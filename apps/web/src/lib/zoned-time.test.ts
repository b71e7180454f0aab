import { describe, expect, it } from 'vitest';
import {
  dayRange,
  defaultDateTime,
  formatDateKey,
  formatInZone,
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
  });
});
