// Tables owned by the billing module (src/modules/billing): only its code writes them.
import { sql } from 'drizzle-orm';
import type { NetworkId, Tier } from '@cadence/shared';
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
import { timestamps } from './columns.js';
import { users } from './auth.js';

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
  /** The public API (API keys, /api/v1); seeded on Enterprise only. */
  hasApi: boolean('has_api').notNull().default(false),
  /** Bulk scheduling from a CSV file; seeded on Business and Enterprise. */
  hasBulkScheduling: boolean('has_bulk_scheduling').notNull().default(false),
  /** People in the workspace: the owner, the members and the open invitations; null means unlimited. */
  maxMembers: integer('max_members').default(1),
  /** The workspace's own brand on review pages, its mails and the top bar; seeded on Enterprise only. */
  hasWhiteLabel: boolean('has_white_label').notNull().default(false),
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

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type PlanIntervalRow = typeof subscriptionPlanIntervals.$inferSelect;
export type CustomerSubscriptionRow = typeof customerSubscriptions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
