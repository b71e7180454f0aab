// Tables owned by the auth module (src/modules/auth): only its code writes them.
import { sql } from 'drizzle-orm';
import type { Gender } from '@cadence/shared';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** Stored lower-cased; the unique index is the only guard against duplicates. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Bumped when the password changes: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** null: not set. */
    gender: text('gender').$type<Gender>(),
    address: text('address'),
    /** The re-encoded avatar in storage (key to remove it, URL to show it); null: placeholder. */
    avatarKey: text('avatar_key'),
    avatarUrl: text('avatar_url'),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

/**
 * Tokens signed out one by one (the app's Sign out), until they would have expired anyway:
 * the SHA-256 of the token, never the token. Signing out everywhere bumps the account's
 * `token_version` instead.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('revoked_tokens_user_idx').on(table.userId),
    index('revoked_tokens_expires_idx').on(table.expiresAt),
  ],
);

/**
 * One-time codes (docs/decisions/104): one live code per email, purpose and client that
 * asked for it (`client_key`, a hash), so a stranger's request never replaces the code the
 * owner received. Rows also exist for addresses without an account (with no user and nothing
 * mailed), so that a request behaves the same whether or not an account exists. `attempts`
 * counts wrong tries from every client; `otp_client_attempts` counts them per client.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['registration', 'reset_password', 'sign_in'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Who asked for the code: a hash of the client (`clientOf`); null on older rows. */
    clientKey: text('client_key'),
  },
  (table) => [index('otp_codes_email_purpose_idx').on(table.email, table.purpose)],
);

/** Wrong tries at one code from one client: five burn the code for that client only. */
export const otpClientAttempts = pgTable(
  'otp_client_attempts',
  {
    otpId: uuid('otp_id')
      .notNull()
      .references(() => otpCodes.id, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    wrong: integer('wrong').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.otpId, table.clientKey] })],
);

export type UserRow = typeof users.$inferSelect;
export type OtpCodeRow = typeof otpCodes.$inferSelect;
