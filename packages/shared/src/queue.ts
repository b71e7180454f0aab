/**
 * The posting queue of an entity: weekly slots (a weekday and a wall-clock time in the
 * entity's zone, optionally only for some networks), the schemas of its API, and the one
 * arithmetic that turns slots into instants. The server picks a post's slot with it and the
 * web lists the next slots with it; both convert wall-clock times through `time-zone.ts`,
 * the module the recurrences use, so a slot in a skipped or repeated hour follows the same
 * rule as a repeating schedule.
 */
import { z } from 'zod/mini';
import { NETWORK_IDS, type NetworkId } from './networks.js';
import { SCHEDULE_MESSAGES, TimeZoneSchema } from './schedules.js';
import { instantOfWallClock, wallClockAt } from './time-zone.js';

/** How far ahead a post looks for an open slot. */
export const QUEUE_HORIZON_DAYS = 90;
/** How many upcoming slot times the queue answers (and the editor lists). */
export const QUEUE_NEXT_COUNT = 10;
/** At most this many slots per entity (a slot every 10 minutes of the week is far more than any calendar holds). */
export const QUEUE_MAX_SLOTS = 200;

/** 0 = Sunday ... 6 = Saturday (as `Date.getUTCDay`). */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export const QUEUE_MESSAGES = {
  fetched: 'Queue fetched successfully',
  saved: 'Queue saved',
  added: 'Post added to the queue',
  badWeekday: 'Each slot needs a weekday from 0 (Sunday) to 6 (Saturday)',
  badTime: 'Each slot needs a time as HH:MM, 24-hour (00:00 to 23:59)',
  badSlotNetworks: 'A slot’s networks must be known social networks, or null for every network',
  tooManySlots: `A queue holds at most ${QUEUE_MAX_SLOTS} slots`,
  noOpenSlot: `No open slot in the next ${QUEUE_HORIZON_DAYS} days: add slots to the queue`,
  /** The Add to queue toast: when the post goes out, in the queue's zone. */
  goesOut: (when: string) => `Added to the queue: goes out ${when}`,
} as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const QueueSlotSchema = z.object({
  weekday: z
    .number({ error: QUEUE_MESSAGES.badWeekday })
    .check(z.int(QUEUE_MESSAGES.badWeekday))
    .check(z.gte(0, QUEUE_MESSAGES.badWeekday))
    .check(z.lte(6, QUEUE_MESSAGES.badWeekday)),
  time: z
    .string({ error: QUEUE_MESSAGES.badTime })
    .check(z.regex(TIME_OF_DAY, QUEUE_MESSAGES.badTime)),
  /** Null: the slot serves every network. */
  networks: z._default(
    z.nullable(
      z
        .array(z.enum(NETWORK_IDS, { error: QUEUE_MESSAGES.badSlotNetworks }), {
          error: QUEUE_MESSAGES.badSlotNetworks,
        })
        .check(z.maxLength(NETWORK_IDS.length)),
    ),
    null,
  ),
});
export type QueueSlot = z.output<typeof QueueSlotSchema>;

export const QueueUpdateSchema = z.object({
  timezone: TimeZoneSchema,
  slots: z.pipe(
    z
      .array(QueueSlotSchema, { error: 'slots must be a list' })
      .check(z.maxLength(QUEUE_MAX_SLOTS, QUEUE_MESSAGES.tooManySlots)),
    z.transform((slots) => mergeSlots(slots)),
  ),
});
export type QueueUpdate = z.input<typeof QueueUpdateSchema>;

export const QueueSchema = z.object({
  timezone: z.string(),
  slots: z.array(
    z.object({
      weekday: z.number().check(z.int()),
      time: z.string(),
      networks: z.nullable(z.array(z.enum(NETWORK_IDS))),
    }),
  ),
  /** The next slot times from now, ISO instants (UTC), at most QUEUE_NEXT_COUNT. */
  next: z.array(z.string()),
});
export type Queue = z.infer<typeof QueueSchema>;

export const AddToQueueSchema = z.object({
  networks: z
    .array(z.enum(NETWORK_IDS, { error: 'Unknown social network' }), {
      error: SCHEDULE_MESSAGES.selectPlatform,
    })
    .check(z.minLength(1, SCHEDULE_MESSAGES.selectPlatform))
    .check(z.maxLength(NETWORK_IDS.length)),
});
export type AddToQueue = z.infer<typeof AddToQueueSchema>;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * One slot per weekday and time, sorted (weekday, then time). Slots at the same weekday and
 * time are merged: their networks joined, and a slot for every network (null) wins.
 */
export function mergeSlots(slots: readonly QueueSlot[]): QueueSlot[] {
  const merged = new Map<string, QueueSlot>();
  for (const slot of slots) {
    const key = `${slot.weekday} ${slot.time}`;
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, {
        weekday: slot.weekday,
        time: slot.time,
        networks: slot.networks ? sortNetworks(slot.networks) : null,
      });
    } else if (seen.networks !== null) {
      seen.networks = slot.networks ? sortNetworks([...seen.networks, ...slot.networks]) : null;
    }
  }
  return [...merged.values()].sort(
    (a, b) => a.weekday - b.weekday || minutesOf(a.time) - minutesOf(b.time),
  );
}

function sortNetworks(networks: readonly NetworkId[]): NetworkId[] {
  return NETWORK_IDS.filter((network) => networks.includes(network));
}

/** Whether a slot serves every one of `networks` (a slot without networks serves all). */
export function slotServes(slot: Pick<QueueSlot, 'networks'>, networks: readonly NetworkId[]) {
  return slot.networks === null || networks.every((network) => slot.networks?.includes(network));
}

export interface SlotTime {
  /** Epoch milliseconds. */
  at: number;
  /** The networks served then: null for every network. */
  networks: NetworkId[] | null;
}

const DAY_MS = 86_400_000;

/**
 * The slots' instants after `from` (epoch ms, exclusive), earliest first, up to `until`
 * (exclusive). Each slot is its wall-clock time in `zone` on each of its weekdays, converted
 * by `instantOfWallClock`: a time the clocks skip moves forward by the gap (02:30 on New
 * York's spring-forward day is 03:30 EDT) and a time shown twice is its first occurrence.
 * Two slots that land on one instant (a skipped 02:30 and a 03:30) are one, serving both
 * slots' networks.
 */
export function* slotTimes(
  slots: readonly QueueSlot[],
  zone: string,
  from: number,
  until: number,
): Generator<SlotTime> {
  if (slots.length === 0) return;
  const start = wallClockAt(from, zone);
  // Days counted on the calendar of the zone (a day before, for safety at the edges).
  for (let day = -1; ; day++) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + day));
    const weekday = date.getUTCDay();
    const times = new Map<number, NetworkId[] | null>();
    for (const slot of slots) {
      if (slot.weekday !== weekday) continue;
      const minutes = minutesOf(slot.time);
      const at = instantOfWallClock(
        {
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
          hour: Math.floor(minutes / 60),
          minute: minutes % 60,
          second: 0,
          millisecond: 0,
        },
        zone,
      );
      if (times.has(at)) {
        const seen = times.get(at) ?? null;
        times.set(at, seen && slot.networks ? sortNetworks([...seen, ...slot.networks]) : null);
      } else {
        times.set(at, slot.networks);
      }
    }
    for (const [at, networks] of [...times.entries()].sort(([a], [b]) => a - b)) {
      if (at >= until) return;
      if (at > from) yield { at, networks };
    }
    // The day's wall clock starts no later than a day and a bit after its UTC date.
    if (date.getTime() - 2 * DAY_MS >= until) return;
  }
}

/** The next `count` slot instants after `from` (epoch ms), within the queue's horizon. */
export function nextSlotTimes(
  slots: readonly QueueSlot[],
  zone: string,
  from: number,
  count = QUEUE_NEXT_COUNT,
): number[] {
  const times: number[] = [];
  for (const slot of slotTimes(slots, zone, from, from + QUEUE_HORIZON_DAYS * DAY_MS)) {
    times.push(slot.at);
    if (times.length >= count) break;
  }
  return times;
}

/** The Entities page with one entity's queue editor open (`?queue=<entityId>`). */
export const QUEUE_QUERY_PARAM = 'queue';
export const queueEditorPath = (companyId: string) =>
  `/companies?${QUEUE_QUERY_PARAM}=${encodeURIComponent(companyId)}`;
