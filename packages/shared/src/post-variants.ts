import { z } from 'zod/mini';
import { NETWORK_IDS, NETWORK_TEXT_NAMES, type NetworkId } from './networks.js';
import { measurePostLength, measurePostedText, type PostTextExtras } from './post-length.js';

/**
 * A post's text per network, its thread and its first comment: the shapes both apps accept
 * and the length rules both apply (the post form's preview, the server's validation and the
 * publisher measure with the same functions of `post-length.ts`).
 */

/** Networks where a post may go on as a thread: each part a reply to the one before. */
export const THREAD_NETWORKS = ['twitter', 'bluesky', 'threads'] as const satisfies NetworkId[];
/** Networks where the post's first comment is posted under it after a delay. */
export const FIRST_COMMENT_NETWORKS = [
  'facebook',
  'instagram',
  'linkedIn',
] as const satisfies NetworkId[];

export const isThreadNetwork = (network: NetworkId) =>
  (THREAD_NETWORKS as readonly NetworkId[]).includes(network);
export const isFirstCommentNetwork = (network: NetworkId) =>
  (FIRST_COMMENT_NETWORKS as readonly NetworkId[]).includes(network);

/** Follow-up parts a thread may have after its first post. */
export const THREAD_PARTS_MAX = 24;
/** Characters (code points) a comment may have on each network that takes one. */
export const FIRST_COMMENT_LIMITS: Record<(typeof FIRST_COMMENT_NETWORKS)[number], number> = {
  facebook: 8000,
  instagram: 2200,
  linkedIn: 1250,
};
const VARIANT_CONTENT_MAX = 10_000;

export const POST_VARIANT_MESSAGES = {
  customize: (name: string) => `Customize for ${name}`,
  useShared: 'Use the shared text',
  variantsInvalid: 'variants must be an object of networks, like {"twitter": {"content": "..."}}',
  variantContent: (name: string) => `The ${name} text must be text`,
  variantEmpty: (name: string) =>
    `The ${name} text is empty: write it, or use the shared text for ${name}`,
  variantTooLong: (name: string) => `The ${name} text must be at most 10000 characters`,
  variantMedia: (name: string) =>
    `media_ids for ${name} takes at most one media id, or [] to send ${name} without the post's media`,
  variantMediaNotFound: (name: string) =>
    `The media for ${name} was not found: upload it again and use the id the upload answered`,
  variantMediaType: (name: string, allowed: string) =>
    `${name} takes ${allowed} here; upload another file for ${name}`,
  variantMediaSize: (name: string, limitMb: number) =>
    `${name} takes files up to ${limitMb} MB; this one is larger`,
  ownMedia: (name: string) => `Media for ${name}`,
  ownMediaNote: (name: string) => `Sent to ${name} in place of the post's media`,
  ownMediaFailed: (name: string) => `The media for ${name} could not be uploaded`,
  overLimit: (name: string, length: number, limit: number) =>
    `The ${name} text is ${length} characters; ${name} allows ${limit}`,
  threadInvalid: 'thread must be a list of texts, one per follow-up part',
  threadTooMany: `A thread can have at most ${THREAD_PARTS_MAX} follow-up parts`,
  threadPartEmpty: (part: number) => `Part ${part} of the thread is empty`,
  threadPartOver: (part: number, name: string, length: number, limit: number) =>
    `Part ${part} of the thread is ${length} characters; ${name} allows ${limit}`,
  firstCommentInvalid: 'first_comment must be text',
  firstCommentOver: (name: string, length: number, limit: number) =>
    `The first comment is ${length} characters; ${name} allows ${limit} in a comment`,
  overLimitInDialog: (name: string, length: number, limit: number) =>
    `This post is ${length} characters for ${name}, over its limit of ${limit}.`,
  partFailed: (part: number, total: number) => `Part ${part} of ${total} failed`,
  partUnconfirmed: (part: number, total: number) =>
    `Part ${part} of ${total} may have been posted: check the thread`,
  partSending: (part: number, total: number) => `Sending part ${part} of ${total}`,
  threadPosted: (total: number) => `Thread of ${total} posted`,
  commentWaiting: 'First comment waiting',
  commentPosted: 'First comment posted',
  commentFailed: 'First comment failed',
  commentUnconfirmed: 'First comment may have been posted: check the post',
} as const;

/** Form fields arrive as text: JSON text is read, '' means none. */
function parseJsonText(empty: unknown) {
  return (value: unknown) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return empty;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  };
}

const VariantSchema = (network: NetworkId) => {
  const name = NETWORK_TEXT_NAMES[network];
  return z.object(
    {
      content: z.optional(
        z
          .string({ error: POST_VARIANT_MESSAGES.variantContent(name) })
          .check(z.trim())
          .check(z.minLength(1, POST_VARIANT_MESSAGES.variantEmpty(name)))
          .check(z.maxLength(VARIANT_CONTENT_MAX, POST_VARIANT_MESSAGES.variantTooLong(name))),
      ),
      /**
       * `[]`: this network gets the post without its media; `[id]`: an uploaded file of the
       * workspace's, sent to this network in place of the post's media.
       */
      media_ids: z.optional(
        z
          .array(
            z.string().check(z.trim(), z.minLength(1, POST_VARIANT_MESSAGES.variantMedia(name))),
            {
              error: POST_VARIANT_MESSAGES.variantMedia(name),
            },
          )
          .check(z.maxLength(1, POST_VARIANT_MESSAGES.variantMedia(name))),
      ),
    },
    { error: POST_VARIANT_MESSAGES.variantsInvalid },
  );
};

/** One network's own version of the post; a field left out follows the shared post. */
export interface PostVariant {
  content?: string | undefined;
  media_ids?: string[] | undefined;
}
export type PostVariants = Partial<Record<NetworkId, PostVariant>>;

// Written out (not mapped from NETWORK_IDS) and marked pure, so a page that never reads a
// post's variants does not carry these schemas (the bundle budget).
const variantShape = {
  twitter: z.optional(/* @__PURE__ */ VariantSchema('twitter')),
  facebook: z.optional(/* @__PURE__ */ VariantSchema('facebook')),
  linkedIn: z.optional(/* @__PURE__ */ VariantSchema('linkedIn')),
  instagram: z.optional(/* @__PURE__ */ VariantSchema('instagram')),
  bluesky: z.optional(/* @__PURE__ */ VariantSchema('bluesky')),
  threads: z.optional(/* @__PURE__ */ VariantSchema('threads')),
} satisfies Record<NetworkId, unknown>;

/**
 * `variants: { [network]: { content?, media_ids? } }`: unknown networks are refused, a variant
 * with nothing in it is dropped (it would change nothing).
 */
export const PostVariantsSchema = z.pipe(
  z.strictObject(variantShape, { error: POST_VARIANT_MESSAGES.variantsInvalid }),
  z.transform((variants): PostVariants => {
    const kept: PostVariants = {};
    for (const network of NETWORK_IDS) {
      const variant = variants[network];
      if (!variant) continue;
      if (variant.content === undefined && variant.media_ids === undefined) continue;
      kept[network] = {
        ...(variant.content !== undefined ? { content: variant.content } : {}),
        ...(variant.media_ids !== undefined ? { media_ids: variant.media_ids } : {}),
      };
    }
    return kept;
  }),
);

/** As the form and the API send it: an object, or JSON text in a multipart form. */
export const PostVariantsFieldSchema = z.pipe(
  z.transform(parseJsonText({})),
  z.optional(
    z.pipe(
      z.transform((value) => value ?? {}),
      PostVariantsSchema,
    ),
  ),
);

/** The thread's follow-up parts, in order (the post's own text is the first part). */
export const PostThreadSchema = z
  .array(
    z
      .string({ error: POST_VARIANT_MESSAGES.threadInvalid })
      .check(z.trim())
      .check(z.maxLength(VARIANT_CONTENT_MAX, 'A thread part must be at most 10000 characters')),
    { error: POST_VARIANT_MESSAGES.threadInvalid },
  )
  .check(z.maxLength(THREAD_PARTS_MAX, POST_VARIANT_MESSAGES.threadTooMany))
  .check(
    z.superRefine((parts, context) => {
      parts.forEach((part, index) => {
        if (part === '') {
          context.issues.push({
            code: 'custom',
            message: POST_VARIANT_MESSAGES.threadPartEmpty(index + 2),
            input: part,
            path: [index],
          });
        }
      });
    }),
  );

export const PostThreadFieldSchema = z.pipe(
  z.transform(parseJsonText([])),
  z.optional(
    z.pipe(
      z.transform((value) => value ?? []),
      PostThreadSchema,
    ),
  ),
);

/** The first comment: '' or null means none. */
export const PostFirstCommentFieldSchema = z.pipe(
  z.transform((value) => (typeof value === 'string' && value.trim() === '' ? null : value)),
  z.nullish(
    z
      .string({ error: POST_VARIANT_MESSAGES.firstCommentInvalid })
      .check(z.trim())
      .check(
        z.maxLength(VARIANT_CONTENT_MAX, 'The first comment must be at most 10000 characters'),
      ),
  ),
);

/** The text a network is sent: its own variant's, else the shared text. */
export function textForNetwork(
  post: { content: string; variants?: PostVariants | null | undefined },
  network: NetworkId,
): string {
  return post.variants?.[network]?.content ?? post.content;
}

/**
 * Whether a network gets the post's shared media: not when its variant says `media_ids: []`,
 * nor when it names a file of its own (`ownMediaIdOf`).
 */
export function networkKeepsMedia(
  variants: PostVariants | null | undefined,
  network: NetworkId,
): boolean {
  return variants?.[network]?.media_ids === undefined;
}

/** The uploaded file a network gets in place of the post's media, by its variant; else null. */
export function ownMediaIdOf(
  variants: PostVariants | null | undefined,
  network: NetworkId,
): string | null {
  return variants?.[network]?.media_ids?.[0] ?? null;
}

/** Whether a network is sent a file: its own, or the post's (which it keeps). */
export function networkHasMedia(
  variants: PostVariants | null | undefined,
  network: NetworkId,
  postHasMedia: boolean,
): boolean {
  return (
    ownMediaIdOf(variants, network) !== null ||
    (postHasMedia && networkKeepsMedia(variants, network))
  );
}

type VariantMediaMimeType =
  'image/jpeg' | 'image/png' | 'image/gif' | 'video/mp4' | 'video/quicktime' | 'video/webm';

/**
 * The files a network takes from Cadence (what its adapter sends and the network's own
 * limits, external-apis.md §12), checked for a network's own media: the type, and the most
 * bytes per type. The post's shared media keeps the form's rule (any type, 50 MB) and is
 * judged by each network at its time.
 */
export const NETWORK_MEDIA_RULES: Record<
  NetworkId,
  { types: Partial<Record<VariantMediaMimeType, number>>; label: string }
> = {
  twitter: {
    types: {
      'image/jpeg': 5_000_000,
      'image/png': 5_000_000,
      'image/gif': 15_000_000,
      'video/mp4': 50 * 1024 * 1024,
      'video/quicktime': 50 * 1024 * 1024,
    },
    label: 'JPG, PNG or GIF images (5 MB, GIF 15 MB) or MP4 or MOV videos',
  },
  bluesky: {
    types: { 'image/jpeg': 2_000_000, 'image/png': 2_000_000, 'image/gif': 2_000_000 },
    label: 'JPG, PNG or GIF images up to 2 MB',
  },
  threads: {
    types: {
      'image/jpeg': 8_000_000,
      'image/png': 8_000_000,
      'video/mp4': 50 * 1024 * 1024,
      'video/quicktime': 50 * 1024 * 1024,
    },
    label: 'JPG or PNG images (8 MB) or MP4 or MOV videos',
  },
  linkedIn: {
    types: { 'image/jpeg': 8_000_000, 'image/png': 8_000_000, 'image/gif': 8_000_000 },
    label: 'JPG, PNG or GIF images up to 8 MB',
  },
  facebook: {
    types: {
      'image/jpeg': 4_000_000,
      'image/png': 4_000_000,
      'image/gif': 4_000_000,
      'video/mp4': 50 * 1024 * 1024,
    },
    label: 'JPG, PNG or GIF images (4 MB) or MP4 videos',
  },
  instagram: {
    types: {
      'image/jpeg': 8_000_000,
      'video/mp4': 50 * 1024 * 1024,
      'video/quicktime': 50 * 1024 * 1024,
    },
    label: 'JPG images (8 MB) or MP4 or MOV videos',
  },
};

/** What a network would refuse in a file meant for it alone; null when it takes it. */
export function networkMediaProblem(
  network: NetworkId,
  file: { mimeType: string; sizeBytes: number },
): string | null {
  const rule = NETWORK_MEDIA_RULES[network];
  const name = NETWORK_TEXT_NAMES[network];
  const limit = rule.types[file.mimeType as VariantMediaMimeType];
  if (limit === undefined) return POST_VARIANT_MESSAGES.variantMediaType(name, rule.label);
  if (file.sizeBytes > limit) {
    return POST_VARIANT_MESSAGES.variantMediaSize(name, Math.floor(limit / 100_000) / 10);
  }
  return null;
}

export interface PostTextProblem {
  /** Where the form shows it: `variants.<network>`, `thread.<index>`, `first_comment`, `content`. */
  field: string;
  network: NetworkId;
  message: string;
}

/**
 * What a network would refuse in a post's texts, by the shared rules: each variant against
 * its own network; each thread part against each thread network in `networks`; the first
 * comment against each comment network in `networks`. With `includeShared`, the shared text
 * too, for each network in `networks` without a variant of its own (the Schedule dialog's
 * check; saving a post allows a long shared text, since the networks are chosen later).
 */
export function postTextProblems(
  post: {
    content: string;
    variants?: PostVariants | null | undefined;
    thread?: readonly string[] | null | undefined;
    first_comment?: string | null | undefined;
  },
  networks: readonly NetworkId[],
  extras: PostTextExtras & { includeShared?: boolean } = {},
): PostTextProblem[] {
  const problems: PostTextProblem[] = [];
  const hasMedia = (network: NetworkId) =>
    networkHasMedia(post.variants, network, extras.hasMedia === true);
  for (const network of NETWORK_IDS) {
    const own = post.variants?.[network]?.content;
    const isChecked = own !== undefined || (extras.includeShared && networks.includes(network));
    if (!isChecked) continue;
    const measured = measurePostLength(network, own ?? post.content, {
      link: extras.link,
      hasMedia: hasMedia(network),
    });
    if (measured.isOver) {
      problems.push({
        field: own !== undefined ? `variants.${network}` : 'content',
        network,
        message: POST_VARIANT_MESSAGES.overLimit(
          NETWORK_TEXT_NAMES[network],
          measured.length,
          measured.limit,
        ),
      });
    }
  }
  const thread = post.thread ?? [];
  for (const network of networks.filter(isThreadNetwork)) {
    thread.forEach((part, index) => {
      const measured = measurePostedText(network, part.trim());
      if (measured.isOver) {
        problems.push({
          field: `thread.${index}`,
          network,
          message: POST_VARIANT_MESSAGES.threadPartOver(
            index + 2,
            NETWORK_TEXT_NAMES[network],
            measured.length,
            measured.limit,
          ),
        });
      }
    });
  }
  const comment = post.first_comment?.trim();
  if (comment) {
    for (const network of FIRST_COMMENT_NETWORKS) {
      if (!networks.includes(network)) continue;
      const length = [...comment].length;
      const limit = FIRST_COMMENT_LIMITS[network];
      if (length > limit) {
        problems.push({
          field: 'first_comment',
          network,
          message: POST_VARIANT_MESSAGES.firstCommentOver(
            NETWORK_TEXT_NAMES[network],
            length,
            limit,
          ),
        });
      }
    }
  }
  return problems;
}

// ---- Follow-ups as the Scheduling card shows them --------------------------------------

export const FOLLOW_UP_STATUSES = [
  'pending',
  'publishing',
  'published',
  'failed',
  'unconfirmed',
] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

/** A publication's thread: how far it went. */
export const ThreadStateSchema = z.object({
  /** Parts in all, the first post included. */
  total: z.number().check(z.int()),
  /** Parts on the network, the first post included. */
  posted: z.number().check(z.int()),
  /** The first part not posted (2 or more) and what became of it; null when all are out. */
  stopped_at: z.nullable(
    z.object({
      part: z.number().check(z.int()),
      /** The part's id: its Retry's address. */
      part_id: z.string(),
      status: z.enum(FOLLOW_UP_STATUSES),
      error: z.nullable(z.string()),
    }),
  ),
});
export type ThreadState = z.infer<typeof ThreadStateSchema>;

export const FirstCommentStateSchema = z.object({
  /** The comment's id: its Retry's address. */
  id: z.string(),
  status: z.enum(FOLLOW_UP_STATUSES),
  error: z.nullable(z.string()),
  /** When it is (or was) due. */
  due_at: z.nullable(z.string()),
});
export type FirstCommentState = z.infer<typeof FirstCommentStateSchema>;

/** The card's line for a thread, or null when it needs none (nothing went wrong, nothing waits). */
export function threadStateLabel(state: ThreadState): string | null {
  const stop = state.stopped_at;
  if (!stop) return POST_VARIANT_MESSAGES.threadPosted(state.total);
  if (stop.status === 'failed') return POST_VARIANT_MESSAGES.partFailed(stop.part, state.total);
  if (stop.status === 'unconfirmed')
    return POST_VARIANT_MESSAGES.partUnconfirmed(stop.part, state.total);
  return POST_VARIANT_MESSAGES.partSending(stop.part, state.total);
}

export function firstCommentLabel(state: FirstCommentState): string {
  switch (state.status) {
    case 'published':
      return POST_VARIANT_MESSAGES.commentPosted;
    case 'failed':
      return POST_VARIANT_MESSAGES.commentFailed;
    case 'unconfirmed':
      return POST_VARIANT_MESSAGES.commentUnconfirmed;
    default:
      return POST_VARIANT_MESSAGES.commentWaiting;
  }
}

/** The follow-up states a customer may retry from (a failed one; an unconfirmed one they checked). */
export const FOLLOW_UP_RETRYABLE: readonly FollowUpStatus[] = ['failed', 'unconfirmed'];

export const PublicationPartIdParamsSchema = z.object({
  id: z.uuid({ error: 'Part not found' }),
});

export const FOLLOW_UP_MESSAGES = {
  notFound: 'Part not found',
  retried: 'Retry requested',
  moved: 'This part is no longer waiting for a retry: refresh to see where it is',
} as const;

export const PartRetryResultSchema = z.object({
  id: z.string(),
  status: z.enum(FOLLOW_UP_STATUSES),
});
