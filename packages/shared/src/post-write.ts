import { z } from 'zod/mini';
import { NETWORK_IDS } from './networks.js';
import {
  PostFirstCommentFieldSchema,
  PostThreadFieldSchema,
  PostVariantsFieldSchema,
} from './post-variants.js';
import {
  missingPostFields,
  POST_MESSAGES,
  PostContentSchema,
  postLinkText,
  PostToneSchema,
} from './posts.js';

/*
 * The bodies the post create and edit calls take (the server's routes). In a file of their
 * own: the browser never imports them, so its bundle does not carry them.
 */

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
  z.pipe(z.transform(blankToNull), z.nullish(postLinkText(label)));

/**
 * A post's fields as the create and edit calls accept them, as JSON or as multipart form
 * text. Each is optional here: which are required (company, content) is checked first, so
 * the message can list exactly the missing ones. `status` is accepted but follows
 * `scheduled_for` (spec 000 section 4).
 */
export const PostFieldsSchema = z.object({
  company_id: z.pipe(
    z.transform(blankToNull),
    z.nullish(z.string({ error: 'Entity not found' }).check(z.trim())),
  ),
  content: z.optional(PostContentSchema),
  url: optionalUrl('URL'),
  shortened_url: optionalUrl('Shortened URL'),
  url_shortened: z.pipe(
    z.transform(parseFlag),
    z.optional(z.boolean({ error: 'url_shortened must be true or false' })),
  ),
  tone: z.pipe(z.transform(blankToNull), z.nullish(PostToneSchema)),
  platforms: z.pipe(
    z.transform(parseJsonList),
    z.optional(
      z.pipe(
        z.array(z.enum(NETWORK_IDS, { error: 'Unknown social network in platforms' }), {
          error: 'platforms must be a list of network ids, like ["twitter"]',
        }),
        z.transform((ids) => [...new Set(ids)]),
      ),
    ),
  ),
  scheduled_for: z.pipe(
    z.transform(blankToNull),
    z.nullish(
      z.iso.datetime({
        offset: true,
        error: 'scheduled_for must be a date and time, like 2026-05-01T09:00:00Z',
      }),
    ),
  ),
  status: z.optional(
    z.enum(['draft', 'scheduled'], { error: 'status must be draft or scheduled' }),
  ),
  variants: PostVariantsFieldSchema,
  thread: PostThreadFieldSchema,
  first_comment: PostFirstCommentFieldSchema,
  /** Edit only: true removes the post's media. */
  remove_media: z.pipe(
    z.transform(parseFlag),
    z.optional(z.boolean({ error: 'remove_media must be true or false' })),
  ),
});
export type PostFieldsInput = z.input<typeof PostFieldsSchema>;
export type PostFields = z.output<typeof PostFieldsSchema>;

export const POST_BODY_NOT_OBJECT = 'The request body must be a JSON object.';

/**
 * The create or edit body (JSON, or the multipart form's text fields): the required fields are
 * checked first, so a blank one answers only 'Please fill in all required fields: ...' naming
 * exactly those; then each field by `PostFieldsSchema`. On edit a field not sent keeps its value.
 */
function postBodySchema({ isEdit }: { isEdit: boolean }) {
  return z.pipe(
    z.transform((value, context) => {
      const body = value ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        context.issues.push({ code: 'custom', message: POST_BODY_NOT_OBJECT, input: value });
        return body;
      }
      const missing = missingPostFields(body, { onlySent: isEdit });
      if (missing.length > 0) {
        context.issues.push({
          code: 'custom',
          message: POST_MESSAGES.requiredFields(missing),
          input: value,
        });
      }
      return body;
    }),
    PostFieldsSchema,
  );
}
export const PostCreateBodySchema = /* @__PURE__ */ postBodySchema({ isEdit: false });
export const PostEditBodySchema = /* @__PURE__ */ postBodySchema({ isEdit: true });
