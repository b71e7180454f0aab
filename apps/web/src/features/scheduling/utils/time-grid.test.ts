import { describe, expect, it } from 'vitest';
import {
  instantAt,
  layoutLanes,
  placeOf,
  rangeOfDays,
  sameTimeOnDay,
  snapMinutes,
  viewDays,
  viewTitle,
} from './time-grid';

describe('the week and day views', () => {
  it('shows the week from Sunday around any of its days, or the day alone', () => {
    expect(viewDays('week', '2026-11-25')).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(viewDays('week', '2026-12-31')[6]).toBe('2027-01-02');
    expect(viewDays('day', '2026-11-25')).toEqual(['2026-11-25']);
    expect(viewTitle(viewDays('week', '2026-11-25'))).toBe('Nov 22 – 28, 2026');
    expect(viewTitle(viewDays('week', '2026-12-01'))).toBe('Nov 29 – Dec 5, 2026');
    expect(viewTitle(['2026-11-25'])).toBe('Wednesday, Nov 25, 2026');
  });

  it("asks for the days' instants in the zone", () => {
    expect(rangeOfDays(['2026-11-22', '2026-11-28'], 'America/New_York')).toEqual({
      from: '2026-11-22T00:00:00.000-05:00',
      to: '2026-11-29T05:00:00.000Z',
    });
  });

  it('places an instant on its day and minute in the zone', () => {
    expect(placeOf('2026-11-25T14:30:00Z', 'America/New_York')).toEqual({
      day: '2026-11-25',
      minutes: 9 * 60 + 30,
    });
    expect(placeOf('2026-11-25T03:00:00Z', 'America/New_York').day).toBe('2026-11-24');
  });

  it('snaps to 15 minutes within the day', () => {
    expect(snapMinutes(9 * 60 + 7)).toBe(9 * 60);
    expect(snapMinutes(9 * 60 + 8)).toBe(9 * 60 + 15);
    expect(snapMinutes(-20)).toBe(0);
    expect(snapMinutes(24 * 60 + 10)).toBe(23 * 60 + 45);
  });

  it('makes the instant of a drop with the shared rule for skipped times', () => {
    expect(instantAt('2026-11-25', 10 * 60 + 15, 'America/New_York')).toBe(
      '2026-11-25T15:15:00.000Z',
    );
    // 02:30 on the spring-forward day does not exist in New York: 03:30 EDT.
    expect(instantAt('2027-03-14', 2 * 60 + 30, 'America/New_York')).toBe(
      '2027-03-14T07:30:00.000Z',
    );
  });

  it('keeps the time of day when a month-view drop changes the day, across DST', () => {
    // 09:00 EST on Mar 10 to Mar 17 (EDT): still 09:00 on the wall.
    expect(sameTimeOnDay('2027-03-10T14:00:00.000Z', '2027-03-17', 'America/New_York')).toBe(
      '2027-03-17T13:00:00.000Z',
    );
  });

  it('puts overlapping occurrences side by side', () => {
    const placed = layoutLanes(
      [
        { id: 'a', minutes: 540 },
        { id: 'b', minutes: 550 },
        { id: 'c', minutes: 600 },
      ],
      30,
    );
    expect(placed.map((item) => [item.id, item.lane, item.lanes])).toEqual([
      ['a', 0, 2],
      ['b', 1, 2],
      ['c', 0, 1],
    ]);
  });
});
