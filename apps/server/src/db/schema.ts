import { sql } from 'drizzle-orm';
import type { NetworkId, Tier } from '@cadence/shared';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

/**
 * At most one live code per email and purpose. Rows also exist for unknown emails on
 * password reset (with no user and nothing mailed), so that a reset request behaves the
 * same whether or not an account exists.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['registration', 'reset_password'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('otp_codes_email_purpose_key').on(table.email, table.purpose)],
);

export type UserRow = typeof users.$inferSelect;
export type OtpCodeRow = typeof otpCodes.$inferSelect;

/** The tier catalogue. Limits are data: null means unlimited. */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tier: text('tier').$type<Tier>().notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** Price per interval in cents; null for a custom (quoted) price. */
  priceCents: integer('price_cents'),
  salePriceCents: integer('sale_price_cents'),
  saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
  intervalUnit: text('interval_unit').notNull().default('month'),
  intervalCount: integer('interval_count').notNull().default(1),
  highlightPoints: jsonb('highlight_points').$type<string[]>().notNull().default([]),
  maxCompanies: integer('max_companies'),
  maxPostsPerMonth: integer('max_posts_per_month'),
  maxNetworks: integer('max_networks'),
  hasAi: boolean('has_ai').notNull().default(false),
  allowedNetworks: jsonb('allowed_networks').$type<NetworkId[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

/** A customer's plan. No row means the free tier. */
export const customerSubscriptions = pgTable('customer_subscriptions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: uuid('plan_id')
    .notNull()
    .references(() => subscriptionPlans.id),
  status: text('status').notNull().default('active'),
  priceOverrideCents: integer('price_override_cents'),
  activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  nextBillingAt: timestamp('next_billing_at', { withTimezone: true }),
  ...timestamps,
});

export const companies = pgTable(
  'companies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    website: text('website').notNull(),
    industry: text('industry'),
    customIndustry: text('custom_industry'),
    description: text('description'),
    logoUrl: text('logo_url'),
    ...timestamps,
  },
  (table) => [index('companies_user_created_idx').on(table.userId, table.createdAt)],
);

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
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set on disconnect; the row stays so a reconnect keeps the connection's history. */
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('social_connections_company_network_key').on(table.companyId, table.network),
  ],
);

/** Every call to an AI model, for the developer view and for cost tracking. */
export const aiCallLogs = pgTable(
  'ai_call_logs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    model: text('model').notNull(),
    purpose: text('purpose').notNull(),
    prompt: text('prompt').notNull(),
    response: text('response'),
    responseTimeMs: integer('response_time_ms').notNull(),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    error: text('error'),
    warning: text('warning'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_call_logs_user_created_idx').on(table.userId, table.createdAt)],
);

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
