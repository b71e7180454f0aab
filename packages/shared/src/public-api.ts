import { z } from 'zod/mini';
import type { ApiKeyScope } from './api-keys.js';
import { issueCode } from './error-codes.js';
import { CONNECTION_STATUSES } from './connections.js';
import { NETWORK_IDS } from './networks.js';
import {
  PostFirstCommentFieldSchema,
  PostThreadSchema,
  PostVariantsSchema,
} from './post-variants.js';
import {
  POST_MESSAGES,
  POST_STATUS_FILTERS,
  PostContentSchema,
  postLinkText,
  type PostStatusFilter,
} from './posts.js';
import type { PublicationAction } from './publications.js';
import {
  PUBLICATION_STATUSES,
  SCHEDULE_MESSAGES,
  ScheduleDateSchema,
  ScheduleNetworksSchema,
} from './schedules.js';

/**
 * The public API's resources under /api/v1 (entities, connections, posts, publications):
 * what they answer and what they take. The rules behind them are the web app's.
 */
export const API_LIST_LIMIT_DEFAULT = 25;
export const API_LIST_LIMIT_MAX = 100;
/** A post takes one media file (as in the post form). */
export const API_POST_MEDIA_MAX = 1;

/**
 * The scope each publication action needs of an API key: anything that sends to a network
 * (publish now, retry, confirm-absent) needs `publish`; marking published changes our record only.
 */
export const PUBLICATION_ACTION_SCOPES: Record<PublicationAction, ApiKeyScope> = {
  'publish-now': 'publish',
  retry: 'publish',
  'confirm-absent': 'publish',
  'mark-published': 'write',
};

export const PUBLIC_API_MESSAGES = {
  entitiesFetched: 'Entities fetched successfully',
  entityFetched: 'Entity fetched successfully',
  connectionsFetched: 'Connections fetched successfully',
  postsFetched: 'Posts fetched successfully',
  postFetched: 'Post fetched successfully',
  limitInvalid: `limit must be a whole number from 1 to ${API_LIST_LIMIT_MAX}`,
  cursorInvalid:
    'cursor is not valid: pass the next_cursor of the previous page unchanged, or leave it out for the first page',
  dateInvalid: (field: string) =>
    `${field} must be an ISO 8601 date-time with an offset, like 2026-05-01T09:00:00Z`,
  rangeBackwards: 'to must be after from',
  statusInvalid: `status must be one of: ${POST_STATUS_FILTERS.join(', ')}`,
  entityRequired: POST_MESSAGES.requiredFields(['entity_id']),
  contentRequired: POST_MESSAGES.requiredFields(['content']),
  networksInvalid: 'networks must be a list of network ids, like ["twitter", "linkedIn"]',
  mediaIdsInvalid: 'media_ids must be a list of media ids',
  mediaTooMany: 'A post takes one media file only',
  mediaNotFound: 'Media not found: upload the file first and send the id it answers.',
  mediaInUse: 'This media is attached to another post. Upload the file again for this post.',
  stale:
    'The post has changed since you read it: its ETag no longer matches If-Match. Read it again, then send your change.',
  alreadySent: (networks: string) =>
    `This post has already gone out to ${networks}, so it can no longer be changed. Create a new post instead.`,
} as const;

const LimitSchema = z._default(
  z.coerce
    .number({ error: PUBLIC_API_MESSAGES.limitInvalid })
    .check(z.int(PUBLIC_API_MESSAGES.limitInvalid))
    .check(z.gte(1, PUBLIC_API_MESSAGES.limitInvalid))
    .check(z.lte(API_LIST_LIMIT_MAX, PUBLIC_API_MESSAGES.limitInvalid)),
  API_LIST_LIMIT_DEFAULT,
);

const CursorSchema = z.optional(
  z
    .string({ error: PUBLIC_API_MESSAGES.cursorInvalid })
    .check(z.maxLength(512, PUBLIC_API_MESSAGES.cursorInvalid)),
);

/** `limit` (1-100, 25 when left out) and the opaque `cursor` of every list. */
export const ApiListQuerySchema = z.object({ limit: LimitSchema, cursor: CursorSchema });
export type ApiListQuery = z.output<typeof ApiListQuerySchema>;

const apiDate = (field: string) =>
  z.iso.datetime({ offset: true, error: PUBLIC_API_MESSAGES.dateInvalid(field) });

export const ApiPostListQuerySchema = z
  .object({
    limit: LimitSchema,
    cursor: CursorSchema,
    entity_id: z.optional(z.uuid({ error: POST_MESSAGES.entityNotFound })),
    status: z.optional(z.enum(POST_STATUS_FILTERS, { error: PUBLIC_API_MESSAGES.statusInvalid })),
    /** Posts with an occurrence scheduled at or after this instant. */
    from: z.optional(apiDate('from')),
    /** Posts with an occurrence scheduled before this instant. */
    to: z.optional(apiDate('to')),
  })
  .check(
    z.refine((query) => !query.from || !query.to || Date.parse(query.to) > Date.parse(query.from), {
      message: PUBLIC_API_MESSAGES.rangeBackwards,
      path: ['to'],
      ...issueCode('BAD_RANGE'),
    }),
  );
export type ApiPostListQuery = z.output<typeof ApiPostListQuerySchema>;

/** A list's answer: one page, and the cursor of the next (null on the last page). */
export function apiList<T extends z.core.$ZodType>(item: T) {
  return z.object({
    message: z.string(),
    data: z.array(item),
    next_cursor: z.nullable(z.string()),
  });
}

export const ApiEntitySchema = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string(),
  industry: z.nullable(z.string()),
  custom_industry: z.nullable(z.string()),
  description: z.nullable(z.string()),
  logo_url: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApiEntity = z.infer<typeof ApiEntitySchema>;

export const ApiConnectionSchema = z.object({
  network: z.enum(NETWORK_IDS),
  /** The account's name on the network (the network's name when it told none). */
  name: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  /** When it stops working unless reconnected; null: never, unknown, or renewed by itself. */
  expires_at: z.nullable(z.string()),
});
export type ApiConnection = z.infer<typeof ApiConnectionSchema>;

export const ApiPublicationSchema = z.object({
  id: z.string(),
  network: z.enum(NETWORK_IDS),
  /** As the Scheduling page shows it. */
  status: z.enum(PUBLICATION_STATUSES),
  /** The occurrence's time. */
  scheduled_for: z.string(),
  published_at: z.nullable(z.string()),
  /** The post's address on the network, once published. */
  url: z.nullable(z.string()),
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
  attempts: z.number().check(z.int()),
});
export type ApiPublication = z.infer<typeof ApiPublicationSchema>;

export const ApiPostMediaSchema = z.object({
  /** The upload's id: what `media_ids` takes. */
  id: z.string(),
  url: z.string(),
  type: z.string(),
  name: z.string(),
});

export const ApiPostSchema = z.object({
  id: z.string(),
  /** Null when the post's entity was deleted. */
  entity_id: z.nullable(z.string()),
  content: z.string(),
  url: z.nullable(z.string()),
  media: z.array(ApiPostMediaSchema),
  /** The networks chosen in the post form (scheduling names its own). */
  networks: z.array(z.enum(NETWORK_IDS)),
  /** Each network's own text, where it has one (the others are sent `content`). */
  variants: z.partialRecord(
    z.enum(NETWORK_IDS),
    z.object({ content: z.optional(z.string()), media_ids: z.optional(z.array(z.string())) }),
  ),
  /** The thread's follow-up parts on X, Bluesky and Threads. */
  thread: z.array(z.string()),
  /** Posted under the post on Facebook, Instagram and LinkedIn after a delay. */
  first_comment: z.nullable(z.string()),
  /** The time set on the post itself, if any. */
  scheduled_for: z.nullable(z.string()),
  /** As the Posts table reads it (the values the list's `status` filter takes). */
  status: z.enum(POST_STATUS_FILTERS),
  /** When the post next goes out; null when nothing waits. */
  next_scheduled_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  publications: z.array(ApiPublicationSchema),
});
export type ApiPost = z.infer<typeof ApiPostSchema>;
export type ApiPostStatus = PostStatusFilter;

const ApiPostUrlSchema = z.pipe(
  z.transform((value) => (typeof value === 'string' && value.trim() === '' ? null : value)),
  z.nullish(postLinkText('url')),
);

const MediaIdsSchema = z
  .array(z.uuid({ error: PUBLIC_API_MESSAGES.mediaNotFound }), {
    error: PUBLIC_API_MESSAGES.mediaIdsInvalid,
  })
  .check(z.maxLength(API_POST_MEDIA_MAX, PUBLIC_API_MESSAGES.mediaTooMany));

const RequiredContentSchema = z
  .pipe(z.string({ error: PUBLIC_API_MESSAGES.contentRequired }), PostContentSchema)
  .check(z.refine((text) => text !== '', PUBLIC_API_MESSAGES.contentRequired));

export const ApiPostCreateSchema = z
  .object({
    entity_id: z
      .string({ error: PUBLIC_API_MESSAGES.entityRequired })
      .check(z.trim())
      .check(z.minLength(1, PUBLIC_API_MESSAGES.entityRequired)),
    content: RequiredContentSchema,
    url: ApiPostUrlSchema,
    media_ids: z.optional(MediaIdsSchema),
    variants: z.optional(PostVariantsSchema),
    thread: z.optional(PostThreadSchema),
    first_comment: PostFirstCommentFieldSchema,
    /** With `scheduled_for`: where it is scheduled (the Schedule dialog's choice). */
    networks: z.optional(
      z.pipe(
        z
          .array(z.enum(NETWORK_IDS, { error: 'Unknown social network' }), {
            error: PUBLIC_API_MESSAGES.networksInvalid,
          })
          .check(z.maxLength(NETWORK_IDS.length)),
        z.transform((ids) => [...new Set(ids)]),
      ),
    ),
    /** With `networks`: schedules the post as the Schedule dialog would. */
    scheduled_for: z.optional(ScheduleDateSchema),
  })
  .check(
    z.refine((body) => !body.scheduled_for || (body.networks?.length ?? 0) > 0, {
      message: SCHEDULE_MESSAGES.selectPlatform,
      path: ['networks'],
    }),
  );
export type ApiPostCreate = z.input<typeof ApiPostCreateSchema>;
export type ApiPostCreateInput = z.output<typeof ApiPostCreateSchema>;

/** The fields a PATCH may change; the ones left out stay as they are. */
export const ApiPostUpdateSchema = z.object({
  content: z.optional(RequiredContentSchema),
  url: ApiPostUrlSchema,
  media_ids: z.optional(MediaIdsSchema),
  /** Replaces the variants (send `{}` to drop them all). */
  variants: z.optional(PostVariantsSchema),
  thread: z.optional(PostThreadSchema),
  first_comment: PostFirstCommentFieldSchema,
});
export type ApiPostUpdate = z.input<typeof ApiPostUpdateSchema>;
export type ApiPostUpdateInput = z.output<typeof ApiPostUpdateSchema>;

/** The Schedule dialog's choice: the same checks and messages. */
export const ApiScheduleCreateSchema = z.object({
  networks: ScheduleNetworksSchema,
  scheduled_for: ScheduleDateSchema,
});
export type ApiScheduleCreate = z.input<typeof ApiScheduleCreateSchema>;

export const ApiScheduleSchema = z.object({
  id: z.string(),
  post_id: z.string(),
  scheduled_for: z.string(),
  networks: z.array(z.enum(NETWORK_IDS)),
  publications: z.array(ApiPublicationSchema),
});
export type ApiSchedule = z.infer<typeof ApiScheduleSchema>;

export const ApiIdParamsSchema = (notFound: string) =>
  z.object({ id: z.uuid({ error: notFound }) });
