// Tables owned by the webhooks module (src/modules/webhooks): only its code writes them.
import { sql } from 'drizzle-orm';
import type { WebhookEvent, WebhookEventType } from '@cadence/shared';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * A customer's webhook endpoints. The signing secret is sealed at rest (the secret box);
 * after a rotation the previous one still signs until `previous_secret_expires_at`.
 * `entity_ids` null: events of every entity. `failing_since`: the first failed delivery
 * since the last success; three days of that and the endpoint is disabled.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    entityIds: jsonb('entity_ids').$type<string[] | null>(),
    /**
     * Who made it: its events reach it only while that person may see them (a member still
     * in the workspace, a manager, with the event's entity). Null: the workspace's owner.
     */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'cascade' }),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_user_id_idx').on(table.userId)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** pending: to send (at `next_attempt_at`); delivered: a 2xx came back; failed: given up. */
export type WebhookMessageStatus = 'pending' | 'delivered' | 'failed';

/**
 * The outbox: one row per event and subscribed endpoint, written in the same transaction
 * as the change it reports. Its id is the `webhook-id` of every attempt; `body` is the JSON
 * sent, kept as text so every attempt sends (and signs) the same bytes.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookMessageStatus>().notNull().default('pending'),
    /** Attempts made so far (a redelivery counts on). */
    attempts: integer('attempts').notNull().default(0),
    /** When it is due (pending), or until when a worker holds it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_messages_endpoint_idx').on(table.endpointId),
  ],
);
export type WebhookMessageRow = typeof webhookMessages.$inferSelect;

/** Every attempt to deliver a message: what came back and how long it took. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    success: boolean('success').notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_endpoint_created_idx').on(
      table.endpointId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('webhook_deliveries_message_idx').on(table.messageId),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
