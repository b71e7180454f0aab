import { fromLocalDateTime, toLocalDateTime } from '../../../lib/zoned-time';

// The datetime-local helpers live with the zone arithmetic; the post form reads them here too.
export { fromLocalDateTime, toLocalDateTime };
import type {
  NetworkId,
  Post,
  PostFromUrlRequest,
  PostTone,
  PostVariants,
  SizeFormat,
} from '@cadence/shared';
import {
  AttachmentSchema,
  NETWORK_IDS,
  NETWORK_TEXT_NAMES,
  POST_VARIANT_MESSAGES,
  DEFAULT_EMOJI_COUNT,
  DEFAULT_HASHTAG_COUNT,
  DEFAULT_POST_TONE,
  PostContentSchema,
  PostToneSchema,
  SizeFormatSchema,
  clampCount,
  missingPostFields,
  postLinkText,
  postStatusOf,
} from '@cadence/shared';
import { z } from 'zod/mini';

/** Everything the post form edits except the media file, which lives outside the form. */
export const PostFormSchema = z
  .object({
    company_id: z.string(),
    content: PostContentSchema,
    url: postLinkText('URL'),
    tone: PostToneSchema,
    size_format: z.union([SizeFormatSchema, z.literal('')]),
    reference_company_id: z.string(),
    include_emojis: z.boolean(),
    emoji_count: z.number(),
    include_hashtags: z.boolean(),
    hashtag_count: z.number(),
    shorten_url: z.boolean(),
    shortened_url: z.string(),
    url_shortened: z.boolean(),
    enable_keywords: z.boolean(),
    keywords: z.string().check(z.maxLength(500, 'Keywords must be at most 500 characters')),
    /** A datetime-local value ('2025-06-01T09:30'), '' for none. */
    scheduled_for: z.string(),
    /** Each customized network's own text ('Customize for X'); a network not here uses `content`. */
    variants: z.partialRecord(z.enum(NETWORK_IDS), z.string()),
    /** A customized network's own file (uploaded when chosen), sent in place of the post's. */
    variant_media: z.partialRecord(z.enum(NETWORK_IDS), AttachmentSchema),
    /** The thread's follow-up parts (X, Bluesky, Threads), as typed. */
    thread: z.array(z.object({ text: z.string() })),
    first_comment: z.string(),
  })
  .check(
    z.superRefine((values, context) => {
      const missing = missingPostFields(values);
      if (missing.includes('company')) {
        context.addIssue({ code: 'custom', path: ['company_id'], message: 'Choose an entity' });
      }
      if (missing.includes('content')) {
        context.addIssue({ code: 'custom', path: ['content'], message: 'Write the post content' });
      }
      for (const network of NETWORK_IDS) {
        const own = values.variants[network];
        if (own !== undefined && own.trim() === '') {
          context.addIssue({
            code: 'custom',
            path: ['variants', network],
            message: POST_VARIANT_MESSAGES.variantEmpty(NETWORK_TEXT_NAMES[network]),
          });
        }
      }
      if (values.scheduled_for !== '' && fromLocalDateTime(values.scheduled_for, 'UTC') === null) {
        context.addIssue({
          code: 'custom',
          path: ['scheduled_for'],
          message: 'Enter a valid date and time',
        });
      }
    }),
  );
export type PostFormValues = z.infer<typeof PostFormSchema>;

export function toPostFormValues(
  post: Post | null,
  defaultCompanyId: string,
  zone: string,
): PostFormValues {
  const tone = PostToneSchema.safeParse(post?.tone);
  return {
    company_id: post?.company_id ?? defaultCompanyId,
    content: post?.content ?? '',
    url: post?.url ?? '',
    tone: tone.success ? tone.data : DEFAULT_POST_TONE,
    size_format: '',
    reference_company_id: '',
    include_emojis: false,
    emoji_count: DEFAULT_EMOJI_COUNT,
    include_hashtags: false,
    hashtag_count: DEFAULT_HASHTAG_COUNT,
    shorten_url: post?.url_shortened ?? false,
    shortened_url: post?.shortened_url ?? '',
    url_shortened: post?.url_shortened ?? false,
    enable_keywords: false,
    keywords: '',
    scheduled_for: toLocalDateTime(post?.scheduled_for ?? null, zone),
    variants: Object.fromEntries(
      Object.entries(post?.variants ?? {}).flatMap(([network, variant]) =>
        variant?.content !== undefined ? [[network, variant.content]] : [],
      ),
    ),
    variant_media: { ...post?.variant_media },
    thread: (post?.thread ?? []).map((text) => ({ text })),
    first_comment: post?.first_comment ?? '',
  };
}

/** 'Customize for X': X's own text starts as a copy of the shared one (unless it has one). */
export function withCustomized(
  values: PostFormValues,
  network: NetworkId | undefined,
): PostFormValues {
  if (network === undefined || values.variants[network] !== undefined) return values;
  return { ...values, variants: { ...values.variants, [network]: values.content } };
}

/**
 * The variants a save sends: the form's texts and own files; a network's `media_ids: []`
 * (sent without the post's media, set through the API) is kept while it has no file of its own.
 */
export function toPostVariants(
  values: Pick<PostFormValues, 'variants'> & Partial<Pick<PostFormValues, 'variant_media'>>,
  saved: PostVariants = {},
): PostVariants {
  const variants: PostVariants = {};
  for (const network of NETWORK_IDS) {
    const text = values.variants[network];
    const own = values.variant_media?.[network];
    const kept = saved[network]?.media_ids;
    const mediaIds = own ? [own.id] : kept?.length === 0 ? kept : undefined;
    if (text === undefined && mediaIds === undefined) continue;
    variants[network] = {
      ...(text !== undefined ? { content: text.trim() } : {}),
      ...(mediaIds !== undefined ? { media_ids: mediaIds } : {}),
    };
  }
  return variants;
}

export function sizeFormatOrNull(value: PostFormValues['size_format']): SizeFormat | null {
  return value === '' ? null : value;
}

/** Scan URL: the options of the form as the AI helper takes them. */
export function buildPostFromUrlRequest(values: PostFormValues): PostFromUrlRequest {
  const keywords = values.keywords.trim();
  return {
    url: values.url.trim(),
    company_id: values.company_id === '' ? null : values.company_id,
    reference_company_id: values.reference_company_id === '' ? null : values.reference_company_id,
    tone: values.tone,
    size_format: sizeFormatOrNull(values.size_format),
    include_emojis: values.include_emojis,
    emoji_count: clampCount(values.emoji_count, DEFAULT_EMOJI_COUNT),
    include_hashtags: values.include_hashtags,
    hashtag_count: clampCount(values.hashtag_count, DEFAULT_HASHTAG_COUNT),
    keywords: values.enable_keywords && keywords !== '' ? keywords : null,
  };
}

/** Appends generated hashtags (only real '#tags', none already in the text) after a blank line. */
export function appendHashtags(content: string, hashtags: readonly string[]): string {
  const present = new Set(content.toLowerCase().match(/#[\p{L}\p{N}_]+/gu) ?? []);
  const fresh = [...new Set(hashtags.map((tag) => tag.trim()))].filter(
    (tag) => tag.startsWith('#') && tag.length > 1 && !present.has(tag.toLowerCase()),
  );
  if (fresh.length === 0) return content;
  const base = content.trimEnd();
  return base === '' ? fresh.join(' ') : `${base}\n\n${fresh.join(' ')}`;
}

/** The fields a saved post carries, in the shape both create and update send. */
export interface PostFields {
  content: string;
  company_id: string;
  tone: PostTone;
  url: string | null;
  platforms: NetworkId[];
  scheduled_for: string | null;
  status: 'draft' | 'scheduled';
  shortened_url: string | null;
  url_shortened: boolean;
  variants: PostVariants;
  thread: string[];
  first_comment: string | null;
}

export function toPostFields(
  values: PostFormValues,
  platforms: NetworkId[],
  zone: string,
  saved: PostVariants = {},
): PostFields {
  const url = values.url.trim();
  const scheduledFor = fromLocalDateTime(values.scheduled_for, zone);
  const isShortened = url !== '' && values.url_shortened && values.shortened_url !== '';
  return {
    content: values.content,
    company_id: values.company_id,
    tone: values.tone,
    url: url === '' ? null : url,
    platforms,
    scheduled_for: scheduledFor,
    // The spec: 'scheduled' when a date is set, else 'draft'.
    status: postStatusOf(scheduledFor),
    shortened_url: isShortened ? values.shortened_url : null,
    url_shortened: isShortened,
    variants: toPostVariants(values, saved),
    // A part left blank is dropped rather than refused: 'Add a part' then nothing typed.
    thread: values.thread.map((part) => part.text.trim()).filter((text) => text !== ''),
    first_comment: values.first_comment.trim() === '' ? null : values.first_comment.trim(),
  };
}

export type MediaChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

/**
 * Multipart body for create, and for update when the media changes. Blank optional fields are
 * sent as '' so an update can clear them.
 */
export function toPostFormData(
  fields: PostFields,
  media: MediaChange,
  { includeStatus }: { includeStatus: boolean },
): FormData {
  const body = new FormData();
  body.append('content', fields.content);
  body.append('company_id', fields.company_id);
  body.append('tone', fields.tone);
  body.append('url', fields.url ?? '');
  body.append('platforms', JSON.stringify(fields.platforms));
  body.append('scheduled_for', fields.scheduled_for ?? '');
  body.append('shortened_url', fields.shortened_url ?? '');
  body.append('url_shortened', String(fields.url_shortened));
  body.append('variants', JSON.stringify(fields.variants));
  body.append('thread', JSON.stringify(fields.thread));
  body.append('first_comment', fields.first_comment ?? '');
  if (includeStatus) body.append('status', fields.status);
  if (media.kind === 'replace') body.append('media', media.file);
  if (media.kind === 'remove') body.append('remove_media', 'true');
  return body;
}
