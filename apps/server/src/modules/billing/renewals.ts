import { CURRENCY, addInterval } from '@cadence/shared';
import type { DbExecutor } from '../../db/client.js';
import type { CustomerSubscriptionRow } from '../../db/schema/billing.js';
import { runAfterCommit, type AfterCommit, type BillingDeps } from './billing-deps.js';
import type { BillingMails } from './billing-mails.js';
import * as repo from './billing.repository.js';
import { priceFor } from './catalogue.js';
import { findInterval, findPlan } from './catalogue.repository.js';
import { DAY_MS, GRACE_PERIOD_DAYS, graceEnds } from './subscription-rules.js';

/** A checkout not finished within this long is expired by the renewal job. */
const ORDER_TTL_MS = DAY_MS;

/**
 * A renewal was paid: the next period starts (never moving backwards), with a scheduled
 * downgrade moved in. Answers the renewal's order id, or null when this period was already
 * renewed.
 */
export async function renewalPaid(
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
  const order = await repo.insertOrder(
    executor,
    {
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
    },
    { ignoreConflict: true },
  );
  if (!order) return null;
  await repo.updateSubscription(executor, sub.id, {
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
  });
  return order.id;
}

/** A renewal failed: past due from the first failure; the grace period runs from then. */
export async function renewalFailed(
  executor: DbExecutor,
  sub: CustomerSubscriptionRow,
  input: { amountCents: number; invoiceId: string | null; reason: string },
  at: Date,
) {
  if (sub.status === 'cancelled') return false;
  await repo.insertOrder(
    executor,
    {
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
    },
    { ignoreConflict: true },
  );
  await repo.updateSubscription(executor, sub.id, {
    status: 'past_due',
    pastDueSince: sub.pastDueSince ?? at,
    updatedAt: at,
  });
  return true;
}

/**
 * The work of the recurring `billing-renewals` task (`jobs/recurring.ts`): renews test
 * subscriptions at their period end (or lapses them when cancelled), moves a scheduled
 * downgrade in, lapses past-due subscriptions after the grace period, and expires checkouts
 * nobody finished. Stripe renews its own subscriptions and tells us by event
 * (`payment-events.ts`).
 */
export function createRenewals(
  deps: BillingDeps,
  mails: Pick<BillingMails, 'receipt' | 'failedRenewal' | 'lapsed'>,
) {
  const { db, clock } = deps;

  /** One due subscription, under its row lock; the mails wait for the commit. */
  async function renewOne(
    tx: DbExecutor,
    userId: string,
    now: Date,
    graceStart: Date,
    after: AfterCommit,
  ): Promise<'renewed' | 'lapsed' | null> {
    const sub = await repo.findSubscription(tx, userId, true);
    if (!sub) return null;
    const plan = await findPlan(tx, sub.planId);
    const planName = plan?.name ?? 'paid';
    if (sub.status === 'past_due') {
      if (!sub.pastDueSince || sub.pastDueSince > graceStart) return null;
      await repo.lapseSubscription(tx, sub.id, now);
      after.push(() => mails.lapsed(userId, planName, 'grace'));
      return 'lapsed';
    }
    if (sub.status !== 'active' || !sub.currentPeriodEnd || sub.currentPeriodEnd > now) return null;
    if (sub.cancelAtPeriodEnd) {
      await repo.lapseSubscription(tx, sub.id, now);
      after.push(() => mails.lapsed(userId, planName, 'cancelled'));
      return 'lapsed';
    }
    if (sub.provider !== 'test') return null;
    const intervalId = sub.scheduledPlanId ? sub.scheduledIntervalId : sub.intervalId;
    const interval = await findInterval(tx, intervalId);
    if (!interval) {
      await repo.lapseSubscription(tx, sub.id, now);
      return 'lapsed';
    }
    const priceSub = sub.scheduledPlanId ? undefined : sub;
    const periodStart = sub.currentPeriodEnd;
    const orderId = await renewalPaid(
      tx,
      sub,
      {
        periodStart,
        periodEnd: addInterval(periodStart, interval.intervalUnit, interval.intervalCount),
        amountCents: priceFor(interval, priceSub, now),
        invoiceId: `test_inv_${sub.id}_${periodStart.getTime()}`,
        receiptUrl: null,
      },
      now,
    );
    if (!orderId) return null;
    after.push(() => mails.receipt(orderId));
    return 'renewed';
  }

  async function runRenewals() {
    const now = clock();
    const graceStart = new Date(now.getTime() - GRACE_PERIOD_DAYS * DAY_MS);
    const due = await repo.dueSubscriptions(db, now, graceStart);
    let renewed = 0;
    let lapsed = 0;
    for (const { userId } of due) {
      const after: AfterCommit = [];
      const done = await db.transaction((tx) => renewOne(tx, userId, now, graceStart, after));
      if (done === 'renewed') renewed++;
      if (done === 'lapsed') lapsed++;
      await runAfterCommit(after);
    }
    const expired = await repo.expireStaleOrders(db, new Date(now.getTime() - ORDER_TTL_MS), now);
    return { renewed, lapsed, expired: expired.length };
  }

  /** For tests and the test provider: records a failed renewal of a test subscription. */
  async function failTestRenewal(userId: string) {
    const now = clock();
    const after: AfterCommit = [];
    await db.transaction(async (tx) => {
      const sub = await repo.findSubscription(tx, userId, true);
      if (!sub || sub.provider !== 'test') return;
      const interval = await findInterval(tx, sub.intervalId);
      const amount = interval ? priceFor(interval, sub, now) : 0;
      const failed = await renewalFailed(
        tx,
        sub,
        {
          amountCents: amount,
          invoiceId: `test_fail_${sub.id}_${now.getTime()}`,
          reason: 'The test renewal was declined.',
        },
        now,
      );
      if (!failed) return;
      const plan = await findPlan(tx, sub.planId);
      const ends = graceEnds(sub.pastDueSince ?? now);
      after.push(() => mails.failedRenewal(userId, plan?.name ?? 'paid', ends));
    });
    await runAfterCommit(after);
  }

  return { runRenewals, failTestRenewal };
}
