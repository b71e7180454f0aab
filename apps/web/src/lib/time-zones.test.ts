import { describe, expect, it } from 'vitest';
import {
  filterZones,
  formatOffset,
  supportedTimeZones,
  zoneOffsetMinutes,
  zoneOptions,
} from './time-zones';

const winter = new Date('2026-01-15T12:00:00Z');
const summer = new Date('2026-07-15T12:00:00Z');

describe('time zone list', () => {
  it('holds every supported IANA zone and UTC, sorted', () => {
    const zones = supportedTimeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('Asia/Tokyo');
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toEqual([...zones].sort((a, b) => a.localeCompare(b)));
  });

  it('reads each zone’s current offset, following daylight saving', () => {
    expect(zoneOffsetMinutes('UTC', winter)).toBe(0);
    expect(zoneOffsetMinutes('Europe/Berlin', winter)).toBe(60);
    expect(zoneOffsetMinutes('Europe/Berlin', summer)).toBe(120);
    expect(zoneOffsetMinutes('America/New_York', winter)).toBe(-300);
    expect(zoneOffsetMinutes('Asia/Kolkata', summer)).toBe(330);
    expect(zoneOffsetMinutes('Australia/Adelaide', winter)).toBe(630);
  });

  it('labels offsets as UTC±hh:mm', () => {
    expect(formatOffset(0)).toBe('UTC');
    expect(formatOffset(330)).toBe('UTC+05:30');
    expect(formatOffset(-300)).toBe('UTC-05:00');
    expect(zoneOptions(['America/New_York'], winter)[0]?.label).toBe(
      'America/New York (UTC-05:00)',
    );
  });

  it('finds zones by any words of their name or offset', () => {
    const options = zoneOptions(['America/New_York', 'Europe/Berlin', 'Asia/Kolkata'], winter);
    expect(filterZones(options, 'new york').map((o) => o.zone)).toEqual(['America/New_York']);
    expect(filterZones(options, 'UTC+05:30').map((o) => o.zone)).toEqual(['Asia/Kolkata']);
    expect(filterZones(options, '  ')).toHaveLength(3);
    expect(filterZones(options, 'nowhere')).toEqual([]);
  });
});
