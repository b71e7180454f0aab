import { z } from 'zod/mini';
import { issueCode } from './error-codes.js';
import { NETWORK_IDS } from './networks.js';
import { POST_MESSAGES } from './posts.js';
import { MOVE_TO_LABEL } from './occurrence-messages.js';
import { REPEAT_TYPES, ScheduleDateSchema } from './schedules.js';

/*
 * The calendar's occurrences (week and day views) and moving one to another time: by drag or
 * by 'Move to...'. A repeating schedule's occurrence moves alone ('one') or with the ones
 * after it ('following', which splits the series at it).
 */

export const MOVE_SCOPES = ['one', 'following'] as const;
export type MoveScope = (typeof MOVE_SCOPES)[number];

/** Week and day views snap a dropped occurrence to this many minutes. */
export const CALENDAR_SNAP_MINUTES = 15;
/**
 * The longest range one occurrences request may ask for: a month grid of six weeks, and the
 * hour a daylight saving change can add to it.
 */
export const OCCURRENCES_MAX_DAYS = 43;
/** At most this many occurrences in one answer (`truncated` says when more exist). */
export const OCCURRENCES_MAX = 500;

export const OCCURRENCE_MESSAGES = {
  moveTo: MOVE_TO_LABEL,
  moveTitle: 'Move scheduled post',
  move: 'Move',
  moved: 'Post moved',
  moveFailed: 'Failed to move post',
  onlyThisOne: 'Only this one',
  thisAndFollowing: 'This and the following ones',
  scopeQuestion: 'This post repeats. Which posts move?',
  stale:
    'This post was moved or began publishing since the calendar was shown. The calendar now shows it as it is.',
  notMovable: 'Published, publishing and past posts stay where they are.',
} as const;

export const OccurrenceMoveSchema = z.object({
  scheduled_for: ScheduleDateSchema,
  scope: z._default(z.enum(MOVE_SCOPES, { error: "Scope must be 'one' or 'following'" }), 'one'),
  /** The time the mover saw: the move is refused (409 STALE) when it is no longer so. */
  expected_scheduled_for: z.iso.datetime({
    offset: true,
    error: 'expected_scheduled_for must be an ISO date-time',
  }),
});
export type OccurrenceMove = z.input<typeof OccurrenceMoveSchema>;

export const OccurrenceMovedSchema = z.object({
  /** The schedule the moved occurrences belong to now (a new one after a 'following' split). */
  schedule_id: z.string(),
  moved: z.array(z.object({ id: z.string(), scheduled_for: z.string() })),
});
export type OccurrenceMoved = z.infer<typeof OccurrenceMovedSchema>;

export const OccurrencesQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }),
    company_id: z.optional(z.uuid({ error: POST_MESSAGES.entityNotFound })),
  })
  .check(
    z.refine((query) => Date.parse(query.to) > Date.parse(query.from), {
      message: 'to must be after from',
      path: ['to'],
      ...issueCode('BAD_RANGE'),
    }),
  )
  .check(
    z.refine(
      (query) => Date.parse(query.to) - Date.parse(query.from) <= OCCURRENCES_MAX_DAYS * 86_400_000,
      {
        message: `Ask for at most ${OCCURRENCES_MAX_DAYS} days at once`,
        path: ['to'],
        ...issueCode('RANGE_TOO_LONG'),
      },
    ),
  );

export const OccurrenceSchema = z.object({
  id: z.string(),
  schedule_id: z.string(),
  scheduled_for: z.string(),
  status: z.string(),
  repeat_type: z.nullable(z.enum(REPEAT_TYPES)),
  /** The start of the post's text. */
  content: z.string(),
  company_name: z.nullable(z.string()),
  networks: z.array(z.enum(NETWORK_IDS)),
  /** Waiting, in the future and none of its networks started: it may be moved. */
  movable: z.boolean(),
});
export type Occurrence = z.infer<typeof OccurrenceSchema>;
export const OccurrencesSchema = z.object({
  occurrences: z.array(OccurrenceSchema),
  truncated: z.boolean(),
});
export type Occurrences = z.infer<typeof OccurrencesSchema>;

/** Whether a shown occurrence may be dragged or moved now (the server decides for good). */
export function canMoveOccurrence(
  occurrence: Pick<Occurrence, 'movable' | 'scheduled_for'>,
  now: number,
) {
  return occurrence.movable && Date.parse(occurrence.scheduled_for) > now;
}
