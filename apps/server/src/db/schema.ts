import { sql } from 'drizzle-orm';
import type { Gender, NetworkId, PublicationStatus, RepeatType, Tier } from '@cadence/shared';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
 * Attempt counters (sign-in, one-time codes, password changes) shared by every process:
 * one fixed window per key. Keys are hashed, so no address is kept here in clear.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_counters_reset_idx').on(table.resetAt)],
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

/**
 * The tier catalogue. Limits are data: null means unlimited. Prices live in
 * `subscription_plan_intervals` (one row per billing interval); a paid tier without any
 * interval is quoted ('Contact us'), and the free tier has none.
 */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tier: text('tier').$type<Tier>().notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  highlightPoints: jsonb('highlight_points').$type<string[]>().notNull().default([]),
  maxCompanies: integer('max_companies'),
  maxPostsPerMonth: integer('max_posts_per_month'),
  maxNetworks: integer('max_networks'),
  hasAi: boolean('has_ai').notNull().default(false),
  /** Bytes of uploads (logos, avatars, media) the plan allows; null means unlimited. */
  maxStorageBytes: bigint('max_storage_bytes', { mode: 'number' }),
  allowedNetworks: jsonb('allowed_networks').$type<NetworkId[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

export const INTERVAL_UNITS = ['month', 'year'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

/**
 * One way to pay for a plan (the spec's subscription_plan_details): every interval has its
 * own price in integer cents (USD) and an optional sale price that applies while
 * `sale_ends_at` is in the future (no end date: the sale runs until removed).
 */
export const subscriptionPlanIntervals = pgTable(
  'subscription_plan_intervals',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    intervalUnit: text('interval_unit').$type<IntervalUnit>().notNull(),
    intervalCount: integer('interval_count').notNull().default(1),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents'),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('subscription_plan_intervals_plan_unit_key').on(
      table.planId,
      table.intervalUnit,
      table.intervalCount,
    ),
  ],
);

/** Every admin change of a price or sale price, newest last. Money in cents. */
export const subscriptionPriceHistory = pgTable(
  'subscription_price_history',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    intervalId: uuid('interval_id').references(() => subscriptionPlanIntervals.id, {
      onDelete: 'set null',
    }),
    intervalUnit: text('interval_unit').$type<IntervalUnit>().notNull(),
    intervalCount: integer('interval_count').notNull().default(1),
    oldPriceCents: integer('old_price_cents'),
    newPriceCents: integer('new_price_cents'),
    oldSalePriceCents: integer('old_sale_price_cents'),
    newSalePriceCents: integer('new_sale_price_cents'),
    oldSaleEndsAt: timestamp('old_sale_ends_at', { withTimezone: true }),
    newSaleEndsAt: timestamp('new_sale_ends_at', { withTimezone: true }),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscription_price_history_changed_idx').on(table.changedAt.desc())],
);

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'cancelled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['test', 'stripe', 'admin'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * A customer's plan: one row per customer (no row means the free tier). 'active' and
 * 'past_due' (inside the grace period) give the plan's entitlements; 'cancelled' gives free.
 * A cancellation or downgrade waits for `current_period_end`; nothing is deleted by either.
 */
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
  /** Null for a plan set by an admin without an interval, or the free plan. */
  intervalId: uuid('interval_id').references(() => subscriptionPlanIntervals.id, {
    onDelete: 'set null',
  }),
  status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
  /** An admin's custom price for this customer, in cents, used instead of the list price. */
  priceOverrideCents: integer('price_override_cents'),
  activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null: no paid period (free, or a plan an admin set without billing). */
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  /** A downgrade waiting for the period end. */
  scheduledPlanId: uuid('scheduled_plan_id').references(() => subscriptionPlans.id),
  scheduledIntervalId: uuid('scheduled_interval_id').references(
    () => subscriptionPlanIntervals.id,
    { onDelete: 'set null' },
  ),
  /** When the first failed renewal happened; after the grace period the account goes free. */
  pastDueSince: timestamp('past_due_since', { withTimezone: true }),
  provider: text('provider').$type<PaymentProvider>().notNull().default('admin'),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  /** Creation time of the newest provider event applied: older ones never move us back. */
  providerStateAt: timestamp('provider_state_at', { withTimezone: true }),
  ...timestamps,
});

/** The provider's customer for an account (one Stripe customer per account, reused). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider] }),
    uniqueIndex('payment_customers_provider_customer_key').on(
      table.provider,
      table.providerCustomerId,
    ),
  ],
);

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_KINDS = ['new', 'upgrade', 'renewal'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * One charge: a purchase (new or upgrade, from checkout) or a renewal. The billing history
 * is this table. Money in integer cents.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    intervalId: uuid('interval_id').references(() => subscriptionPlanIntervals.id, {
      onDelete: 'set null',
    }),
    kind: text('kind').$type<OrderKind>().notNull().default('new'),
    amountCents: integer('amount_cents').notNull(),
    /** The credit for the unused part of the previous plan, already taken off amount_cents. */
    creditCents: integer('credit_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    providerSessionId: text('provider_session_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    providerInvoiceId: text('provider_invoice_id'),
    /** Stripe's hosted invoice; null means the built-in receipt page. */
    receiptUrl: text('receipt_url'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('orders_user_created_idx').on(table.userId, table.createdAt.desc()),
    uniqueIndex('orders_provider_session_key').on(table.provider, table.providerSessionId),
    uniqueIndex('orders_provider_invoice_key').on(table.provider, table.providerInvoiceId),
  ],
);

/** Provider events already applied: the primary key makes each one apply once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').$type<PaymentProvider>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

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
 * gave the browser: only that browser can complete the flow (decision 103).
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
  (table) => [
    index('ai_call_logs_user_created_idx').on(table.userId, table.createdAt),
    index('ai_call_logs_created_idx').on(table.createdAt.desc()),
  ],
);

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type PlanIntervalRow = typeof subscriptionPlanIntervals.$inferSelect;
export type CustomerSubscriptionRow = typeof customerSubscriptions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type SocialConnectionRow = typeof socialConnections.$inferSelect;

/**
 * A post belongs to its owner; its company may be deleted later (the post then shows
 * 'Unknown Company' and cannot be scheduled), so company_id is set null rather than cascaded.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    url: text('url'),
    shortenedUrl: text('shortened_url'),
    urlShortened: boolean('url_shortened').notNull().default(false),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    tone: text('tone'),
    platforms: jsonb('platforms').$type<NetworkId[]>().notNull().default([]),
    // No status column: a post is 'scheduled' exactly when it has a scheduled time
    // (`postStatusOf` in shared), so it is computed where a post is answered.
    /** Lower-cased content and url, kept by the database, for the trigram search index. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(content || ' ' || coalesce(url, ''))`,
    ),
    ...timestamps,
  },
  (table) => [
    index('posts_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('posts_company_created_idx').on(table.companyId, table.createdAt.desc()),
    index('posts_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/**
 * Posts created per customer and calendar month (UTC), for the plan's monthly limit.
 * Deleting a post does not give its slot back: the limit is on posts made, not posts kept.
 */
export const postUsage = pgTable(
  'post_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' in UTC. */
    month: text('month').notNull(),
    created: integer('created').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

/** A post's media file (the product allows one per post). */
export const postAttachments = pgTable(
  'post_attachments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Public path under /uploads/. */
    mediaUrl: text('media_url').notNull(),
    /** Storage key, for removal. */
    storageKey: text('storage_key').notNull(),
    /** The file name the customer chose (shown, never used as a path). */
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('post_attachments_post_key').on(table.postId)],
);

/** Links made by the built-in shortener, served at /s/:code. */
export const shortLinks = pgTable(
  'short_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    url: text('url').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clicks: integer('clicks').notNull().default(0),
    lastClickedAt: timestamp('last_clicked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('short_links_code_key').on(table.code),
    index('short_links_user_url_idx').on(table.userId, table.url),
  ],
);

/** Per-customer settings. No row: the browser's zone is used, UTC as the last resort. */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** IANA zone name, e.g. Europe/Berlin. */
  timezone: text('timezone').notNull(),
  autoDst: boolean('auto_dst').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the customer asked for: a post, its networks, a first time and an optional repeat. */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    networks: jsonb('networks').$type<NetworkId[]>().notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    repeatType: text('repeat_type').$type<RepeatType>(),
    repeatUntil: timestamp('repeat_until', { withTimezone: true }),
    /** The zone the wall-clock time was chosen in; repeats keep that wall-clock time. */
    timezone: text('timezone').notNull().default('UTC'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('schedules_post_idx').on(table.postId)],
);

export const INSTANCE_STATUSES = [
  'pending',
  'publishing',
  'published',
  'partial',
  'failed',
  'missed',
  'cancelled',
] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

/** One occurrence of a schedule: one publish job. */
export const scheduledInstances = pgTable(
  'scheduled_instances',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    status: text('status').$type<InstanceStatus>().notNull().default('pending'),
    /** The pg-boss job that publishes it (cancelled when the instance is deleted). */
    jobId: text('job_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('scheduled_instances_user_time_idx').on(table.userId, table.scheduledFor),
    index('scheduled_instances_schedule_idx').on(table.scheduleId),
    index('scheduled_instances_post_idx').on(table.postId),
    index('scheduled_instances_status_time_idx').on(table.status, table.scheduledFor),
  ],
);

/**
 * One network's copy of one instance. The unique (instance, network) pair and an
 * external id that is never overwritten are what make a twice-run job post once.
 */
export const publications = pgTable(
  'publications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => scheduledInstances.id, { onDelete: 'cascade' }),
    network: text('network').$type<NetworkId>().notNull(),
    connectionId: uuid('connection_id').references(() => socialConnections.id, {
      onDelete: 'set null',
    }),
    /** The account name at scheduling time, shown on the card even after a disconnect. */
    accountName: text('account_name'),
    status: text('status').$type<PublicationStatus>().notNull().default('pending'),
    externalId: text('external_id'),
    externalUrl: text('external_url'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    errorCode: text('error_code'),
    /** When a publisher took it (a stale claim means the worker died mid-call). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * True while the claim's holder prepares (Instagram and Threads media containers) and has
     * not yet made the call that can make the post public. A stale claim still true posted
     * nothing: it goes back to pending instead of unconfirmed (decision 094).
     */
    sendPending: boolean('send_pending').notNull().default(false),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /**
     * Due again at: set when the customer asks for a retry or to publish now. The missed
     * rule counts from it (else from the instance's time), so a manual retry of an old post
     * is not missed at once.
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('publications_instance_network_key').on(table.instanceId, table.network),
    // The reconciler's look for a publish-now or retry due before its instance's own time.
    index('publications_pending_due_idx')
      .on(table.dueAt)
      .where(sql`${table.status} = 'pending' and ${table.dueAt} is not null`),
  ],
);

export const LOG_STATUSES = ['success', 'error', 'pending'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];

/** One row per publishing attempt, for the customer's Post Logs and the admin's System Logs. */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    instanceId: uuid('instance_id').references(() => scheduledInstances.id, {
      onDelete: 'set null',
    }),
    platform: text('platform').notNull(),
    status: text('status').$type<LogStatus>().notNull(),
    message: text('message').notNull(),
    errorCode: text('error_code'),
    retryCount: integer('retry_count').notNull().default(0),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased platform, message and code, kept by the database, for the admin's search. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(platform || ' ' || message || ' ' || coalesce(error_code, ''))`,
    ),
  },
  (table) => [
    index('system_logs_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('system_logs_created_idx').on(table.createdAt.desc()),
    // The admin's System Logs: newest first over everyone, with a stable tie-break for paging.
    index('system_logs_created_id_idx').on(table.createdAt.desc(), table.id.desc()),
    index('system_logs_status_created_idx').on(
      table.status,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('system_logs_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

export type PostRow = typeof posts.$inferSelect;
export type PostAttachmentRow = typeof postAttachments.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduledInstanceRow = typeof scheduledInstances.$inferSelect;
export type PublicationRow = typeof publications.$inferSelect;
export type SystemLogRow = typeof systemLogs.$inferSelect;

/**
 * Operator settings that steer the running instance (publisher, rate limits), read live
 * with a short cache. `value` holds the number and its allowed range, as the admin screen
 * shows it.
 */
export interface AdminSettingValue {
  value: number;
  min: number;
  max: number;
  unit: string;
}

export const adminSettings = pgTable('admin_settings', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  key: text('key').notNull().unique(),
  value: jsonb('value').$type<AdminSettingValue>().notNull(),
  description: text('description').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change made through the admin panel: who, what, the value before and after. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    /** What was changed: a setting key, a plan tier, a user's email... */
    target: text('target').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_audit_log_created_idx').on(table.createdAt.desc(), table.id.desc())],
);

/** Instance-wide state shared by every process: the publisher switch, the next deployment. */
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per running process, rewritten every few seconds; the admin's service cards. */
export const serviceHeartbeats = pgTable('service_heartbeats', {
  /** host:pid:start time, unique per process life. */
  id: text('id').primaryKey(),
  role: text('role').$type<'web' | 'worker' | 'all'>().notNull(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  lastBeatAt: timestamp('last_beat_at', { withTimezone: true }).notNull(),
  cpuPercent: integer('cpu_percent').notNull().default(0),
  rssBytes: bigint('rss_bytes', { mode: 'number' }).notNull().default(0),
  /** Workers only: whether this process's publisher is taking jobs. */
  publishing: boolean('publishing'),
  inFlight: integer('in_flight').notNull().default(0),
  done: integer('done').notNull().default(0),
});

export type AdminSettingRow = typeof adminSettings.$inferSelect;
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
export type HeartbeatRow = typeof serviceHeartbeats.$inferSelect;

/** Calls to outside services other than AI and the networks (search, link shortening), per day. */
export const externalCallCounts = pgTable(
  'external_call_counts',
  {
    service: text('service').notNull(),
    /** 'YYYY-MM-DD' in UTC. */
    day: text('day').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.service, table.day] })],
);

/** Per-account notification choices. No row: every e-mail is on (the default). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailPublicationFailures: boolean('email_publication_failures').notNull().default(true),
  emailReconnect: boolean('email_reconnect').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const NOTIFICATION_KINDS = [
  'publication_failed',
  'publication_unconfirmed',
  'connection_reconnect',
  'connection_expiring',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** pending: waits for the mail job; sent: in a mail; off: the customer turned that mail off. */
export type NotificationMailState = 'pending' | 'sent' | 'off';

/** What the bell lists and the notification mails are made of. */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    network: text('network').$type<NetworkId>(),
    /** The connection an event is about (company and network): mails are grouped by it. */
    groupKey: text('group_key').notNull(),
    message: text('message').notNull(),
    mailState: text('mail_state').$type<NotificationMailState>().notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notification_events_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('notification_events_mail_idx').on(table.userId, table.mailState),
  ],
);

export const UPLOAD_KINDS = ['logo', 'avatar', 'media'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * Every file a customer uploaded, so the storage allowance and the orphan sweep are
 * queries. Whether a file is referenced is asked of the tables that use it (companies,
 * post_attachments, ...), never stored twice.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<UploadKind>().notNull(),
    /** Storage key (e.g. logos/<uuid>.png); its public path is /uploads/<key>. */
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('uploaded_files_storage_key_key').on(table.storageKey),
    index('uploaded_files_user_created_idx').on(table.userId, table.createdAt),
    index('uploaded_files_created_idx').on(table.createdAt),
  ],
);

export type NotificationEventRow = typeof notificationEvents.$inferSelect;
export type UploadedFileRow = typeof uploadedFiles.$inferSelect;
