import { z } from 'zod/mini';
import { issueCode } from './error-codes.js';
import { NETWORK_IDS } from './networks.js';
import { FirstCommentStateSchema, ThreadStateSchema } from './post-variants.js';
import { pagingQuery } from './customer.js';
import {
  AttachmentSchema,
  PageNumberSchema,
  POST_MESSAGES,
  POST_PUBLISH_STATUSES,
} from './posts.js';
import { canonicalTimeZone, isKnownTimeZone } from './time-zone.js';

export const REPEAT_TYPES = ['daily', 'weekly', 'monthly'] as const;
export type RepeatType = (typeof REPEAT_TYPES)[number];
/** A repeating schedule expands into at most this many occurrences (spec 000 section 9). */
export const REPEAT_MAX_OCCURRENCES = 100;
/**
 * Retries after the first attempt of a thread part or first comment, and the sends of an
 * unconfirmed post a read-back may make past its retry window. A publication's own transient
 * faults are retried for a window of time instead (the `publish_retry_window_minutes` setting).
 */
export const PUBLISH_MAX_RETRIES = 3;

export const SCHEDULE_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const SCHEDULE_PAGE_SIZE_DEFAULT = 25;
export const CALENDAR_POPUP_MAX_POSTS = 3;

export const SCHEDULE_MESSAGES = {
  loading: 'Loading schedule...',
  selectPlatform: 'Please select at least one platform',
  selectDateTime: 'Please select both date and time',
  futureDateTime: 'Please select a future date and time',
  noNetworks:
    'No social networks are connected for this entity. Please connect social networks before scheduling posts.',
  networkNotConnected: (network: string) =>
    `${network} is not connected for this entity. Connect it before scheduling.`,
  networkNotOnPlan: (network: string) => `${network} isn’t available on your current plan.`,
  postHasNoEntity: 'This post has no entity. Choose an entity for it before scheduling.',
  instagramNeedsMedia:
    'Instagram publishes images and videos only. Add an image or video to the post before scheduling it to Instagram.',
  repeatUntilBeforeStart: 'The repeat end date must be after the first date and time',
  repeatUntilRequired: 'Please choose when the repeat ends',
  scheduled: 'Post scheduled successfully',
  scheduleFailed: 'Failed to schedule post',
  deleted: (count: number) => `${count} post(s) deleted`,
  deleteFailed: 'Failed to delete posts',
  notFound: 'Scheduled post not found',
  deleteTitle: 'Delete Scheduled Post',
  deleteConfirm:
    'Are you sure you want to delete this scheduled post? This action cannot be undone.',
  bulkDeleteConfirm: (count: number) =>
    `Are you sure you want to delete ${count} scheduled post(s)?`,
  noPostsInQueue: 'No posts in queue',
  noScheduledPosts: 'No scheduled posts',
  unconfirmed: 'unconfirmed: check the account before re-posting',
  missed: 'Missed: the server was not running at the scheduled time',
  /** Post Logs lines of the read-back of an unconfirmed publication (its network's name in a sentence). */
  foundAfterLostAnswer: (network: string) => `Found on ${network} after the answer was lost`,
  notFoundSendingAgain: (network: string) =>
    `Not found on ${network} after the answer was lost: sending it again`,
  cannotLookBack: (network: string, reason: string) =>
    `Could not look on ${network} for the post (${reason}): unconfirmed, check the account`,
} as const;

export const SETTINGS_MESSAGES = {
  fetched: 'Settings fetched successfully',
  saved: 'Timezone settings saved successfully',
  unknownZone: 'Choose a time zone from the list',
} as const;

/** An IANA zone a person picked, canonicalised (`utc` -> `UTC`); anything else is refused. */
export const TimeZoneSchema = z.pipe(
  z
    .string({ error: SETTINGS_MESSAGES.unknownZone })
    .check(z.trim())
    .check(z.maxLength(64, SETTINGS_MESSAGES.unknownZone))
    .check(
      z.refine(isKnownTimeZone, {
        message: SETTINGS_MESSAGES.unknownZone,
        ...issueCode('UNKNOWN_TIME_ZONE'),
      }),
    ),
  z.transform((zone) => canonicalTimeZone(zone) ?? zone),
);

/**
 * A repeat ends after its first occurrence: `repeatUntil` strictly later than `scheduleDate`
 * (both ISO date-times). The dialog sends the end of the chosen day, so the start's own day
 * passes and a day before it does not; the same instant as the start does not.
 */
export function repeatEndsAfterStart(scheduleDate: string, repeatUntil: string): boolean {
  return Date.parse(repeatUntil) > Date.parse(scheduleDate);
}

/** The first occurrence is later than `now` (epoch milliseconds). */
export function isScheduleDateInFuture(scheduleDate: string, now: number): boolean {
  return Date.parse(scheduleDate) > now;
}

/**
 * True when the body is an object and none of `fields` failed its own check: a rule across
 * them only runs then (never on a body that is not an object at all).
 */
const fieldsParsed =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    payload.issues.every(
      (issue) =>
        issue.path !== undefined &&
        issue.path.length > 0 &&
        !fields.includes(String(issue.path[0])),
    );

/**
 * The Schedule dialog's fields, each with its own message: the dialog's body below and the
 * public API's schedule bodies (`networks`, `scheduled_for`, ...) are built from these.
 */
export const ScheduleNetworksSchema = z
  .array(z.enum(NETWORK_IDS, { error: 'Unknown social network' }), {
    error: SCHEDULE_MESSAGES.selectPlatform,
  })
  .check(z.minLength(1, SCHEDULE_MESSAGES.selectPlatform))
  .check(z.maxLength(NETWORK_IDS.length));
export const ScheduleDateSchema = z.iso.datetime({
  offset: true,
  error: SCHEDULE_MESSAGES.selectDateTime,
});

export const ScheduleCreateSchema = z
  .object({
    social_account_type: ScheduleNetworksSchema,
    post_id: z.uuid({ error: POST_MESSAGES.notFound }),
    schedule_date: ScheduleDateSchema,
    repeat_type: z.nullish(
      z.enum(REPEAT_TYPES, { error: 'Repeat must be daily, weekly or monthly' }),
    ),
    repeat_until: z.nullish(
      z.iso.datetime({ offset: true, error: SCHEDULE_MESSAGES.repeatUntilRequired }),
    ),
    /** The IANA zone the date and time were picked in; the saved setting when omitted. */
    timezone: z.nullish(TimeZoneSchema),
  })
  .check(
    z.refine((body) => !body.repeat_type || !!body.repeat_until, {
      message: SCHEDULE_MESSAGES.repeatUntilRequired,
      path: ['repeat_until'],
      ...issueCode('REPEAT_UNTIL_REQUIRED'),
      when: fieldsParsed('repeat_type', 'repeat_until'),
    }),
  )
  .check(
    z.refine(
      (body) =>
        !body.repeat_type ||
        !body.repeat_until ||
        repeatEndsAfterStart(body.schedule_date, body.repeat_until),
      {
        message: SCHEDULE_MESSAGES.repeatUntilBeforeStart,
        path: ['repeat_until'],
        ...issueCode('REPEAT_UNTIL_BEFORE_START'),
        when: fieldsParsed('repeat_type', 'repeat_until', 'schedule_date'),
      },
    ),
  );
export type ScheduleCreate = z.input<typeof ScheduleCreateSchema>;

export const PUBLICATION_STATUSES = [
  'pending',
  'publishing',
  'published',
  'failed',
  'unconfirmed',
  'missed',
  'cancelled',
] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const ScheduleDataSchema = z.object({
  /** The publication's id (the screen's actions address it). */
  id: z.string(),
  network: z.enum(NETWORK_IDS),
  social_account: z.object({ name: z.string() }),
  status: z.enum(PUBLICATION_STATUSES),
  external_url: z.nullable(z.string()),
  error: z.nullable(z.string()),
  /** Why it failed or was missed, for programs ('NOT_APPROVED': not approved before its time). */
  error_code: z.optional(z.nullable(z.string())),
  attempts: z.number().check(z.int()),
  published_at: z.nullable(z.string()),
  /** Due again at (a retry or publish-now from the screen); null: the occurrence's time. */
  due_at: z.nullable(z.string()),
  /**
   * Set while the publication waits and its connection's token expires before the
   * instance's time and cannot be renewed without the customer: 'Reconnect before {date}'.
   */
  reconnect_before: z.nullable(z.string()),
  /** X, Bluesky, Threads: how far the post's thread went; absent or null without one. */
  thread: z.optional(z.nullable(ThreadStateSchema)),
  /** Facebook, Instagram, LinkedIn: the post's first comment; absent or null without one. */
  first_comment: z.optional(z.nullable(FirstCommentStateSchema)),
});
export type ScheduleData = z.infer<typeof ScheduleDataSchema>;

export const ScheduledInstanceSchema = z.object({
  id: z.string(),
  schedule_id: z.string(),
  scheduled_for: z.string(),
  status: z.string(),
  repeat_type: z.nullable(z.enum(REPEAT_TYPES)),
  post: z.object({
    id: z.string(),
    content: z.string(),
    url: z.nullable(z.string()),
    attachments: z.array(AttachmentSchema),
    company: z.nullable(
      z.object({ id: z.string(), name: z.string(), logo_url: z.nullable(z.string()) }),
    ),
  }),
  schedule_data: z.array(ScheduleDataSchema),
});
export type ScheduledInstance = z.infer<typeof ScheduledInstanceSchema>;

export const ScheduleListQuerySchema = z.object({
  page: PageNumberSchema,
  pageSize: z._default(
    z.coerce
      .number({ error: 'pageSize must be a whole number' })
      .check(z.int('pageSize must be a whole number'))
      .check(z.gte(1, 'pageSize must be 1 or more'))
      .check(z.lte(100, 'pageSize must be at most 100')),
    SCHEDULE_PAGE_SIZE_DEFAULT,
  ),
  company_id: z.optional(z.uuid({ error: POST_MESSAGES.entityNotFound })),
  /** One post's occurrences (its own view lists what went wrong and what can be done). */
  post_id: z.optional(z.uuid({ error: POST_MESSAGES.notFound })),
  from: z.optional(z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' })),
  to: z.optional(z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' })),
});

export const ScheduleListSchema = z.object({
  rows: z.array(ScheduledInstanceSchema),
  /** Exact up to a few pages past the one asked for; beyond that see `count_is_exact`. */
  count: z.number().check(z.int()),
  /** False when more rows match than were counted (decision 041): more pages follow. */
  count_is_exact: z.optional(z.boolean()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type ScheduleList = z.infer<typeof ScheduleListSchema>;

export const BulkDeleteSchedulesSchema = z.object({
  ids: z
    .array(z.uuid({ error: SCHEDULE_MESSAGES.notFound }))
    .check(z.minLength(1, 'Choose at least one scheduled post'))
    .check(z.maxLength(500, 'At most 500 scheduled posts at once')),
});

export const UserSettingsSchema = z.object({
  /** Null until the customer saves one: the browser's zone is used, then UTC. */
  timezone: z.nullable(z.string()),
  auto_dst: z.boolean(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

export const UserSettingsUpdateSchema = z.object({
  timezone: TimeZoneSchema,
  auto_dst: z._default(z.boolean(), true),
});

/** The longest span one calendar request may ask for. */
export const CALENDAR_MAX_DAYS = 400;

/** Per-day counts for the calendar, days in the customer's time zone. */
export const CalendarQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }),
    company_id: z.optional(z.uuid({ error: POST_MESSAGES.entityNotFound })),
    /** The zone days are counted in; the saved setting (then UTC) when omitted. */
    timezone: z.optional(TimeZoneSchema),
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
      (query) => Date.parse(query.to) - Date.parse(query.from) <= CALENDAR_MAX_DAYS * 86_400_000,
      {
        message: `Ask for at most ${CALENDAR_MAX_DAYS} days at once`,
        path: ['to'],
        ...issueCode('RANGE_TOO_LONG'),
      },
    ),
  );

export const CalendarDaySchema = z.object({
  /** yyyy-MM-dd in the zone asked for. */
  date: z.string(),
  count: z.number().check(z.int()),
  /** The first posts of the day by time, at most CALENDAR_POPUP_MAX_POSTS. */
  posts: z.array(
    z.object({
      id: z.string(),
      scheduled_for: z.string(),
      content: z.string(),
      /** This occurrence's status in the posts' words; null when cancelled. */
      publish_status: z.nullable(z.enum(POST_PUBLISH_STATUSES)),
    }),
  ),
});
export type CalendarDay = z.infer<typeof CalendarDaySchema>;
export const CalendarSchema = z.object({ days: z.array(CalendarDaySchema) });

// ---- Post logs (one row per publishing attempt) -------------------------------------------

export const LOG_STATUS_FILTERS = ['success', 'error', 'pending'] as const;
export const LOGS_LIMIT_MAX = 100;
export const LOGS_LIMIT_DEFAULT = 25;
/** The Post Logs section asks again this often while it is open (spec 001 section 9). */
export const LOGS_REFRESH_MS = 30_000;

export const LogListQuerySchema = z.object({
  status: z.optional(
    z.enum(LOG_STATUS_FILTERS, { error: 'Status must be success, error or pending' }),
  ),
  q: z.optional(
    z
      .string()
      .check(z.trim())
      .check(z.maxLength(200, 'Search text must be at most 200 characters')),
  ),
  ...pagingQuery(LOGS_LIMIT_DEFAULT, LOGS_LIMIT_MAX),
});
export type LogListQuery = z.input<typeof LogListQuerySchema>;

export const SystemLogSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  platform: z.string(),
  status: z.enum(LOG_STATUS_FILTERS),
  message: z.string(),
  post_id: z.nullable(z.string()),
  /** The start of the post's text (the row links to the post through it); null once deleted. */
  post_content: z.optional(z.nullable(z.string())),
  /** Who wrote the post (the owner or a member); null when unknown. */
  post_author: z.optional(z.nullable(z.string())),
  /**
   * The person the attempt was for: who pressed the action (retry, publish now...), else who
   * scheduled the post; null when unknown (rows from before people were recorded).
   */
  acted_by: z.optional(z.nullable(z.string())),
  instance_id: z.nullable(z.string()),
  error_code: z.nullable(z.string()),
  /** Shown as 'Retry n' when above 0. */
  retry_count: z.number().check(z.int()),
  scheduled_for: z.nullable(z.string()),
});
export type SystemLog = z.infer<typeof SystemLogSchema>;
export const LogListSchema = z.object({
  rows: z.array(SystemLogSchema),
  /** Exact up to a few pages past the one asked for; beyond that see `count_is_exact`. */
  count: z.number().check(z.int()),
  /** False when more rows match than were counted (decision 041): more pages follow. */
  count_is_exact: z.optional(z.boolean()),
  page: z.number().check(z.int()),
  limit: z.number().check(z.int()),
});
export type LogList = z.infer<typeof LogListSchema>;

export const LOG_MESSAGES = {
  fetched: 'Logs fetched successfully',
  failed: 'Failed to load logs',
} as const;

export const ScheduleIdParamsSchema = z.object({
  id: z.uuid({ error: SCHEDULE_MESSAGES.notFound }),
});

export const ScheduleCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.string(), instances: z.array(ScheduledInstanceSchema) }),
});

export const BulkDeletedSchema = z.object({ deleted: z.number().check(z.int()) });
