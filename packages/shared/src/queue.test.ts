import { describe, expect, it } from 'vitest';
import {
  mergeSlots,
  nextSlotTimes,
  QUEUE_MESSAGES,
  QueueUpdateSchema,
  slotServes,
  slotTimes,
  type QueueSlot,
} from './queue.js';
import { toZonedIso } from './time-zone.js';

const slot = (weekday: number, time: string, networks: QueueSlot['networks'] = null) => ({
  weekday,
  time,
  networks,
});
const at = (iso: string) => Date.parse(iso);
const zoned = (times: number[], zone: string) => times.map((time) => toZonedIso(time, zone));

describe('mergeSlots', () => {
  it('keeps one slot per weekday and time, sorted, networks joined, null winning', () => {
    expect(
      mergeSlots([
        slot(3, '09:00', ['twitter']),
        slot(1, '17:30'),
        slot(3, '09:00', ['bluesky', 'twitter']),
        slot(1, '08:05', ['linkedIn']),
        slot(1, '08:05'),
        slot(1, '08:05', ['facebook']),
      ]),
    ).toEqual([slot(1, '08:05'), slot(1, '17:30'), slot(3, '09:00', ['twitter', 'bluesky'])]);
  });
});

describe('QueueUpdateSchema', () => {
  const parse = (body: unknown) => QueueUpdateSchema.safeParse(body);

  it('merges duplicates and canonicalises the zone', () => {
    const parsed = parse({
      timezone: 'utc',
      slots: [slot(0, '09:00'), { weekday: 0, time: '09:00' }],
    });
    expect(parsed.success && parsed.data).toEqual({ timezone: 'UTC', slots: [slot(0, '09:00')] });
  });

  it.each([
    [{ timezone: 'Mars/Olympus', slots: [] }, 'Choose a time zone from the list'],
    [{ timezone: 'UTC', slots: [slot(7, '09:00')] }, QUEUE_MESSAGES.badWeekday],
    [{ timezone: 'UTC', slots: [slot(-1, '09:00')] }, QUEUE_MESSAGES.badWeekday],
    [{ timezone: 'UTC', slots: [slot(1.5, '09:00')] }, QUEUE_MESSAGES.badWeekday],
    [{ timezone: 'UTC', slots: [slot(1, '24:00')] }, QUEUE_MESSAGES.badTime],
    [{ timezone: 'UTC', slots: [slot(1, '9:00')] }, QUEUE_MESSAGES.badTime],
    [{ timezone: 'UTC', slots: [slot(1, '09:60')] }, QUEUE_MESSAGES.badTime],
    [
      { timezone: 'UTC', slots: [slot(1, '09:00', ['myspace' as never])] },
      QUEUE_MESSAGES.badSlotNetworks,
    ],
  ])('refuses %j with its field message', (body, message) => {
    const parsed = parse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('slotServes', () => {
  it('serves every network without a list, else only the listed ones', () => {
    expect(slotServes(slot(1, '09:00'), ['twitter', 'linkedIn'])).toBe(true);
    expect(slotServes(slot(1, '09:00', ['twitter']), ['twitter'])).toBe(true);
    expect(slotServes(slot(1, '09:00', ['twitter']), ['twitter', 'linkedIn'])).toBe(false);
  });
});

describe('nextSlotTimes', () => {
  it('keeps 09:00 in New York the week before and after spring forward and fall back', () => {
    const sunday = [slot(0, '09:00')];
    expect(
      zoned(nextSlotTimes(sunday, 'America/New_York', at('2026-03-01T00:00:00Z'), 3), 'UTC'),
    ).toEqual([
      '2026-03-01T14:00:00.000+00:00',
      '2026-03-08T13:00:00.000+00:00',
      '2026-03-15T13:00:00.000+00:00',
    ]);
    expect(
      zoned(
        nextSlotTimes(sunday, 'America/New_York', at('2026-10-25T00:00:00Z'), 3),
        'America/New_York',
      ),
    ).toEqual([
      '2026-10-25T09:00:00.000-04:00',
      '2026-11-01T09:00:00.000-05:00',
      '2026-11-08T09:00:00.000-05:00',
    ]);
  });

  it('keeps 09:00 in London across its changes', () => {
    const sunday = [slot(0, '09:00')];
    expect(
      zoned(nextSlotTimes(sunday, 'Europe/London', at('2026-03-22T00:00:00Z'), 2), 'UTC'),
    ).toEqual(['2026-03-22T09:00:00.000+00:00', '2026-03-29T08:00:00.000+00:00']);
    expect(
      zoned(nextSlotTimes(sunday, 'Europe/London', at('2026-10-18T00:00:00Z'), 2), 'UTC'),
    ).toEqual(['2026-10-18T08:00:00.000+00:00', '2026-10-25T09:00:00.000+00:00']);
  });

  it('moves a skipped time forward by the gap and takes a repeated time first', () => {
    // New York skips 02:00-03:00 on 8 March 2026 and shows 01:00-02:00 twice on 1 November.
    expect(
      zoned(
        nextSlotTimes([slot(0, '02:30')], 'America/New_York', at('2026-03-07T12:00:00Z'), 2),
        'America/New_York',
      ),
    ).toEqual(['2026-03-08T03:30:00.000-04:00', '2026-03-15T02:30:00.000-04:00']);
    expect(
      zoned(
        nextSlotTimes([slot(0, '01:30')], 'America/New_York', at('2026-10-31T12:00:00Z'), 1),
        'America/New_York',
      ),
    ).toEqual(['2026-11-01T01:30:00.000-04:00']);
    // London skips 01:00-02:00 on 29 March 2026.
    expect(
      zoned(
        nextSlotTimes([slot(0, '01:30')], 'Europe/London', at('2026-03-28T12:00:00Z'), 1),
        'Europe/London',
      ),
    ).toEqual(['2026-03-29T02:30:00.000+01:00']);
  });

  it('makes one time of a skipped slot and the slot it lands on, serving both', () => {
    const times = [
      ...slotTimes(
        [slot(0, '02:30', ['twitter']), slot(0, '03:30', ['bluesky']), slot(0, '03:00')],
        'America/New_York',
        at('2026-03-07T12:00:00Z'),
        at('2026-03-09T00:00:00Z'),
      ),
    ];
    expect(times.map((time) => [toZonedIso(time.at, 'America/New_York'), time.networks])).toEqual([
      ['2026-03-08T03:00:00.000-04:00', null],
      ['2026-03-08T03:30:00.000-04:00', ['twitter', 'bluesky']],
    ]);
  });

  it('starts after the given instant, orders by instant, and stops at the horizon', () => {
    const slots = [slot(1, '17:00'), slot(1, '08:00'), slot(5, '12:00')];
    // Monday 2 March 2026, 08:00 UTC exactly: that slot has gone.
    expect(zoned(nextSlotTimes(slots, 'UTC', at('2026-03-02T08:00:00Z'), 4), 'UTC')).toEqual([
      '2026-03-02T17:00:00.000+00:00',
      '2026-03-06T12:00:00.000+00:00',
      '2026-03-09T08:00:00.000+00:00',
      '2026-03-09T17:00:00.000+00:00',
    ]);
    expect(nextSlotTimes([], 'UTC', 0)).toEqual([]);
    // One slot a week: about 13 fit in 90 days, never more.
    expect(nextSlotTimes([slot(2, '10:00')], 'UTC', at('2026-03-02T00:00:00Z'), 50)).toHaveLength(
      13,
    );
  });

  it('counts weekdays in the zone, not in UTC', () => {
    // Sunday 23:30 in Los Angeles is Monday in UTC (and 16:00 on Sunday there is 00:00 UTC Monday).
    expect(
      zoned(
        nextSlotTimes([slot(0, '23:30')], 'America/Los_Angeles', at('2026-03-02T00:00:00Z'), 1),
        'UTC',
      ),
    ).toEqual(['2026-03-02T07:30:00.000+00:00']);
    // Monday 08:00 in Tokyo is still Sunday in UTC.
    expect(
      zoned(nextSlotTimes([slot(1, '08:00')], 'Asia/Tokyo', at('2026-03-01T00:00:00Z'), 1), 'UTC'),
    ).toEqual(['2026-03-01T23:00:00.000+00:00']);
  });
});
