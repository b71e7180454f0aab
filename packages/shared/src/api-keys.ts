import { z } from 'zod/mini';
import { pagingQuery } from './customer.js';
import { MEDIA_MIME_TYPES } from './posts.js';

/**
 * API keys (Settings > Developer Info) and the public API under /api/v1. A key reads
 * `cad_<prefix>_<secret>`: the prefix (8 URL-safe characters) names the key on screen and in
 * the database, the secret is shown once and only its hash is stored.
 */
export const API_KEY_SCOPES = ['read', 'write', 'publish'] as const;
export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, {
  error: 'A scope must be read, write or publish',
});
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read',
  write: 'Write',
  publish: 'Publish',
};

/** Every key starts with this; the prefix and the secret follow, separated by `_`. */
export const API_KEY_MARK = 'cad_';
export const API_KEY_NAME_MAX = 100;
export const API_KEY_ENTITIES_MAX = 100;

export const API_KEY_MESSAGES = {
  listed: 'API keys fetched successfully',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  notFound: 'This API key does not exist or was already revoked.',
  notOnPlan: 'API access is available on Enterprise. Upgrade your plan to create API keys.',
  nameRequired: 'Give the key a name, so you can tell it apart later',
  nameTooLong: `A key name must be at most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope: read, write or publish',
  entitiesInvalid: 'Entities must be a list of entity ids',
  entitiesTooMany: `A key may be limited to at most ${API_KEY_ENTITIES_MAX} entities`,
  entityNotYours:
    'One of the chosen entities does not exist in your account. Choose your own entities, or none for all of them.',
  expiryInvalid: 'Expiry must be an ISO date-time, such as 2027-01-31T00:00:00Z',
  expiryNotInFuture: 'The expiry date must be in the future',
  unauthenticated:
    'A valid API key is required: send it as "Authorization: Bearer cad_...". The key may be wrong, expired or revoked, or your plan may not include API access.',
  insufficientScope: (scope: ApiKeyScope) => `This API key lacks the "${scope}" scope.`,
  meFetched: 'Account fetched successfully',
} as const;

export const ApiKeyCreateSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .check(z.trim())
    .check(z.minLength(1, API_KEY_MESSAGES.nameRequired))
    .check(z.maxLength(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong)),
  scopes: z.pipe(
    z
      .array(ApiKeyScopeSchema, { error: API_KEY_MESSAGES.scopesRequired })
      .check(z.minLength(1, API_KEY_MESSAGES.scopesRequired)),
    z.transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  ),
  entity_ids: z.nullish(
    z.pipe(
      z
        .array(z.uuid({ error: API_KEY_MESSAGES.entitiesInvalid }), {
          error: API_KEY_MESSAGES.entitiesInvalid,
        })
        .check(z.maxLength(API_KEY_ENTITIES_MAX, API_KEY_MESSAGES.entitiesTooMany)),
      z.transform((ids) => (ids.length === 0 ? null : [...new Set(ids)])),
    ),
  ),
  expires_at: z.nullish(z.iso.datetime({ offset: true, error: API_KEY_MESSAGES.expiryInvalid })),
});
export type ApiKeyCreate = z.input<typeof ApiKeyCreateSchema>;
export type ApiKeyCreateInput = z.output<typeof ApiKeyCreateSchema>;

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  entity_ids: z.nullable(z.array(z.string())),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ rows: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** The answer to creating a key: the whole key, this once. */
export const CreatedApiKeySchema = z.extend(ApiKeySchema, { key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** `GET /api/v1/me`: `plan` is the tier id ('free', 'pro', 'business', 'enterprise'). */
export const ApiMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  plan: z.string(),
});
export type ApiMe = z.infer<typeof ApiMeSchema>;

/** The key as shown on screen: its prefix, never its secret. */
export function maskedApiKey(prefix: string) {
  return `${API_KEY_MARK}${prefix}_…`;
}

// ---- The public API's rules for every route: rate limits, idempotency, the call log ----------

/** The longest `Idempotency-Key` taken (a UUID is 36 characters). */
export const IDEMPOTENCY_KEY_MAX = 255;
/** How long an answer is kept for a repeat of its request with the same key. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** The header a replayed answer carries. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const API_TRAFFIC_MESSAGES = {
  rateLimited: (kind: 'read' | 'write', limit: number, seconds: number) =>
    `This API key made more than ${limit} ${kind} requests this minute. Wait ${seconds} second${seconds === 1 ? '' : 's'} (see Retry-After) and try again, or spread the calls out.`,
  idempotencyKeyInvalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters, such as a UUID.`,
  idempotencyKeyReused:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  idempotencyKeyInUse:
    'A request with this Idempotency-Key is still being processed. Wait for its answer, then retry with the same key.',
  mediaMissing: 'Send one file in the multipart field "media"',
  mediaNotMultipart:
    'Send the file as multipart/form-data in the field "media", or use /api/v1/media/from-url with a JSON body { "url": ... }',
  mediaUrlInvalid: 'url must be an http:// or https:// address of an image or video',
  mediaUrlBlocked:
    'That address points to a private or local network, which the server may not fetch. Use a public address.',
  mediaUrlFailed: (reason: string) =>
    `The file could not be fetched (${reason}). Check that the address is public and answers the file itself, then try again.`,
  mediaUploaded: 'Media uploaded successfully',
  callsFetched: 'API calls fetched successfully',
} as const;

export const MediaFromUrlSchema = z.object({
  url: z
    .string({ error: 'url is required: the address of an image or video to fetch' })
    .check(z.trim())
    .check(z.minLength(1, 'url is required: the address of an image or video to fetch'))
    .check(z.maxLength(2048, 'url must be at most 2048 characters')),
});
export type MediaFromUrl = z.infer<typeof MediaFromUrlSchema>;

/** A media file stored for posts: `id` goes in a post's `media_ids`. */
export const ApiMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  type: z.enum(MEDIA_MIME_TYPES),
  size: z.number().check(z.int()),
});
export type ApiMedia = z.infer<typeof ApiMediaSchema>;

export const API_CALLS_LIMIT_DEFAULT = 25;
export const API_CALLS_LIMIT_MAX = 100;
/** How long the call log keeps a call. */
export const API_CALLS_KEPT_DAYS = 30;

export const ApiCallListQuerySchema = z.object(
  pagingQuery(API_CALLS_LIMIT_DEFAULT, API_CALLS_LIMIT_MAX),
);

/** One call to the public API, as Settings > Developer Info lists it. */
export const ApiCallSchema = z.object({
  id: z.string(),
  key_name: z.string(),
  key_prefix: z.string(),
  method: z.string(),
  /** The route's pattern, such as /api/v1/posts/:id (never the ids themselves). */
  route: z.string(),
  status: z.number().check(z.int()),
  duration_ms: z.number().check(z.int()),
  created_at: z.string(),
});
export type ApiCall = z.infer<typeof ApiCallSchema>;

export const ApiCallListSchema = z.object({
  rows: z.array(ApiCallSchema),
  count: z.number().check(z.int()),
  count_is_exact: z.optional(z.boolean()),
  page: z.number().check(z.int()),
  limit: z.number().check(z.int()),
});
export type ApiCallList = z.infer<typeof ApiCallListSchema>;
