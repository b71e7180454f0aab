import { z } from 'zod/mini';
import { normalizeWebsite } from './web-address.js';
import { issueCode } from './error-codes.js';
import { DEFAULT_POST_TONE, POST_CONTENT_MAX, POST_URL_MAX, PostToneSchema } from './posts.js';

/** The AI writing helpers' contracts: size formats, counts, requests, answers and messages. */

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

const optionalUuid = z.nullish(z.uuid({ error: 'Entity not found' }));

/** Messages of the AI writing helpers that the spec leaves to us. */
export const AI_POST_MESSAGES = {
  generated: 'AI content generated successfully',
  invalidUrl: 'Enter a valid web address, like example.com/article',
  pageUnreadable: (reason: string) => `Could not read that page: ${reason}`,
  /** The reason when a page is too large or too deeply nested to take apart in time. */
  pageTooComplex: 'it is too complex to read. Paste the text of the article instead',
} as const;

export const PostFromUrlRequestSchema = z.object({
  url: z
    .string({ error: 'Please enter a URL' })
    .check(z.trim())
    .check(z.minLength(1, 'Please enter a URL'))
    .check(z.maxLength(POST_URL_MAX, 'URL is too long'))
    .check(
      z.refine((url) => url === '' || normalizeWebsite(url) !== undefined, {
        message: AI_POST_MESSAGES.invalidUrl,
        ...issueCode('INVALID_URL'),
      }),
    ),
  company_id: optionalUuid,
  reference_company_id: optionalUuid,
  tone: z._default(PostToneSchema, DEFAULT_POST_TONE),
  size_format: z.nullish(SizeFormatSchema),
  include_emojis: z._default(z.boolean(), false),
  emoji_count: z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => clampCount(value, DEFAULT_EMOJI_COUNT)),
  ),
  include_hashtags: z._default(z.boolean(), false),
  hashtag_count: z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => clampCount(value, DEFAULT_HASHTAG_COUNT)),
  ),
  keywords: z.nullish(
    z.string().check(z.trim()).check(z.maxLength(500, 'Keywords must be at most 500 characters')),
  ),
});
export type PostFromUrlRequest = z.input<typeof PostFromUrlRequestSchema>;

export const HashtagsRequestSchema = z.object({
  content: z
    .string({ error: 'Please enter some content first' })
    .check(z.trim())
    .check(z.minLength(1, 'Please enter some content first'))
    .check(z.maxLength(POST_CONTENT_MAX, 'Content is too long')),
  count: z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => clampCount(value, DEFAULT_HASHTAG_COUNT)),
  ),
});
export const HashtagsSchema = z.object({ hashtags: z.array(z.string()) });

export const EnhanceRequestSchema = z.object({
  company_id: z.uuid({ error: 'Please select an entity and add content first' }),
  content: z
    .string({ error: 'Please add content first' })
    .check(z.trim())
    .check(z.minLength(1, 'Please add content first'))
    .check(z.maxLength(POST_CONTENT_MAX, 'Content is too long')),
  tone: z._default(PostToneSchema, DEFAULT_POST_TONE),
});

export const GenerateRequestSchema = z.object({
  company_id: z.uuid({ error: 'Entity not found' }),
  /** The post's content with the [AI] marker; the marker is replaced. */
  content: z._default(z.string().check(z.maxLength(POST_CONTENT_MAX, 'Content is too long')), ''),
  tone: z._default(PostToneSchema, DEFAULT_POST_TONE),
  size_format: z.nullish(SizeFormatSchema),
});

export const GeneratedContentSchema = z.object({ content: z.string() });
