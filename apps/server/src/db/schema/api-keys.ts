// Tables owned by the api-keys module (src/modules/api-keys): only its code writes them.
import { sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@cadence/shared';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * A customer's API keys for /api/v1. The key `cad_<prefix>_<secret>` is shown once; only
 * the SHA-256 of its secret is kept. `entity_ids` null: every entity of the customer.
 * A revoked key keeps its row (revoked_at set) and is no longer listed nor accepted.
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
