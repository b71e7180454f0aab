import { z } from 'zod/mini';

/**
 * Webhooks: endpoints a customer registers (Settings > Developer Info, or /api/v1/webhooks)
 * to be told of what happens to their posts and connections. Each delivery is signed the
 * Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
export const WEBHOOK_EVENTS = [
  'post.created',
  'post.updated',
  'post.deleted',
  'publication.published',
  'publication.failed',
  'publication.unconfirmed',
  'publication.missed',
  'post.completed',
  'connection.expiring',
  'connection.needs_reconnect',
] as const;
/** What an endpoint can subscribe to. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Every type a delivery can carry: the subscribable events and the test event. */
export type WebhookEventType = WebhookEvent | 'webhook.test';

/** What each event means, for the Developer Info panel and the API's documentation. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'post.created': 'A post was created',
  'post.updated': 'A post was changed',
  'post.deleted': 'A post was deleted',
  'publication.published': 'A post went out on a network',
  'publication.failed': 'A post could not be published on a network',
  'publication.unconfirmed': 'Nobody knows whether a post went out (check the account)',
  'publication.missed': 'A post was not sent in time and was given up',
  'post.completed': 'Every network of one scheduled time has ended',
  'connection.expiring': 'A connection expires soon',
  'connection.needs_reconnect': 'A connection needs reconnecting',
};

/** The secret's mark: `whsec_` then standard base64 of the key bytes. */
export const WEBHOOK_SECRET_MARK = 'whsec_';
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_ENTITIES_MAX = 100;
/** How long the previous secret still signs after a rotation. */
export const WEBHOOK_ROTATION_HOURS = 24;
/** An endpoint failing this long (no 2xx at all) is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
/** Events and their delivery attempts are kept this long after the event, then deleted. */
export const WEBHOOK_KEPT_DAYS = 30;
/** The default retry schedule, seconds after each failed attempt (WEBHOOK_RETRY_SCHEDULE). */
export const WEBHOOK_DEFAULT_RETRY_SCHEDULE = [60, 300, 1800, 7200, 21600, 86400] as const;

export const WEBHOOK_MESSAGES = {
  listed: 'Webhook endpoints fetched successfully',
  fetched: 'Webhook endpoint fetched successfully',
  created: 'Webhook endpoint created. Copy its signing secret now: it will not be shown again.',
  updated: 'Webhook endpoint updated',
  rotated:
    'Signing secret rotated. Copy the new secret now: the old one keeps signing for 24 hours.',
  testQueued: 'Test event queued: it is sent within seconds',
  redeliveryQueued: 'Redelivery queued: it is sent within seconds',
  deliveriesListed: 'Deliveries fetched successfully',
  notFound: 'This webhook endpoint does not exist.',
  deliveryNotFound: 'This delivery does not exist.',
  notOnPlan: 'API access is available on Enterprise. Upgrade your plan to add webhook endpoints.',
  urlRequired: 'Give the endpoint a URL, such as https://example.com/webhooks/cadence',
  urlInvalid: 'The URL must be a full web address, such as https://example.com/webhooks/cadence',
  urlTooLong: `The URL must be at most ${WEBHOOK_URL_MAX} characters`,
  urlNotHttps:
    'The URL must start with https:// (http:// is accepted only for hosts the server exempts in FETCH_ALLOW_HOSTS)',
  urlCredentials: 'The URL must not carry a user name or password',
  eventsRequired: 'Choose at least one event',
  eventUnknown: `Each event must be one of: ${WEBHOOK_EVENTS.join(', ')}`,
  entitiesInvalid: 'Entities must be a list of entity ids',
  entitiesTooMany: `An endpoint may be limited to at most ${WEBHOOK_ENTITIES_MAX} entities`,
  entityNotYours:
    'One of the chosen entities does not exist in your account. Choose your own entities, or none for all of them.',
  redeliverDisabled: 'This endpoint is turned off. Turn it on again before redelivering.',
  tooMany: `You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one first.`,
  nothingToChange: 'Send at least one of url, events, entity_ids or enabled',
  disabledNotice: (url: string, days: number) =>
    `The webhook endpoint ${url} failed every delivery for ${days} days and was turned off. Fix it, then turn it on again in Settings > Developer Info.`,
} as const;

const UrlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .check(z.trim())
  .check(z.minLength(1, WEBHOOK_MESSAGES.urlRequired))
  .check(z.maxLength(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong))
  .check(
    z.refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, WEBHOOK_MESSAGES.urlInvalid),
  );

const EventsSchema = z.pipe(
  z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventUnknown }), {
      error: WEBHOOK_MESSAGES.eventsRequired,
    })
    .check(z.minLength(1, WEBHOOK_MESSAGES.eventsRequired)),
  z.transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
);

const EntityIdsSchema = z.nullish(
  z.pipe(
    z
      .array(z.uuid({ error: WEBHOOK_MESSAGES.entitiesInvalid }), {
        error: WEBHOOK_MESSAGES.entitiesInvalid,
      })
      .check(z.maxLength(WEBHOOK_ENTITIES_MAX, WEBHOOK_MESSAGES.entitiesTooMany)),
    z.transform((ids) => (ids.length === 0 ? null : [...new Set(ids)])),
  ),
);

export const WebhookCreateSchema = z.object({
  url: UrlSchema,
  events: EventsSchema,
  entity_ids: EntityIdsSchema,
});
export type WebhookCreate = z.input<typeof WebhookCreateSchema>;
export type WebhookCreateInput = z.output<typeof WebhookCreateSchema>;

/** `enabled: true` turns a disabled endpoint on again (its failure clock starts afresh). */
export const WebhookUpdateSchema = z
  .object({
    url: z.optional(UrlSchema),
    events: z.optional(EventsSchema),
    entity_ids: EntityIdsSchema,
    enabled: z.optional(z.boolean({ error: 'enabled must be true or false' })),
  })
  .check(
    z.refine(
      (body) => Object.values(body).some((value) => value !== undefined),
      WEBHOOK_MESSAGES.nothingToChange,
    ),
  );
export type WebhookUpdate = z.input<typeof WebhookUpdateSchema>;
export type WebhookUpdateInput = z.output<typeof WebhookUpdateSchema>;

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  entity_ids: z.nullable(z.array(z.string())),
  /** `disabled`: turned off after failing for 3 days, or by its owner. */
  status: z.enum(['enabled', 'disabled']),
  /** Since when every delivery failed (null while deliveries succeed). */
  failing_since: z.nullable(z.string()),
  disabled_at: z.nullable(z.string()),
  /** Until when the previous secret still signs (null: no rotation under way). */
  previous_secret_expires_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer to creating an endpoint or rotating its secret: the secret, this once. */
export const WebhookWithSecretSchema = z.extend(WebhookSchema, { secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's `webhook-id` (the same on every attempt of one event). */
  message_id: z.string(),
  event: z.string(),
  attempt: z.number().check(z.int()),
  /** null: no answer (timeout, refused address, connection error). */
  status_code: z.nullable(z.number().check(z.int())),
  success: z.boolean(),
  error: z.nullable(z.string()),
  duration_ms: z.number().check(z.int()),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** A page of a list: `next_cursor` is null at the end. */
export function webhookListPage<T extends z.core.$ZodType>(item: T) {
  return z.object({
    message: z.string(),
    data: z.array(item),
    next_cursor: z.nullable(z.string()),
  });
}

export const WebhookListQuerySchema = z.object({
  limit: z._default(
    z.coerce
      .number({ error: 'limit must be a whole number from 1 to 100' })
      .check(z.int('limit must be a whole number from 1 to 100'))
      .check(z.gte(1, 'limit must be a whole number from 1 to 100'))
      .check(z.lte(100, 'limit must be a whole number from 1 to 100')),
    25,
  ),
  cursor: z.optional(z.string().check(z.maxLength(200, 'cursor is not valid'))),
});
export type WebhookListQuery = z.output<typeof WebhookListQuerySchema>;

/** A publication as `GET /api/v1/posts/:id` shows it, with its post and entity (event data). */
export const WebhookPublicationDataSchema = z.object({
  id: z.string(),
  network: z.string(),
  status: z.string(),
  scheduled_for: z.string(),
  published_at: z.nullable(z.string()),
  url: z.nullable(z.string()),
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
  attempts: z.number().check(z.int()),
  post_id: z.string(),
  entity_id: z.nullable(z.string()),
});
export type WebhookPublicationData = z.infer<typeof WebhookPublicationDataSchema>;

/** The body of every delivery. */
export interface WebhookPayload<Data = Record<string, unknown>> {
  type: WebhookEventType;
  /** ISO 8601: when the event happened. */
  timestamp: string;
  data: Data;
}
