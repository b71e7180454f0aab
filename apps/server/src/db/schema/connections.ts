// Tables owned by the connections module (src/modules/connections): only its code writes them.
import { sql } from 'drizzle-orm';
import type { NetworkId } from '@cadence/shared';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies } from './companies.js';

/** A company's connection to one network. Credentials are stored encrypted, never in clear. */
export const socialConnections = pgTable(
  'social_connections',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    network: text('network').$type<NetworkId>().notNull(),
    accountName: text('account_name'),
    accountId: text('account_id'),
    credentialsEncrypted: text('credentials_encrypted').notNull(),
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    /** 'keys' (the key form) or 'oauth' (one-click connect: tokens that expire and refresh). */
    authMethod: text('auth_method').$type<'keys' | 'oauth'>().notNull().default('keys'),
    /** When the stored access token stops working, when the network tells it; null: never known to. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /**
     * Whether the token can be renewed without the customer (a refresh grant the operator's
     * app can use); false after the network refused a refresh. Decides between the sweep's
     * refresh and the 'Reconnect before {date}' warnings (decision 092).
     */
    tokenRenewable: boolean('token_renewable').notNull().default(false),
    /** The expiry the last expiry warning was about, and which one it was (7 or 1 days). */
    expiryWarnedFor: timestamp('expiry_warned_for', { withTimezone: true }),
    expiryWarnedDays: integer('expiry_warned_days'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set on disconnect; the row stays so a reconnect keeps the connection's history. */
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('social_connections_company_network_key').on(table.companyId, table.network),
  ],
);

/**
 * One-click connect in flight: the `state` a consent page carries back (stored hashed),
 * bound to the customer and the entity, single use (`used_at`) and short lived. The PKCE
 * verifier is sealed like credentials. `binding_hash` is the SHA-256 of the cookie the start
 * gave the browser: only that browser can complete the flow (decision 103). `return_url` is
 * the address the browser started on (PUBLIC_URL or, in the demo, a loopback address): the
 * callback is there, so the binding cookie and the app's session are too.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    stateHash: text('state_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    network: text('network').$type<NetworkId>().notNull(),
    verifierEncrypted: text('verifier_encrypted').notNull(),
    bindingHash: text('binding_hash').notNull(),
    /** The address the flow started on and returns to (null: PUBLIC_URL). */
    returnUrl: text('return_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oauth_states_state_hash_key').on(table.stateHash),
    index('oauth_states_expires_idx').on(table.expiresAt),
  ],
);

/**
 * After Facebook Login: the Pages (with their tokens, sealed) the customer picks one of.
 * Read and completed only by the customer it belongs to; deleted once used.
 */
export const oauthPendingChoices = pgTable(
  'oauth_pending_choices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    network: text('network').$type<NetworkId>().notNull(),
    payloadEncrypted: text('payload_encrypted').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_pending_choices_expires_idx').on(table.expiresAt)],
);

export type SocialConnectionRow = typeof socialConnections.$inferSelect;

/**
 * A network's login session, kept for every process (decision 139): Bluesky's access and
 * refresh tokens, so a new worker uses the session another made instead of logging in again
 * (createSession is limited to 30 per 5 minutes and 300 a day per account). Keyed by an HMAC
 * of the network and the login name, the session sealed like the credentials.
 */
export const networkSessions = pgTable(
  'network_sessions',
  {
    key: text('key').primaryKey(),
    sealed: text('sealed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('network_sessions_updated_idx').on(table.updatedAt)],
);
