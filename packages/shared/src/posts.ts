import { REVIEW_STATES } from './approval-basics.js';
import { z } from 'zod/mini';
import { normalizeWebsite } from './web-address.js';
import { NETWORK_IDS } from './networks.js';

/** Post tones (spec 000 section 3); professional is the default. */
export const POST_TONES = [
  'professional',
  'casual',
  'humorous',
  'enthusiastic',
  'informative',
  'authoritative',
  'friendly',
  'inspirational',
  'promotional',
  'educational',
] as const;
export const DEFAULT_POST_TONE = 'professional';
export const PostToneSchema = z.enum(POST_TONES, { error: 'Choose a tone from the list' });
export type PostTone = z.infer<typeof PostToneSchema>;

export const POST_CONTENT_MAX = 10_000;
export const POST_URL_MAX = 2048;

/** Media: one file per post, judged by its bytes. */
export const MEDIA_MAX_BYTES = 50 * 1024 * 1024;
export const MEDIA_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'video/mp4',
  'video/quicktime',
  'video/webm',
] as const;
export type MediaMimeType = (typeof MEDIA_MIME_TYPES)[number];
export const MEDIA_NOTE = 'Supported formats: JPG, PNG, GIF, MP4, MOV, WEBM (max 50MB)';
export const MEDIA_MESSAGES = {
  type: 'Invalid file type. Please upload an image or video',
  size: 'File size too large (max 50MB)',
} as const;

export const POST_MESSAGES = {
  requiredFields: (missing: string[]) =>
    `Please fill in all required fields: ${missing.join(', ')}`,
  created: 'Post created successfully',
  updated: 'Post updated successfully',
  deleted: 'Post deleted successfully',
  createFailed: 'Failed to create post',
  updateFailed: 'Failed to update post',
  deleteFailed: 'Failed to delete post',
  notFound: 'Post not found',
  entityNotFound: 'Entity not found',
  monthlyLimit: (limit: number) =>
    `Your plan allows ${limit} posts per month, and you have reached that limit. Upgrade your plan to create more posts this month.`,
  deleteConfirm: 'Are you sure you want to delete this post? This action cannot be undone.',
  loading: 'Loading posts...',
  empty: 'No posts yet. Create your first post!',
  unknownCompany: 'Unknown Company',
  noAttachments: 'No attachments',
  mediaFileMissing: 'Send one file in the multipart field "media"',
  enterUrl: 'Please enter a URL',
  enterContentFirst: 'Please enter some content first',
  selectEntityAndContent: 'Please select an entity and add content first',
  addContentFirst: 'Please add content first',
  urlScanned: 'URL scanned successfully',
  urlScanFailed: 'Failed to scan URL',
  hashtagsGenerated: 'Hashtags generated successfully',
  hashtagsFailed: 'Failed to generate hashtags',
  integrated: 'Company information integrated successfully',
  integrateFailed: 'Failed to integrate company information',
  generateFailed: 'Failed to generate AI content',
  shortenFailed: 'Failed to shorten URL, using original URL',
  newsFailed: 'Failed to search news',
  webFailed: 'Failed to search web',
  newsRequestFailed: 'News search request failed',
  articlesFailed: 'Failed to search articles',
  /** The marker that, on edit, is replaced by AI-written text about the entity. */
  aiMarker: '[AI]',
} as const;

export const AttachmentSchema = z.object({
  id: z.string(),
  media_url: z.string(),
  name: z.string(),
  mime_type: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;
export const MEDIA_UPLOADED_MESSAGE = 'Media uploaded';

// ---- What publishing made of a post ----------------------------------------------------

/**
 * A post's status as the Posts table, the Post List and the calendar read it: 'scheduled'
 * only while an occurrence still waits (or is being sent); otherwise the outcome of its
 * latest occurrence. Each schedule occurrence (instance) status maps to one of these, or
 * to nothing (a cancelled occurrence does not count).
 */
export const POST_PUBLISH_STATUSES = [
  'scheduled',
  'published',
  'partly_published',
  'failed',
] as const;
export type PostPublishStatus = (typeof POST_PUBLISH_STATUSES)[number];

/** The list filter's values: the four above and 'not_scheduled' (no occurrence counts). */
export const POST_STATUS_FILTERS = ['not_scheduled', ...POST_PUBLISH_STATUSES] as const;
export type PostStatusFilter = (typeof POST_STATUS_FILTERS)[number];

export const POST_STATUS_LABELS: Record<PostStatusFilter, string> = {
  not_scheduled: 'Not scheduled',
  scheduled: 'Scheduled',
  published: 'Published',
  partly_published: 'Partly published',
  failed: 'Failed',
};

/** Occurrence (scheduled instance) status → what the post reads; absent: does not count. */
export const INSTANCE_PUBLISH_STATUS: Readonly<Record<string, PostPublishStatus>> = {
  pending: 'scheduled',
  publishing: 'scheduled',
  published: 'published',
  partial: 'partly_published',
  failed: 'failed',
  missed: 'failed',
};

/** The rule itself, over a post's occurrences (the server's SQL is built from the same map). */
export function postPublishStatusOf(
  instances: readonly { status: string; scheduled_for: string | Date }[],
): PostPublishStatus | null {
  let latest: { at: number; status: PostPublishStatus } | null = null;
  for (const instance of instances) {
    const status = INSTANCE_PUBLISH_STATUS[instance.status];
    if (status === undefined) continue;
    if (status === 'scheduled') return 'scheduled';
    const at = new Date(instance.scheduled_for).getTime();
    if (latest === null || at >= latest.at) latest = { at, status };
  }
  return latest?.status ?? null;
}

export const PostSchema = z.object({
  id: z.string(),
  company_id: z.nullable(z.string()),
  company: z.nullable(
    z.object({ id: z.string(), name: z.string(), logo_url: z.nullable(z.string()) }),
  ),
  content: z.string(),
  url: z.nullable(z.string()),
  shortened_url: z.nullable(z.string()),
  url_shortened: z.boolean(),
  scheduled_for: z.nullable(z.string()),
  tone: z.nullable(z.string()),
  platforms: z.array(z.enum(NETWORK_IDS)),
  status: z.enum(['draft', 'scheduled']),
  attachments: z.array(AttachmentSchema),
  /**
   * Each network's own text and media: `media_ids: []` sends it without the post's media,
   * `[id]` an uploaded file of its own in place of it.
   */
  variants: z.partialRecord(
    z.enum(NETWORK_IDS),
    z.object({ content: z.optional(z.string()), media_ids: z.optional(z.array(z.string())) }),
  ),
  /** The files of `variants.<network>.media_ids`, to show (absent for a network without one). */
  variant_media: z.optional(z.partialRecord(z.enum(NETWORK_IDS), AttachmentSchema)),
  /** The thread's follow-up parts on X, Bluesky and Threads (the post is the first part). */
  thread: z.array(z.string()),
  /** Posted under the post on Facebook, Instagram and LinkedIn, after a delay. */
  first_comment: z.nullable(z.string()),
  /** True when the post has at least one schedule. */
  has_schedules: z.boolean(),
  /** Who wrote it (the owner or a member): cards say 'by {name}'; null for older posts. */
  created_by: z.optional(z.nullable(z.object({ id: z.string(), name: z.string() }))),
  /** What publishing made of it (`postPublishStatusOf`); null before it is scheduled. */
  publish_status: z.nullable(z.enum(POST_PUBLISH_STATUSES)),
  /** When the post next goes out (its earliest waiting occurrence), ISO; null when none waits. */
  next_scheduled_at: z.nullable(z.string()),
  /** In an entity with approval: draft, in_review, changes_requested or approved; else null. */
  review_state: z.optional(z.nullable(z.enum(REVIEW_STATES))),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Post = z.infer<typeof PostSchema>;

export const POSTS_PAGE_SIZE_DEFAULT = 25;
export const POSTS_PAGE_SIZE_MAX = 100;

/** The `page` of a paged list: a whole number from 1, 1 when omitted. */
export const PageNumberSchema = z._default(
  z.coerce
    .number({ error: 'page must be a whole number' })
    .check(z.int('page must be a whole number'))
    .check(z.gte(1, 'page must be 1 or more'))
    .check(z.lte(1_000_000, 'page is too large')),
  1,
);

export const PostListQuerySchema = z.object({
  page: PageNumberSchema,
  pageSize: z._default(
    z.coerce
      .number({ error: 'pageSize must be a whole number' })
      .check(z.int('pageSize must be a whole number'))
      .check(z.gte(1, 'pageSize must be 1 or more'))
      .check(z.lte(POSTS_PAGE_SIZE_MAX, `pageSize must be at most ${POSTS_PAGE_SIZE_MAX}`)),
    POSTS_PAGE_SIZE_DEFAULT,
  ),
  q: z.optional(
    z
      .string()
      .check(z.trim())
      .check(z.maxLength(200, 'Search text must be at most 200 characters')),
  ),
  company_id: z.optional(z.uuid({ error: 'Entity not found' })),
  status: z.optional(
    z.enum(POST_STATUS_FILTERS, {
      error: `status must be one of: ${POST_STATUS_FILTERS.join(', ')}`,
    }),
  ),
});
export type PostListQuery = z.input<typeof PostListQuerySchema>;

export const PostListSchema = z.object({
  rows: z.array(PostSchema),
  /** Exact up to a few pages past the one asked for; beyond that see `count_is_exact`. */
  count: z.number().check(z.int()),
  /** False when more rows match than were counted (decision 041): more pages follow. */
  count_is_exact: z.optional(z.boolean()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type PostList = z.infer<typeof PostListSchema>;

/** Posts made this month (UTC) against the plan's allowance; drafts and deleted ones count. */
export const PostUsageSchema = z.object({
  used: z.number().check(z.int()),
  /** null: the plan has no monthly limit. */
  limit: z.nullable(z.number().check(z.int())),
  plan_name: z.string(),
});
export type PostUsage = z.infer<typeof PostUsageSchema>;

export const PostIdParamsSchema = z.object({ id: z.uuid({ error: 'Post not found' }) });

// ---- Creating and editing a post -----------------------------------------------------------

/** The fields a post cannot do without, in the order the message names them. */
export const POST_REQUIRED_FIELDS = ['company', 'content'] as const;
export type PostRequiredField = (typeof POST_REQUIRED_FIELDS)[number];
const REQUIRED_FIELD_KEYS = { company: 'company_id', content: 'content' } as const;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The required fields left blank, in the spec's order: 'company', then 'content'. With
 * `onlySent` (an edit), a field that is not in `fields` at all keeps its value and is not missing.
 */
export function missingPostFields(
  fields: { company_id?: unknown; content?: unknown },
  { onlySent = false }: { onlySent?: boolean } = {},
): PostRequiredField[] {
  return POST_REQUIRED_FIELDS.filter((name) => {
    const key = REQUIRED_FIELD_KEYS[name];
    if (onlySent && !(key in fields)) return false;
    return isBlank(fields[key]);
  });
}

/** The post's status is not stored: it follows the scheduled time (spec 000 section 4). */
export function postStatusOf(scheduledFor: Date | string | null | undefined): Post['status'] {
  return scheduledFor ? 'scheduled' : 'draft';
}

/**
 * A post's link as typed: at most 2048 characters, no spaces, and an http:// or https://
 * address (the scheme may be left out, like an entity's website); '' means none.
 */
export const postLinkText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .check(z.trim())
    .check(z.maxLength(POST_URL_MAX, `${label} is too long`))
    .check(
      z.refine((text) => !/[\s<>"]/.test(text), `${label} must be a web address without spaces`),
    )
    .check(
      z.refine(
        (text) => text === '' || /[\s<>"]/.test(text) || normalizeWebsite(text) !== undefined,
        `${label} must be an http:// or https:// address, like example.com/article`,
      ),
    );

/** The post's text, trimmed, within the size both apps allow. */
export const PostContentSchema = z
  .string({ error: 'Content must be text' })
  .check(z.trim())
  .check(z.maxLength(POST_CONTENT_MAX, `Content must be at most ${POST_CONTENT_MAX} characters`));

/** The multipart field that carries the post's one media file. */
export const MEDIA_FIELD = 'media';

/** Adds https:// to a link shown to people when the scheme is missing ('View Article'). */
export function articleHref(url: string): string {
  const trimmed = url.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
