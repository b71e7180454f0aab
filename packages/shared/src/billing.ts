import { z } from 'zod/mini';

/**
 * Billing rules both apps need: price selection, proration, period ranges and how money
 * and intervals are written. Money is integer cents (USD) everywhere on the server.
 */

export const CURRENCY = 'USD';
export const INTERVAL_UNIT_VALUES = ['month', 'year'] as const;
export type BillingIntervalUnit = (typeof INTERVAL_UNIT_VALUES)[number];

/** What decides a price: the interval's list price and its optional sale. */
export interface PriceSource {
  priceCents: number;
  salePriceCents: number | null;
  /** The sale applies while this is in the future; null: until an admin removes it. */
  saleEndsAt: Date | string | null;
}

/** True while the interval's sale price applies at `now`. */
export function isSaleActive(source: PriceSource, now: Date): boolean {
  if (source.salePriceCents === null || source.salePriceCents === undefined) return false;
  if (source.saleEndsAt === null || source.saleEndsAt === undefined) return true;
  return new Date(source.saleEndsAt).getTime() > now.getTime();
}

/**
 * The price a customer pays for one interval: an admin's override for the customer wins,
 * then a running sale, then the list price.
 */
export function selectPriceCents(
  source: PriceSource,
  now: Date,
  overrideCents: number | null = null,
): number {
  if (overrideCents !== null && overrideCents !== undefined) return overrideCents;
  if (isSaleActive(source, now)) return source.salePriceCents as number;
  return source.priceCents;
}

const DAY_MS = 86_400_000;

function daysInUtcMonth(year: number, monthIndex: number) {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * `start` moved on by `count` units, keeping the day of month where it exists and using
 * the month's last day where it does not (Jan 31 + 1 month = Feb 28 or 29).
 */
export function addInterval(start: Date, unit: BillingIntervalUnit, count = 1): Date {
  const months = unit === 'year' ? 12 * count : count;
  const total = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), daysInUtcMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/**
 * The billing period `index` periods after the one starting at `anchor` (index 0 is the
 * first). Always measured from the anchor, so a period that starts on the 31st keeps
 * coming back to the 31st (or the month's last day).
 */
export function periodRange(
  anchor: Date,
  unit: BillingIntervalUnit,
  count = 1,
  index = 0,
): { start: Date; end: Date } {
  return {
    start: addInterval(anchor, unit, count * index),
    end: addInterval(anchor, unit, count * (index + 1)),
  };
}

/**
 * The credit for the unused part of a paid period at `now`, rounded down to whole cents
 * (never more than was paid; nothing once the period is over).
 */
export function prorationCreditCents(
  paidCents: number,
  periodStart: Date,
  periodEnd: Date,
  now: Date,
): number {
  const total = periodEnd.getTime() - periodStart.getTime();
  if (total <= 0 || paidCents <= 0) return 0;
  const remaining = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), total);
  return Math.floor((paidCents * remaining) / total);
}

/** Whole days left in a period (for messages). */
export function daysLeft(periodEnd: Date, now: Date): number {
  return Math.max(0, Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS));
}

/** 'Every 1 month', 'Every 3 months' (spec 001, section 9). */
export function formatInterval(count: number, unit: string): string {
  return `Every ${count} ${count > 1 ? `${unit}s` : unit}`;
}

/** '$29.00', '-$4.50'. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** The admin API speaks dollars (step 0.01); the server keeps cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** How much cheaper a year is than twelve months, in whole percent (0 when not cheaper). */
export function yearlySavingPercent(monthlyCents: number, yearlyCents: number): number {
  const twelve = monthlyCents * 12;
  if (twelve <= 0 || yearlyCents >= twelve) return 0;
  return Math.round(((twelve - yearlyCents) / twelve) * 100);
}

/** How a plan change takes effect: upgrades at once (prorated), downgrades at period end. */
export function planChangeKind(
  currentRank: number,
  nextRank: number,
): 'upgrade' | 'downgrade' | 'same' {
  if (nextRank > currentRank) return 'upgrade';
  if (nextRank < currentRank) return 'downgrade';
  return 'same';
}

// ---- API contract ----

export const BILLING_MESSAGES = {
  plansFetched: 'Subscription Plan fetched successfully',
  orderCreated: 'order created successfully',
  orderFetched: 'Order fetched successfully',
  customerSubscriptionFetched: 'Customer Subscription Fetched Successfully',
  cancelled: 'Subscription cancelled successfully',
  cancelFailed: 'Failed to cancel subscription',
  resumed: 'Subscription resumed successfully',
  billingHistoryFetched: 'Billing history fetched successfully',
  testCheckoutDone: 'Test payment recorded',
  planNotFound: 'That subscription plan does not exist.',
  intervalNotFound: 'That billing interval does not belong to this plan.',
  planIsFree: 'The Free plan needs no payment. Cancel your subscription to return to it.',
  planIsQuoted: 'This plan is priced on request. Contact us for a quote.',
  alreadyOnPlan: 'You are already subscribed to this plan.',
  orderNotFound: 'Order not found.',
  orderNotPending: 'This order is no longer waiting for payment.',
  noSubscription: 'You have no paid subscription to cancel.',
  notCancelling: 'Your subscription is not set to cancel, so there is nothing to resume.',
  alreadyCancelling: 'Your subscription is already set to end at the close of this period.',
  wrongSubscriptionPlan: 'That is not the plan you are subscribed to.',
  testCheckoutDisabled: 'The built-in test checkout is off because Stripe is configured.',
  paymentProviderFailed: 'The payment provider could not be reached. Please try again in a moment.',
  webhookSignature: 'The webhook signature is missing or does not match.',
  webhookMalformed:
    'The webhook event is not in the form this server expects; nothing was applied.',
} as const;

export const PreviewRequestSchema = z.object({
  subscription_plan_id: z
    .string({ error: 'Choose a plan' })
    .check(z.uuid({ error: 'Choose a plan' })),
  interval_id: z
    .string({ error: 'Choose a billing interval' })
    .check(z.uuid({ error: 'Choose a billing interval' })),
});
export type PreviewRequest = z.infer<typeof PreviewRequestSchema>;

export const CreateOrderSchema = z.object({
  subscription_plan_id: z
    .string({ error: 'Choose a plan' })
    .check(z.uuid({ error: 'Choose a plan' })),
  subscription_interval_id: z
    .string({ error: 'Choose a billing interval' })
    .check(z.uuid({ error: 'Choose a billing interval' })),
  currency: z._default(z.literal('USD', { error: 'The currency must be USD' }), 'USD'),
});
export type CreateOrder = z.infer<typeof CreateOrderSchema>;

export const TestCheckoutSchema = z.object({
  outcome: z.enum(['pay', 'decline'], { error: "The outcome must be 'pay' or 'decline'" }),
});

export const PlanDetailSchema = z.object({
  id: z.string(),
  /** Dollars as the customer pays them now (sale or override applied). */
  price: z.number(),
  price_cents: z.number().check(z.int()),
  /** The list price while a sale or override makes `price` lower; else null. */
  regular_price: z.nullable(z.number()),
  sale_ends_at: z.nullable(z.string()),
  interval: z.enum(INTERVAL_UNIT_VALUES),
  interval_count: z.number().check(z.int()),
  currency: z.literal('USD'),
});
export type PlanDetail = z.infer<typeof PlanDetailSchema>;

export const PublicPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  tier: z.string(),
  description: z.string(),
  is_free: z.boolean(),
  /** A paid plan without a price: 'Contact us'. */
  is_quoted: z.boolean(),
  contact_email: z.nullable(z.string()),
  highlight_points: z.array(z.string()),
  subscription_plan_details: z.array(PlanDetailSchema),
  subscription_social_accounts: z.array(
    z.object({ id: z.string(), key: z.string(), name: z.string() }),
  ),
  limits: z.object({
    max_companies: z.nullable(z.number()),
    max_posts_per_month: z.nullable(z.number()),
    max_networks: z.nullable(z.number()),
    has_ai: z.boolean(),
  }),
});
export type PublicPlan = z.infer<typeof PublicPlanSchema>;

export const ActiveSubscriptionSchema = z.nullable(
  z.object({
    subscription_plan_id: z.string(),
    interval_id: z.nullable(z.string()),
    status: z.string(),
  }),
);

export const PlansResponseSchema = z.object({
  rows: z.array(PublicPlanSchema),
  activeSubscription: ActiveSubscriptionSchema,
});
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

export const PreviewResponseSchema = z.object({
  customer: z.object({ name: z.string(), email: z.string() }),
  lines: z.array(
    z.object({
      description: z.string(),
      range: z.string(),
      amount: z.number(),
      amount_cents: z.number().check(z.int()),
    }),
  ),
  netTotal: z.number(),
  netTotal_cents: z.number().check(z.int()),
  currency: z.literal('USD'),
  messageToCustomer: z.string(),
});
export type PreviewResponse = z.infer<typeof PreviewResponseSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  kind: z.string(),
  plan: z.object({ id: z.string(), name: z.string() }),
  interval: z.nullable(z.string()),
  interval_count: z.nullable(z.number().check(z.int())),
  amount: z.number(),
  amount_cents: z.number().check(z.int()),
  credit_cents: z.number().check(z.int()),
  currency: z.string(),
  period_start: z.nullable(z.string()),
  period_end: z.nullable(z.string()),
  created_at: z.string(),
  paid_at: z.nullable(z.string()),
  failure_reason: z.nullable(z.string()),
  receipt_url: z.nullable(z.string()),
});
export type Order = z.infer<typeof OrderSchema>;

export const CreateOrderResponseSchema = z.object({
  order_id: z.string(),
  payment_url: z.string(),
});

export const CustomerSubscriptionSchema = z.nullable(
  z.object({
    id: z.string(),
    subscription_plan_id: z.string(),
    subscription_plan: z.object({ name: z.string(), description: z.string(), tier: z.string() }),
    status: z.string(),
    activation_date: z.string(),
    next_billing_date: z.nullable(z.string()),
    interval_count: z.nullable(z.number().check(z.int())),
    interval_unit: z.nullable(z.string()),
    price_cents: z.nullable(z.number().check(z.int())),
    cancel_at_period_end: z.boolean(),
    /** When a pending cancellation takes the account back to Free. */
    ends_at: z.nullable(z.string()),
    /** A downgrade waiting for the period end. */
    scheduled_plan: z.nullable(z.object({ id: z.string(), name: z.string() })),
    provider: z.string(),
  }),
);
export type CustomerSubscription = z.infer<typeof CustomerSubscriptionSchema>;

export const BillingHistorySchema = z.object({ rows: z.array(OrderSchema) });
