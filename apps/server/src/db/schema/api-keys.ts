// Tables owned by the api-keys module (src/modules/api-keys): only its code writes them.
import { sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@cadence/shared';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * A customer's API keys for /api/v1. The key `cad_<prefix>_<secret>` is shown once; only
 * the SHA-256 of its secret is kept. `entity_ids` null: every entity of the customer.
 * A revoked key keeps its row (revoked_at set) and is no longer listed nor accepted.
 * `created_by`: the person who made it (null: before members, the workspace's owner); the
 * key does at most what they may do in the workspace now (their role and entities), and
 * goes with their account.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    entityIds: jsonb('entity_ids').$type<string[] | null>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_prefix_key').on(table.prefix),
    index('api_keys_user_id_idx').on(table.userId),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * `Idempotency-Key`s of the public API, per API key: the first request's fingerprint (a
 * hash of its method, path and body) and, once answered, its answer, replayed to a repeat
 * within 24 h. `status_code` null: the first request is still running (until
 * `locked_until`, after which a process that died mid-request no longer holds the key).
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** null until known (a multipart upload's fingerprint is its file, read by the route). */
    fingerprint: text('fingerprint'),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('api_idempotency_keys_key_key').on(table.apiKeyId, table.key),
    index('api_idempotency_keys_expires_idx').on(table.expiresAt),
  ],
);
export type ApiIdempotencyKeyRow = typeof apiIdempotencyKeys.$inferSelect;

/**
 * Every call made with an API key (Settings > Developer Info): the route's pattern, never
 * its ids or body. Kept 30 days.
 */
export const apiCallLogs = pgTable(
  'api_call_logs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('api_call_logs_user_created_idx').on(table.userId, table.createdAt),
    index('api_call_logs_created_idx').on(table.createdAt),
  ],
);
export type ApiCallLogRow = typeof apiCallLogs.$inferSelect;
