import { z } from 'zod';
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

/** Size formats: the AI writes at most `max` characters. */
export const SIZE_FORMATS = {
  bite: { max: 150, hint: 'quick and impactful' },
  tweet: { max: 250, hint: 'concise and engaging' },
  paragraph: { max: 400, hint: 'brief and informative' },
  story: { max: 600, hint: 'narrative and detailed' },
  essay: { max: 1000, hint: 'comprehensive and thorough' },
  epic: { max: 3000, hint: 'in-depth and extensive' },
} as const;
export type SizeFormat = keyof typeof SIZE_FORMATS;
export const SIZE_FORMAT_IDS = Object.keys(SIZE_FORMATS) as SizeFormat[];
export const SizeFormatSchema = z.enum(SIZE_FORMAT_IDS as [SizeFormat, ...SizeFormat[]], {
  error: 'Choose a size format from the list',
});
export const DEFAULT_LENGTH_HINT = 'Keep it concise';
export const DEFAULT_STYLE_HINT = 'Professional and engaging';

/** Emoji and hashtag counts: 1-10, defaults 5 and 3 (also what invalid input becomes). */
export const COUNT_MIN = 1;
export const COUNT_MAX = 10;
export const DEFAULT_EMOJI_COUNT = 5;
export const DEFAULT_HASHTAG_COUNT = 3;

/** Clamps a count typed by a person to 1-10; anything that is not a number gives `fallback`. */
export function clampCount(value: unknown, fallback: number): number {
  const number = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  if (!Number.isFinite(number)) return fallback;
  return Math.min(COUNT_MAX, Math.max(COUNT_MIN, Math.trunc(number)));
}

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

export const SEARCH_MESSAGES = {
  startNews: 'Start typing to search news',
  startWeb: 'Start typing to search web',
  startArticles: 'Start typing to search articles',
  noArticles: 'No articles found',
  newsNotConfigured:
    'News search is not configured on this server. Set MEDIASTACK_ACCESS_KEY to enable it.',
  webNotConfigured:
    'Web search is not configured on this server. Set GOOGLE_CSE_KEY and GOOGLE_CSE_CX to enable it.',
  articlesNotConfigured:
    'Article search is not configured on this server. Set MEDIASTACK_ACCESS_KEY, or GOOGLE_CSE_KEY and GOOGLE_CSE_CX, to enable it.',
  found: (count: number) => `${count} result${count === 1 ? '' : 's'} found`,
} as const;

export const ARTICLES_MAX = 5;
export const SEARCH_RESULTS_LIMIT = 10;
export const SEARCH_DEBOUNCE_MS = 500;

export const AttachmentSchema = z.object({
  id: z.string(),
  media_url: z.string(),
  name: z.string(),
  mime_type: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const PostSchema = z.object({
  id: z.string(),
  company_id: z.string().nullable(),
  company: z
    .object({ id: z.string(), name: z.string(), logo_url: z.string().nullable() })
    .nullable(),
  content: z.string(),
  url: z.string().nullable(),
  shortened_url: z.string().nullable(),
  url_shortened: z.boolean(),
  scheduled_for: z.string().nullable(),
  tone: z.string().nullable(),
  platforms: z.array(z.enum(NETWORK_IDS)),
  status: z.enum(['draft', 'scheduled']),
  attachments: z.array(AttachmentSchema),
  /** True when the post has at least one schedule (the 'Scheduled' badge). */
  has_schedules: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Post = z.infer<typeof PostSchema>;

export const POSTS_PAGE_SIZE_DEFAULT = 25;
export const POSTS_PAGE_SIZE_MAX = 100;

export const PostListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(1_000_000, 'page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be 1 or more')
    .max(POSTS_PAGE_SIZE_MAX, `pageSize must be at most ${POSTS_PAGE_SIZE_MAX}`)
    .default(POSTS_PAGE_SIZE_DEFAULT),
  q: z.string().trim().max(200, 'Search text must be at most 200 characters').optional(),
  company_id: z.uuid({ error: 'Entity not found' }).optional(),
});
export type PostListQuery = z.input<typeof PostListQuerySchema>;

export const PostListSchema = z.object({
  rows: z.array(PostSchema),
  /** Exact up to a few pages past the one asked for; beyond that see `count_is_exact`. */
  count: z.number().int(),
  /** False when more rows match than were counted (decision 041): more pages follow. */
  count_is_exact: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PostList = z.infer<typeof PostListSchema>;

export const PostIdParamsSchema = z.object({ id: z.uuid({ error: 'Post not found' }) });

// ---- Creating and editing a post -----------------------------------------------------------

/** The fields a post cannot do without, in the order the message names them. */
export const POST_REQUIRED_FIELDS = ['company', 'content'] as const;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The required fields left blank, in the spec's order: 'company', then 'content'. */
export function missingPostFields(fields: { company_id?: unknown; content?: unknown }): string[] {
  const missing: string[] = [];
  if (isBlank(fields.company_id)) missing.push('company');
  if (isBlank(fields.content)) missing.push('content');
  return missing;
}

/** Form fields arrive as text: '' means "no value", and lists come as JSON text. */
const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

function parseJsonList(value: unknown) {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return [];
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function parseFlag(value: unknown) {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  if (['false', '0', 'off', 'no', ''].includes(text)) return false;
  return value;
}

const optionalUrl = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(POST_URL_MAX, `${label} is too long`)
      .refine((text) => !/[\s<>"]/.test(text), `${label} must be a web address without spaces`)
      .nullish(),
  );

/**
 * A post's fields as the create and edit calls accept them, as JSON or as multipart form
 * text. Each is optional here: which are required (company, content) is checked first, so
 * the message can list exactly the missing ones. `status` is accepted but follows
 * `scheduled_for` (spec 000 section 4).
 */
export const PostFieldsSchema = z.object({
  company_id: z.preprocess(blankToNull, z.string({ error: 'Entity not found' }).trim().nullish()),
  content: z
    .string({ error: 'Content must be text' })
    .trim()
    .max(POST_CONTENT_MAX, `Content must be at most ${POST_CONTENT_MAX} characters`)
    .optional(),
  url: optionalUrl('URL'),
  shortened_url: optionalUrl('Shortened URL'),
  url_shortened: z.preprocess(
    parseFlag,
    z.boolean({ error: 'url_shortened must be true or false' }).optional(),
  ),
  tone: z.preprocess(blankToNull, PostToneSchema.nullish()),
  platforms: z.preprocess(
    parseJsonList,
    z
      .array(z.enum(NETWORK_IDS, { error: 'Unknown social network in platforms' }), {
        error: 'platforms must be a list of network ids, like ["twitter"]',
      })
      .transform((ids) => [...new Set(ids)])
      .optional(),
  ),
  scheduled_for: z.preprocess(
    blankToNull,
    z.iso
      .datetime({
        offset: true,
        error: 'scheduled_for must be a date and time, like 2026-05-01T09:00:00Z',
      })
      .nullish(),
  ),
  status: z.enum(['draft', 'scheduled'], { error: 'status must be draft or scheduled' }).optional(),
  /** Edit only: true removes the post's media. */
  remove_media: z.preprocess(
    parseFlag,
    z.boolean({ error: 'remove_media must be true or false' }).optional(),
  ),
});
export type PostFieldsInput = z.input<typeof PostFieldsSchema>;
export type PostFields = z.output<typeof PostFieldsSchema>;

/** The multipart field that carries the post's one media file. */
export const MEDIA_FIELD = 'media';

/** Adds https:// to a link shown to people when the scheme is missing ('View Article'). */
export function articleHref(url: string): string {
  const trimmed = url.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

// ---- AI writing helpers ---------------------------------------------------------------

const optionalUuid = z.uuid({ error: 'Entity not found' }).nullish();

export const PostFromUrlRequestSchema = z.object({
  url: z
    .string({ error: 'Please enter a URL' })
    .trim()
    .min(1, 'Please enter a URL')
    .max(POST_URL_MAX, 'URL is too long'),
  company_id: optionalUuid,
  reference_company_id: optionalUuid,
  tone: PostToneSchema.default(DEFAULT_POST_TONE),
  size_format: SizeFormatSchema.nullish(),
  include_emojis: z.boolean().default(false),
  emoji_count: z
    .unknown()
    .optional()
    .transform((value) => clampCount(value, DEFAULT_EMOJI_COUNT)),
  include_hashtags: z.boolean().default(false),
  hashtag_count: z
    .unknown()
    .optional()
    .transform((value) => clampCount(value, DEFAULT_HASHTAG_COUNT)),
  keywords: z.string().trim().max(500, 'Keywords must be at most 500 characters').nullish(),
});
export type PostFromUrlRequest = z.input<typeof PostFromUrlRequestSchema>;

export const HashtagsRequestSchema = z.object({
  content: z
    .string({ error: 'Please enter some content first' })
    .trim()
    .min(1, 'Please enter some content first')
    .max(POST_CONTENT_MAX, 'Content is too long'),
  count: z
    .unknown()
    .optional()
    .transform((value) => clampCount(value, DEFAULT_HASHTAG_COUNT)),
});
export const HashtagsSchema = z.object({ hashtags: z.array(z.string()) });

export const EnhanceRequestSchema = z.object({
  company_id: z.uuid({ error: 'Please select an entity and add content first' }),
  content: z
    .string({ error: 'Please add content first' })
    .trim()
    .min(1, 'Please add content first')
    .max(POST_CONTENT_MAX, 'Content is too long'),
  tone: PostToneSchema.default(DEFAULT_POST_TONE),
});

export const GenerateRequestSchema = z.object({
  company_id: z.uuid({ error: 'Entity not found' }),
  /** The post's content with the [AI] marker; the marker is replaced. */
  content: z.string().max(POST_CONTENT_MAX, 'Content is too long').default(''),
  tone: PostToneSchema.default(DEFAULT_POST_TONE),
  size_format: SizeFormatSchema.nullish(),
});

export const GeneratedContentSchema = z.object({ content: z.string() });

// ---- Shortener and search ---------------------------------------------------------------

export const ShortenRequestSchema = z.object({
  url: z
    .string({ error: 'Please enter a URL' })
    .trim()
    .min(1, 'Please enter a URL')
    .max(POST_URL_MAX, 'URL is too long'),
});
export const ShortenResultSchema = z.object({
  url: z.string(),
  shortened_url: z.string(),
  provider: z.enum(['built-in', 'tinyurl']),
  /** True when the shortener failed and `shortened_url` is the original URL. */
  fallback: z.boolean(),
});
export type ShortenResult = z.infer<typeof ShortenResultSchema>;

export const SHORTENER_MESSAGES = {
  shortened: 'URL shortened successfully',
  invalidUrl: 'Enter a valid http:// or https:// address, like example.com/article',
  credentialsInUrl: 'Links that contain a user name or password cannot be shortened',
  linkNotFound: 'This short link does not exist.',
} as const;

/** Messages of the AI writing helpers that the spec leaves to us. */
export const AI_POST_MESSAGES = {
  generated: 'AI content generated successfully',
  invalidUrl: 'Enter a valid web address, like example.com/article',
  pageUnreadable: (reason: string) => `Could not read that page: ${reason}`,
} as const;

const searchText = z
  .string()
  .max(200, 'Search text must be at most 200 characters')
  .optional()
  .transform((value) => value?.trim() ?? '');
/** A blank query is allowed and answers no results without asking anyone. */
export const NewsSearchQuerySchema = z.object({ keywords: searchText });
export const WebSearchQuerySchema = z.object({ query: searchText });
export const ArticleSearchQuerySchema = z.object({ q: searchText });

export const NewsResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  source: z.string(),
  published_at: z.string().nullable(),
});
export type NewsResult = z.infer<typeof NewsResultSchema>;

export const WebResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
});
export type WebResult = z.infer<typeof WebResultSchema>;

export const ArticleResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  source: z.string().nullable(),
  published_at: z.string().nullable(),
});
export type ArticleResult = z.infer<typeof ArticleResultSchema>;
