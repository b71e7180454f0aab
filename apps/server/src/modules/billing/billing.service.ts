import {
  BILLING_MESSAGES,
  CURRENCY,
  NETWORK_IDS,
  NETWORK_NAMES,
  addInterval,
  formatInterval,
  formatUsd,
  isSaleActive,
  prorationCreditCents,
  selectPriceCents,
  type CustomerSubscription,
  type Order,
  type PlansResponse,
  type PreviewResponse,
  type PublicPlan,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbExecutor } from '../../db/client.js';
import {
  customerSubscriptions,
  orders,
  userSettings,
  type CustomerSubscriptionRow,
  type OrderRow,
  type PlanIntervalRow,
  type PlanRow,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../integrations/mail.js';
import {
  PaymentProviderError,
  type PaidCheckout,
  type PaymentProvider,
} from '../../integrations/payments/provider.js';
import type { Clock } from '../../lib/clock.js';
import { GRACE_PERIOD_DAYS, subscriptionGivesPlan } from '../plans/entitlements.js';
import * as repo from './billing.repository.js';

const DAY_MS = 86_400_000;
/** A checkout not finished within this long is expired by the renewal job. */
const ORDER_TTL_MS = DAY_MS;

export interface BillingDeps {
  db: Db;
  provider: PaymentProvider;
  /** Set with Stripe: turns a completed session from an event into what it paid for. */
  paidCheckoutFromSession?: (session: Stripe.Checkout.Session) => Promise<PaidCheckout>;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
  publicUrl: string;
  contactEmail: string | null;
}

type Quote = {
  kind: 'new' | 'upgrade' | 'downgrade';
  plan: PlanRow;
  interval: PlanIntervalRow;
  recurringCents: number;
  creditCents: number;
  totalCents: number;
  periodStart: Date;
  periodEnd: Date;
  current: CustomerSubscriptionRow | undefined;
  currentPlan: PlanRow | undefined;
};

const cents = (value: number) => value / 100;
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Orders plans for up/downgrades: tier order first, then a longer interval above a shorter. */
function rank(plan: PlanRow, interval: PlanIntervalRow | undefined | null) {
  return plan.sortOrder * 10 + (interval?.intervalUnit === 'year' ? 1 : 0);
}

export function createBillingService(deps: BillingDeps) {
  const { db, provider, clock, logger } = deps;

  async function zoneOf(userId: string) {
    const [row] = await db
      .select({ timezone: userSettings.timezone })
      .from(userSettings)
      .where(eq(userSettings.userId, userId));
    return row?.timezone ?? 'UTC';
  }

  function dateText(date: Date, timeZone: string) {
    return new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    }).format(date);
  }

  /** The override applies to the plan and interval the admin put the customer on. */
  function priceFor(
    interval: PlanIntervalRow,
    sub: CustomerSubscriptionRow | undefined,
    now: Date,
  ) {
    const override =
      sub && sub.priceOverrideCents !== null && sub.intervalId === interval.id
        ? sub.priceOverrideCents
        : null;
    return selectPriceCents(interval, now, override);
  }

  function toPublicPlan(
    plan: PlanRow,
    intervals: PlanIntervalRow[],
    sub: CustomerSubscriptionRow | undefined,
    now: Date,
  ): PublicPlan {
    const isFree = plan.tier === 'free';
    return {
      id: plan.id,
      name: plan.name,
      tier: plan.tier,
      description: plan.description,
      is_free: isFree,
      is_quoted: !isFree && intervals.length === 0,
      contact_email: !isFree && intervals.length === 0 ? deps.contactEmail : null,
      highlight_points: plan.highlightPoints,
      subscription_plan_details: intervals.map((interval) => {
        const price = priceFor(interval, sub, now);
        return {
          id: interval.id,
          price: cents(price),
          price_cents: price,
          regular_price: price < interval.priceCents ? cents(interval.priceCents) : null,
          sale_ends_at:
            isSaleActive(interval, now) && price === interval.salePriceCents
              ? iso(interval.saleEndsAt)
              : null,
          interval: interval.intervalUnit,
          interval_count: interval.intervalCount,
          currency: CURRENCY,
        };
      }),
      subscription_social_accounts: NETWORK_IDS.filter((id) =>
        plan.allowedNetworks.includes(id),
      ).map((id) => ({ id, key: id, name: NETWORK_NAMES[id] })),
      limits: {
        max_companies: plan.maxCompanies,
        max_posts_per_month: plan.maxPostsPerMonth,
        max_networks: plan.maxNetworks,
        has_ai: plan.hasAi,
      },
    };
  }

  /** What buying `interval` of `plan` means for this customer right now. */
  async function quote(
    executor: DbExecutor,
    userId: string,
    planId: string,
    intervalId: string,
    now: Date,
  ): Promise<Quote> {
    const found = await repo.findPlanWithInterval(executor, planId, intervalId);
    if (!found) throw AppError.notFound(BILLING_MESSAGES.planNotFound, 'PLAN_NOT_FOUND');
    const { plan, interval } = found;
    if (plan.tier === 'free')
      throw AppError.badRequest(BILLING_MESSAGES.planIsFree, 'PLAN_IS_FREE');
    if (!interval) {
      const quoted = (await repo.listPlans(executor)).find((p) => p.plan.id === plan.id);
      if (quoted && quoted.intervals.length === 0)
        throw AppError.badRequest(BILLING_MESSAGES.planIsQuoted, 'PLAN_IS_QUOTED');
      throw AppError.badRequest(BILLING_MESSAGES.intervalNotFound, 'INTERVAL_NOT_FOUND');
    }
    const sub = await repo.findSubscription(executor, userId);
    const live = sub && subscriptionGivesPlan(sub, now) ? sub : undefined;
    const currentPlan = live ? await repo.findPlan(executor, live.planId) : undefined;
    const paying = live && currentPlan && currentPlan.tier !== 'free' ? live : undefined;
    const recurringCents = priceFor(interval, sub, now);

    if (paying && currentPlan) {
      const currentInterval = await repo.findInterval(executor, paying.intervalId);
      if (paying.planId === plan.id && paying.intervalId === interval.id)
        throw AppError.conflict(BILLING_MESSAGES.alreadyOnPlan, 'ALREADY_ON_PLAN');
      if (rank(plan, interval) < rank(currentPlan, currentInterval) && paying.currentPeriodEnd) {
        return {
          kind: 'downgrade',
          plan,
          interval,
          recurringCents,
          creditCents: 0,
          totalCents: 0,
          periodStart: paying.currentPeriodEnd,
          periodEnd: addInterval(
            paying.currentPeriodEnd,
            interval.intervalUnit,
            interval.intervalCount,
          ),
          current: paying,
          currentPlan,
        };
      }
      let creditCents = 0;
      if (paying.currentPeriodStart && paying.currentPeriodEnd) {
        const paid = await repo.paidForPeriod(executor, userId, paying.currentPeriodStart);
        if (paid !== null)
          creditCents = Math.min(
            recurringCents,
            prorationCreditCents(paid, paying.currentPeriodStart, paying.currentPeriodEnd, now),
          );
      }
      return {
        kind: 'upgrade',
        plan,
        interval,
        recurringCents,
        creditCents,
        totalCents: recurringCents - creditCents,
        periodStart: now,
        periodEnd: addInterval(now, interval.intervalUnit, interval.intervalCount),
        current: paying,
        currentPlan,
      };
    }
    return {
      kind: 'new',
      plan,
      interval,
      recurringCents,
      creditCents: 0,
      totalCents: recurringCents,
      periodStart: now,
      periodEnd: addInterval(now, interval.intervalUnit, interval.intervalCount),
      current: sub,
      currentPlan,
    };
  }

  function toOrder(row: {
    order: OrderRow;
    plan: PlanRow;
    interval: PlanIntervalRow | null;
  }): Order {
    const { order } = row;
    return {
      id: order.id,
      status: order.status,
      kind: order.kind,
      plan: { id: row.plan.id, name: row.plan.name },
      interval: row.interval?.intervalUnit ?? null,
      interval_count: row.interval?.intervalCount ?? null,
      amount: cents(order.amountCents),
      amount_cents: order.amountCents,
      credit_cents: order.creditCents,
      currency: order.currency,
      period_start: iso(order.periodStart),
      period_end: iso(order.periodEnd),
      created_at: order.createdAt.toISOString(),
      paid_at: iso(order.paidAt),
      failure_reason: order.failureReason,
      receipt_url: order.receiptUrl,
    };
  }

  async function mailUser(userId: string, subject: string, lines: string[]) {
    try {
      const user = await repo.findUser(db, userId);
      if (!user) return;
      const text = [`Hello ${user.name},`, '', ...lines, '', '- Cadence'].join('\n');
      const html = text
        .split('\n')
        .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
        .join('');
      await deps.mailer.send({ to: user.email, subject, text, html });
    } catch (error) {
      logger.error({ err: error, userId }, 'billing e-mail could not be sent');
    }
  }

  async function receiptMail(orderId: string) {
    const row = await repo.orderWithPlan(db, orderId);
    if (!row) return;
    const zone = await zoneOf(row.order.userId);
    const range =
      row.order.periodStart && row.order.periodEnd
        ? `${dateText(row.order.periodStart, zone)} - ${dateText(row.order.periodEnd, zone)}`
        : '';
    await mailUser(row.order.userId, `Your Cadence receipt: ${row.plan.name}`, [
      `Thank you for your payment of ${formatUsd(row.order.amountCents)} for the ${row.plan.name} plan.`,
      range ? `Billing period: ${range}.` : '',
      `Receipt: ${row.order.receiptUrl ?? `${deps.publicUrl}/receipts/${row.order.id}`}`,
    ]);
  }

  /**
   * The one way an order becomes paid (test checkout, Stripe event, or a server-side read
   * of the Stripe session): the plan is active from here on. Applying it twice changes
   * nothing. Answers true when this call applied it.
   */
  async function confirmOrder(orderId: string, paid: Partial<PaidCheckout>, at: Date) {
    const replaced = await db.transaction((tx) => applyPaid(tx, orderId, paid, at));
    if (!replaced) return false;
    await afterPaid(orderId, replaced);
    return true;
  }

  async function afterPaid(
    orderId: string,
    replaced: { replacedSubscription: string | null; provider: string | undefined },
  ) {
    // An upgrade through Stripe starts a new Stripe subscription: the old one ends now
    // (its unused time was credited on the new one's first invoice).
    if (replaced.replacedSubscription && replaced.provider === provider.id) {
      await provider.cancelNow(replaced.replacedSubscription).catch((error: unknown) => {
        logger.error({ err: error, orderId }, 'the replaced subscription could not be cancelled');
      });
    }
    await receiptMail(orderId);
  }

  async function applyPaid(tx: DbExecutor, orderId: string, paid: Partial<PaidCheckout>, at: Date) {
    const order = await repo.findOrder(tx, orderId, true);
    if (!order || order.status === 'paid') return null;
    const interval = await repo.findInterval(tx, order.intervalId);
    const periodStart = paid.periodStart ?? at;
    const periodEnd =
      paid.periodEnd ??
      addInterval(periodStart, interval?.intervalUnit ?? 'month', interval?.intervalCount ?? 1);
    await tx
      .update(orders)
      .set({
        status: 'paid',
        paidAt: at,
        periodStart,
        periodEnd,
        providerSubscriptionId: paid.subscriptionId ?? order.providerSubscriptionId,
        providerInvoiceId: paid.invoiceId ?? order.providerInvoiceId,
        receiptUrl: paid.receiptUrl ?? order.receiptUrl,
        failureReason: null,
        updatedAt: at,
      })
      .where(eq(orders.id, order.id));
    const previous = await repo.findSubscription(tx, order.userId, true);
    const values = {
      planId: order.planId,
      intervalId: order.intervalId,
      status: 'active' as const,
      activatedAt: at,
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      scheduledPlanId: null,
      scheduledIntervalId: null,
      pastDueSince: null,
      provider: order.provider,
      providerCustomerId: paid.customerId ?? null,
      providerSubscriptionId: paid.subscriptionId ?? null,
      providerStateAt: at,
      // A custom price was for the plan the admin chose; a purchase replaces it.
      priceOverrideCents:
        previous?.planId === order.planId && previous.intervalId === order.intervalId
          ? previous.priceOverrideCents
          : null,
      updatedAt: at,
    };
    await tx
      .insert(customerSubscriptions)
      .values({ userId: order.userId, ...values })
      .onConflictDoUpdate({ target: customerSubscriptions.userId, set: values });
    if (paid.customerId)
      await repo.savePaymentCustomer(tx, order.userId, order.provider, paid.customerId);
    const old = previous?.providerSubscriptionId;
    return {
      replacedSubscription: old && old !== paid.subscriptionId ? old : null,
      provider: previous?.provider,
    };
  }

  /** A checkout that was declined or abandoned: nothing else changes. */
  async function failOrder(orderId: string, reason: string, at: Date) {
    const [row] = await db
      .update(orders)
      .set({ status: 'failed', failedAt: at, failureReason: reason, updatedAt: at })
      .where(eq(orders.id, orderId))
      .returning();
    return row;
  }

  /** A renewal was paid: the next period starts (never moving backwards). */
  async function renewalPaid(
    executor: DbExecutor,
    sub: CustomerSubscriptionRow,
    input: {
      periodStart: Date;
      periodEnd: Date;
      amountCents: number;
      invoiceId: string | null;
      receiptUrl: string | null;
    },
    at: Date,
  ) {
    if (sub.currentPeriodEnd && input.periodEnd <= sub.currentPeriodEnd) return null;
    const planId = sub.scheduledPlanId ?? sub.planId;
    const intervalId = sub.scheduledPlanId ? sub.scheduledIntervalId : sub.intervalId;
    const [order] = await executor
      .insert(orders)
      .values({
        userId: sub.userId,
        planId,
        intervalId,
        kind: 'renewal',
        amountCents: input.amountCents,
        currency: CURRENCY,
        status: 'paid',
        provider: sub.provider,
        providerSubscriptionId: sub.providerSubscriptionId,
        providerInvoiceId: input.invoiceId,
        receiptUrl: input.receiptUrl,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        paidAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (!order) return null;
    await executor
      .update(customerSubscriptions)
      .set({
        planId,
        intervalId,
        status: 'active',
        currentPeriodStart: input.periodStart,
        currentPeriodEnd: input.periodEnd,
        scheduledPlanId: null,
        scheduledIntervalId: null,
        pastDueSince: null,
        priceOverrideCents: sub.scheduledPlanId ? null : sub.priceOverrideCents,
        updatedAt: at,
      })
      .where(eq(customerSubscriptions.id, sub.id));
    return order.id;
  }

  /** A renewal failed: past due from the first failure; the grace period runs from then. */
  async function renewalFailed(
    executor: DbExecutor,
    sub: CustomerSubscriptionRow,
    input: { amountCents: number; invoiceId: string | null; reason: string },
    at: Date,
  ) {
    if (sub.status === 'cancelled') return false;
    await executor
      .insert(orders)
      .values({
        userId: sub.userId,
        planId: sub.planId,
        intervalId: sub.intervalId,
        kind: 'renewal',
        amountCents: input.amountCents,
        currency: CURRENCY,
        status: 'failed',
        provider: sub.provider,
        providerSubscriptionId: sub.providerSubscriptionId,
        providerInvoiceId: input.invoiceId,
        failureReason: input.reason,
        failedAt: at,
      })
      .onConflictDoNothing();
    await executor
      .update(customerSubscriptions)
      .set({ status: 'past_due', pastDueSince: sub.pastDueSince ?? at, updatedAt: at })
      .where(eq(customerSubscriptions.id, sub.id));
    return true;
  }

  async function lapse(executor: DbExecutor, subId: string, at: Date) {
    await executor
      .update(customerSubscriptions)
      .set({ status: 'cancelled', cancelledAt: at, cancelAtPeriodEnd: false, updatedAt: at })
      .where(eq(customerSubscriptions.id, subId));
  }

  async function failedRenewalMail(userId: string, planName: string, graceEnds: Date) {
    const zone = await zoneOf(userId);
    await mailUser(userId, 'Your Cadence payment failed', [
      `We could not renew your ${planName} plan.`,
      `Please update your payment details by ${dateText(graceEnds, zone)}; after that your account returns to the Free plan. Nothing you made is deleted.`,
      `Plans: ${deps.publicUrl}/subscriptions`,
    ]);
  }

  async function lapsedMail(userId: string, planName: string, reason: 'grace' | 'cancelled') {
    await mailUser(userId, 'Your Cadence plan has ended', [
      reason === 'grace'
        ? `We could not collect the payment for your ${planName} plan, so your account is now on the Free plan.`
        : `Your ${planName} plan has ended and your account is now on the Free plan.`,
      'Everything you made is kept; above the Free limits you cannot add more until you upgrade.',
      `Plans: ${deps.publicUrl}/subscriptions`,
    ]);
  }

  // ---- Stripe events ----

  const isOrderId = (value: string) => z.uuid().safeParse(value).success;

  function stripeId(value: string | { id: string } | null | undefined) {
    return typeof value === 'string' ? value : (value?.id ?? null);
  }

  function invoiceSubscriptionId(invoice: Stripe.Invoice) {
    return stripeId(invoice.parent?.subscription_details?.subscription ?? null);
  }

  const SUBSCRIPTION_STATUS: Record<string, CustomerSubscriptionRow['status']> = {
    active: 'active',
    trialing: 'active',
    past_due: 'past_due',
    unpaid: 'past_due',
    canceled: 'cancelled',
    incomplete: 'incomplete',
    incomplete_expired: 'cancelled',
    paused: 'cancelled',
  };

  async function applyStripeEvent(event: Stripe.Event): Promise<{ applied: boolean }> {
    const at = clock();
    const eventAt = new Date(event.created * 1000);
    // Network reads happen before the transaction; everything written is in it.
    let paid: PaidCheckout | null = null;
    if (event.type === 'checkout.session.completed' && deps.paidCheckoutFromSession) {
      const session = event.data.object;
      if (session.mode === 'subscription' && session.payment_status === 'paid')
        paid = await deps.paidCheckoutFromSession(session);
    }
    const after: Array<() => Promise<unknown>> = [];
    const applied = await db.transaction(async (tx) => {
      if (!(await repo.claimEvent(tx, 'stripe', event.id, event.type))) return false;
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          const orderId = session.client_reference_id;
          if (!orderId || !paid) return true;
          // Another app's checkout on the same Stripe account has references of its own.
          const order = isOrderId(orderId) ? await repo.findOrder(tx, orderId) : undefined;
          if (!order || order.providerSessionId !== session.id) {
            logger.warn(
              { orderId, session: session.id },
              'checkout completed for an unknown order',
            );
            return true;
          }
          const replaced = await applyPaid(tx, orderId, paid, at);
          if (replaced) after.push(() => afterPaid(orderId, replaced));
          return true;
        }
        case 'invoice.paid': {
          const invoice = event.data.object;
          const subscriptionId = invoiceSubscriptionId(invoice);
          if (!subscriptionId || !invoice.id) return true;
          if (invoice.billing_reason === 'subscription_create') {
            // The first invoice: the checkout's order carries its receipt.
            await tx
              .update(orders)
              .set({
                providerInvoiceId: invoice.id,
                receiptUrl: invoice.hosted_invoice_url ?? null,
                updatedAt: at,
              })
              .where(eq(orders.providerSubscriptionId, subscriptionId));
            return true;
          }
          const sub = await repo.findSubscriptionByProviderId(tx, 'stripe', subscriptionId);
          if (!sub) return true;
          const line = invoice.lines?.data?.[0];
          const start = line?.period?.start ? new Date(line.period.start * 1000) : at;
          const end = line?.period?.end
            ? new Date(line.period.end * 1000)
            : addInterval(start, 'month');
          const orderId = await renewalPaid(
            tx,
            sub,
            {
              periodStart: start,
              periodEnd: end,
              amountCents: invoice.amount_paid ?? invoice.amount_due ?? 0,
              invoiceId: invoice.id,
              receiptUrl: invoice.hosted_invoice_url ?? null,
            },
            at,
          );
          if (orderId) after.push(() => receiptMail(orderId));
          return true;
        }
        case 'invoice.payment_failed': {
          const invoice = event.data.object;
          const subscriptionId = invoiceSubscriptionId(invoice);
          if (!subscriptionId || invoice.billing_reason === 'subscription_create') return true;
          const sub = await repo.findSubscriptionByProviderId(tx, 'stripe', subscriptionId);
          if (!sub) return true;
          const failed = await renewalFailed(
            tx,
            sub,
            {
              amountCents: invoice.amount_due ?? 0,
              invoiceId: invoice.id ?? null,
              reason: 'The card was declined.',
            },
            at,
          );
          if (failed) {
            const plan = await repo.findPlan(tx, sub.planId);
            const graceEnds = new Date(
              (sub.pastDueSince ?? at).getTime() + GRACE_PERIOD_DAYS * DAY_MS,
            );
            after.push(() => failedRenewalMail(sub.userId, plan?.name ?? 'paid', graceEnds));
          }
          return true;
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const object = event.data.object;
          const sub = await repo.findSubscriptionByProviderId(tx, 'stripe', object.id);
          if (!sub) return true;
          // An event older than the state we hold never moves the subscription back.
          if (sub.providerStateAt && eventAt < sub.providerStateAt) return true;
          const deleted = event.type === 'customer.subscription.deleted';
          const status = deleted ? 'cancelled' : (SUBSCRIPTION_STATUS[object.status] ?? sub.status);
          const item = object.items?.data?.[0];
          const periodEnd = item?.current_period_end
            ? new Date(item.current_period_end * 1000)
            : null;
          const periodStart = item?.current_period_start
            ? new Date(item.current_period_start * 1000)
            : null;
          await tx
            .update(customerSubscriptions)
            .set({
              status,
              cancelAtPeriodEnd: deleted
                ? false
                : Boolean(object.cancel_at_period_end || object.cancel_at),
              cancelledAt: deleted ? at : sub.cancelledAt,
              pastDueSince: status === 'past_due' ? (sub.pastDueSince ?? at) : null,
              // Periods only move forward.
              ...(periodEnd && (!sub.currentPeriodEnd || periodEnd > sub.currentPeriodEnd)
                ? {
                    currentPeriodEnd: periodEnd,
                    currentPeriodStart: periodStart ?? sub.currentPeriodStart,
                  }
                : {}),
              providerStateAt: eventAt,
              updatedAt: at,
            })
            .where(eq(customerSubscriptions.id, sub.id));
          if (deleted && sub.status !== 'cancelled') {
            const plan = await repo.findPlan(tx, sub.planId);
            after.push(() => lapsedMail(sub.userId, plan?.name ?? 'paid', 'cancelled'));
          }
          return true;
        }
        default:
          return true;
      }
    });
    for (const step of after) await step();
    return { applied };
  }

  return {
    confirmOrder,
    failOrder,
    applyStripeEvent,

    async catalogue(userId: string): Promise<PlansResponse> {
      const now = clock();
      const [plans, sub] = await Promise.all([
        repo.listPlans(db),
        repo.findSubscription(db, userId),
      ]);
      const live = sub && subscriptionGivesPlan(sub, now) ? sub : undefined;
      return {
        rows: plans.map(({ plan, intervals }) => toPublicPlan(plan, intervals, sub, now)),
        activeSubscription: live
          ? { subscription_plan_id: live.planId, interval_id: live.intervalId, status: live.status }
          : null,
      };
    },

    async preview(userId: string, planId: string, intervalId: string): Promise<PreviewResponse> {
      const now = clock();
      const q = await quote(db, userId, planId, intervalId, now);
      const user = await repo.findUser(db, userId);
      const zone = await zoneOf(userId);
      const range = (from: Date, to: Date) => `${dateText(from, zone)} - ${dateText(to, zone)}`;
      const every = formatInterval(q.interval.intervalCount, q.interval.intervalUnit);
      const lines: PreviewResponse['lines'] = [
        {
          description: `${q.plan.name} plan (${every})`,
          range: range(q.periodStart, q.periodEnd),
          amount: cents(q.recurringCents),
          amount_cents: q.recurringCents,
        },
      ];
      if (q.creditCents > 0 && q.current?.currentPeriodEnd) {
        lines.push({
          description: `Unused time on ${q.currentPlan?.name ?? 'your current'} plan`,
          range: range(now, q.current.currentPeriodEnd),
          amount: cents(-q.creditCents),
          amount_cents: -q.creditCents,
        });
      }
      const message =
        q.kind === 'downgrade'
          ? `Your plan changes to ${q.plan.name} on ${dateText(q.periodStart, zone)}, at the end of the period you have paid for. Nothing is charged today, and nothing you made is deleted.`
          : q.kind === 'upgrade'
            ? `${q.plan.name} starts as soon as the payment is confirmed. The unused part of your ${q.currentPlan?.name ?? 'current'} plan is credited. Then ${formatUsd(q.recurringCents)} ${every.toLowerCase()} until you cancel.`
            : `${q.plan.name} starts as soon as the payment is confirmed. Then ${formatUsd(q.recurringCents)} ${every.toLowerCase()} until you cancel; you can cancel any time in Settings.`;
      return {
        customer: { name: user?.name ?? '', email: user?.email ?? '' },
        lines,
        netTotal: cents(q.totalCents),
        netTotal_cents: q.totalCents,
        currency: CURRENCY,
        messageToCustomer: message,
      };
    },

    async createOrder(userId: string, planId: string, intervalId: string) {
      const now = clock();
      const q = await quote(db, userId, planId, intervalId, now);
      if (q.kind === 'downgrade') {
        // Nothing to pay: the change waits for the end of the paid period.
        await db
          .update(customerSubscriptions)
          .set({
            scheduledPlanId: q.plan.id,
            scheduledIntervalId: q.interval.id,
            cancelAtPeriodEnd: false,
            updatedAt: now,
          })
          .where(eq(customerSubscriptions.userId, userId));
        if (q.current?.providerSubscriptionId && q.current.cancelAtPeriodEnd)
          await provider
            .setCancelAtPeriodEnd(q.current.providerSubscriptionId, false)
            .catch(() => {});
        return { order_id: null, payment_url: '/settings#subscription' };
      }
      const user = await repo.findUser(db, userId);
      if (!user) throw AppError.unauthorized('Not authenticated', 'SIGN_IN_REQUIRED');
      const [order] = await db
        .insert(orders)
        .values({
          userId,
          planId: q.plan.id,
          intervalId: q.interval.id,
          kind: q.kind,
          amountCents: q.totalCents,
          creditCents: q.creditCents,
          currency: CURRENCY,
          status: 'pending',
          provider: provider.id,
          periodStart: q.periodStart,
          periodEnd: q.periodEnd,
        })
        .returning();
      const base = deps.publicUrl;
      try {
        const started = await provider.startCheckout({
          orderId: order!.id,
          customerId: await repo.findPaymentCustomer(db, userId, provider.id),
          email: user.email,
          name: user.name,
          userId,
          planName: q.plan.name,
          interval: q.interval.intervalUnit,
          intervalCount: q.interval.intervalCount,
          recurringCents: q.recurringCents,
          firstChargeCreditCents: q.creditCents,
          successUrl: `${base}/payment-success?order=${order!.id}`,
          cancelUrl: `${base}/payment-failed?order=${order!.id}`,
        });
        await db
          .update(orders)
          .set({
            providerSessionId: started.sessionId,
            expiresAt: started.expiresAt,
            updatedAt: now,
          })
          .where(eq(orders.id, order!.id));
        if (started.customerId)
          await repo.savePaymentCustomer(db, userId, provider.id, started.customerId);
        return { order_id: order!.id, payment_url: started.paymentUrl };
      } catch (error) {
        await failOrder(order!.id, 'The payment provider could not be reached.', now);
        if (error instanceof PaymentProviderError) {
          logger.error({ err: error }, 'checkout could not start');
          throw AppError.badGateway(
            BILLING_MESSAGES.paymentProviderFailed,
            'PAYMENT_PROVIDER_FAILED',
          );
        }
        throw error;
      }
    },

    /** An order of the customer's own; a pending Stripe order is read back from Stripe. */
    async getOrder(userId: string, orderId: string): Promise<Order> {
      let row = await repo.orderWithPlan(db, orderId);
      if (!row || row.order.userId !== userId)
        throw AppError.notFound(BILLING_MESSAGES.orderNotFound, 'ORDER_NOT_FOUND');
      if (
        row.order.status === 'pending' &&
        row.order.provider === 'stripe' &&
        provider.id === 'stripe' &&
        row.order.providerSessionId
      ) {
        try {
          const paid = await provider.readPaidCheckout(row.order.providerSessionId);
          if (paid) {
            await confirmOrder(orderId, paid, clock());
            row = (await repo.orderWithPlan(db, orderId))!;
          }
        } catch (error) {
          logger.warn({ err: error, orderId }, 'the checkout session could not be read');
        }
      }
      return toOrder(row);
    },

    async testCheckout(userId: string, orderId: string, outcome: 'pay' | 'decline') {
      const order = await repo.findOrder(db, orderId);
      if (!order || order.userId !== userId)
        throw AppError.notFound(BILLING_MESSAGES.orderNotFound, 'ORDER_NOT_FOUND');
      if (order.provider !== 'test')
        throw AppError.badRequest(BILLING_MESSAGES.testCheckoutDisabled, 'TEST_CHECKOUT_DISABLED');
      if (order.status !== 'pending')
        throw AppError.conflict(BILLING_MESSAGES.orderNotPending, 'ORDER_NOT_PENDING');
      const now = clock();
      if (outcome === 'pay') {
        await confirmOrder(
          order.id,
          { subscriptionId: `test_sub_${userId}`, receiptUrl: null },
          now,
        );
      } else {
        await failOrder(order.id, 'The test payment was declined.', now);
      }
      const done = await repo.findOrder(db, order.id);
      return {
        status: done!.status,
        redirect_url:
          done!.status === 'paid'
            ? `/payment-success?order=${order.id}`
            : `/payment-failed?order=${order.id}`,
      };
    },

    async customerSubscription(userId: string): Promise<CustomerSubscription> {
      const now = clock();
      const sub = await repo.findSubscription(db, userId);
      if (!sub || !subscriptionGivesPlan(sub, now)) return null;
      const [plan, interval, scheduled] = await Promise.all([
        repo.findPlan(db, sub.planId),
        repo.findInterval(db, sub.intervalId),
        sub.scheduledPlanId ? repo.findPlan(db, sub.scheduledPlanId) : Promise.resolve(undefined),
      ]);
      if (!plan) return null;
      return {
        id: sub.id,
        subscription_plan_id: sub.planId,
        subscription_plan: { name: plan.name, description: plan.description, tier: plan.tier },
        status: sub.status,
        activation_date: sub.activatedAt.toISOString(),
        next_billing_date: sub.cancelAtPeriodEnd ? null : iso(sub.currentPeriodEnd),
        interval_count: sub.currentPeriodEnd ? (interval?.intervalCount ?? null) : null,
        interval_unit: sub.currentPeriodEnd ? (interval?.intervalUnit ?? null) : null,
        price_cents: interval ? priceFor(interval, sub, now) : null,
        cancel_at_period_end: sub.cancelAtPeriodEnd,
        ends_at: sub.cancelAtPeriodEnd ? iso(sub.currentPeriodEnd) : null,
        scheduled_plan: scheduled ? { id: scheduled.id, name: scheduled.name } : null,
        provider: sub.provider,
      };
    },

    /** Cancels at the end of the paid period (at once when there is no paid period). */
    async cancel(userId: string, planId: string) {
      const now = clock();
      const sub = await repo.findSubscription(db, userId);
      const plan = sub ? await repo.findPlan(db, sub.planId) : undefined;
      if (!sub || !plan || plan.tier === 'free' || !subscriptionGivesPlan(sub, now))
        throw AppError.badRequest(BILLING_MESSAGES.noSubscription, 'NO_SUBSCRIPTION');
      if (sub.planId !== planId)
        throw AppError.badRequest(BILLING_MESSAGES.wrongSubscriptionPlan, 'WRONG_PLAN');
      if (sub.cancelAtPeriodEnd)
        throw AppError.conflict(BILLING_MESSAGES.alreadyCancelling, 'ALREADY_CANCELLING');
      if (!sub.currentPeriodEnd || sub.currentPeriodEnd <= now) {
        await lapse(db, sub.id, now);
        return;
      }
      if (sub.providerSubscriptionId && sub.provider === provider.id && provider.id === 'stripe') {
        try {
          await provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, true);
        } catch (error) {
          logger.error({ err: error }, 'cancel at period end failed at the provider');
          throw AppError.badGateway(
            BILLING_MESSAGES.paymentProviderFailed,
            'PAYMENT_PROVIDER_FAILED',
          );
        }
      }
      await db
        .update(customerSubscriptions)
        .set({
          cancelAtPeriodEnd: true,
          scheduledPlanId: null,
          scheduledIntervalId: null,
          updatedAt: now,
        })
        .where(eq(customerSubscriptions.id, sub.id));
    },

    /**
     * Before an account is deleted: a subscription at the payment provider ends now, so a
     * deleted account is never charged again. The local rows go with the account. A provider
     * that cannot be reached stops the deletion (502), rather than leave a live subscription.
     */
    async cancelForAccountDeletion(userId: string) {
      const sub = await repo.findSubscription(db, userId);
      if (!sub?.providerSubscriptionId || sub.provider !== provider.id || provider.id === 'test')
        return;
      if (!subscriptionGivesPlan(sub, clock())) return;
      try {
        await provider.cancelNow(sub.providerSubscriptionId);
      } catch (error) {
        logger.error({ err: error }, 'cancelling a deleted account at the provider failed');
        throw AppError.badGateway(
          BILLING_MESSAGES.paymentProviderFailed,
          'PAYMENT_PROVIDER_FAILED',
        );
      }
    },

    async resume(userId: string) {
      const now = clock();
      const sub = await repo.findSubscription(db, userId);
      if (!sub || !sub.cancelAtPeriodEnd || !subscriptionGivesPlan(sub, now))
        throw AppError.badRequest(BILLING_MESSAGES.notCancelling, 'NOT_CANCELLING');
      if (sub.providerSubscriptionId && sub.provider === provider.id && provider.id === 'stripe') {
        try {
          await provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, false);
        } catch (error) {
          logger.error({ err: error }, 'resume failed at the provider');
          throw AppError.badGateway(
            BILLING_MESSAGES.paymentProviderFailed,
            'PAYMENT_PROVIDER_FAILED',
          );
        }
      }
      await db
        .update(customerSubscriptions)
        .set({ cancelAtPeriodEnd: false, updatedAt: now })
        .where(eq(customerSubscriptions.id, sub.id));
    },

    async billingHistory(userId: string) {
      const rows = await repo.listOrders(db, userId, ['paid', 'failed']);
      return { rows: rows.map(toOrder) };
    },

    /**
     * The renewal job: renews test subscriptions at their period end (or lapses them when
     * cancelled), moves a scheduled downgrade in, lapses past-due subscriptions after the
     * grace period, and expires checkouts nobody finished.
     */
    async runRenewals() {
      const now = clock();
      const graceStart = new Date(now.getTime() - GRACE_PERIOD_DAYS * DAY_MS);
      const due = await repo.dueSubscriptions(db, now, graceStart);
      let renewed = 0;
      let lapsed = 0;
      for (const { userId } of due) {
        const after: Array<() => Promise<unknown>> = [];
        await db.transaction(async (tx) => {
          const sub = await repo.findSubscription(tx, userId, true);
          if (!sub) return;
          const plan = await repo.findPlan(tx, sub.planId);
          if (sub.status === 'past_due') {
            if (!sub.pastDueSince || sub.pastDueSince > graceStart) return;
            await lapse(tx, sub.id, now);
            lapsed++;
            after.push(() => lapsedMail(userId, plan?.name ?? 'paid', 'grace'));
            return;
          }
          if (sub.status !== 'active' || !sub.currentPeriodEnd || sub.currentPeriodEnd > now)
            return;
          if (sub.cancelAtPeriodEnd) {
            await lapse(tx, sub.id, now);
            lapsed++;
            after.push(() => lapsedMail(userId, plan?.name ?? 'paid', 'cancelled'));
            return;
          }
          if (sub.provider !== 'test') return;
          const intervalId = sub.scheduledPlanId ? sub.scheduledIntervalId : sub.intervalId;
          const interval = await repo.findInterval(tx, intervalId);
          if (!interval) {
            await lapse(tx, sub.id, now);
            lapsed++;
            return;
          }
          const priceSub = sub.scheduledPlanId ? undefined : sub;
          const periodStart = sub.currentPeriodEnd;
          const periodEnd = addInterval(periodStart, interval.intervalUnit, interval.intervalCount);
          const orderId = await renewalPaid(
            tx,
            sub,
            {
              periodStart,
              periodEnd,
              amountCents: priceFor(interval, priceSub, now),
              invoiceId: `test_inv_${sub.id}_${periodStart.getTime()}`,
              receiptUrl: null,
            },
            now,
          );
          if (orderId) {
            renewed++;
            after.push(() => receiptMail(orderId));
          }
        });
        for (const step of after) await step();
      }
      const expired = await repo.expireStaleOrders(db, new Date(now.getTime() - ORDER_TTL_MS), now);
      return { renewed, lapsed, expired: expired.length };
    },

    /** For tests and the test provider: records a failed renewal of a test subscription. */
    async failTestRenewal(userId: string) {
      const now = clock();
      const after: Array<() => Promise<unknown>> = [];
      await db.transaction(async (tx) => {
        const sub = await repo.findSubscription(tx, userId, true);
        if (!sub || sub.provider !== 'test') return;
        const interval = await repo.findInterval(tx, sub.intervalId);
        const amount = interval ? priceFor(interval, sub, now) : 0;
        if (
          await renewalFailed(
            tx,
            sub,
            {
              amountCents: amount,
              invoiceId: `test_fail_${sub.id}_${now.getTime()}`,
              reason: 'The test renewal was declined.',
            },
            now,
          )
        ) {
          const plan = await repo.findPlan(tx, sub.planId);
          after.push(() =>
            failedRenewalMail(
              userId,
              plan?.name ?? 'paid',
              new Date((sub.pastDueSince ?? now).getTime() + GRACE_PERIOD_DAYS * DAY_MS),
            ),
          );
        }
      });
      for (const step of after) await step();
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
