import { addInterval } from '@cadence/shared';
import { z } from 'zod';
import type { DbExecutor } from '../../db/client.js';
import type { PaymentEvent } from '../../integrations/payments/events.js';
import { runAfterCommit, type AfterCommit, type BillingDeps } from './billing-deps.js';
import type { BillingMails } from './billing-mails.js';
import * as repo from './billing.repository.js';
import { findPlan } from './catalogue.repository.js';
import type { Orders } from './orders.js';
import { renewalFailed, renewalPaid } from './renewals.js';
import { graceEnds } from './subscription-rules.js';

const isOrderId = (value: string) => z.uuid().safeParse(value).success;

/**
 * What a payment provider told us (in our words: `integrations/payments/events.ts`),
 * applied once: the event id is recorded in the same transaction that applies it, so a
 * replay changes nothing and a failure lets the provider send it again (decision 030).
 * Mails and calls to the provider wait for the commit.
 */
export function createPaymentEvents(
  deps: BillingDeps,
  orders: Pick<Orders, 'applyPaid' | 'afterPaid'>,
  mails: Pick<BillingMails, 'receipt' | 'failedRenewal' | 'lapsed'>,
) {
  const { db, clock, logger } = deps;

  type Step<K extends PaymentEvent['kind']> = (
    tx: DbExecutor,
    event: Extract<PaymentEvent, { kind: K }>,
    at: Date,
    after: AfterCommit,
  ) => Promise<void>;

  /** A paid checkout of one of our orders: the one confirm path. */
  const checkoutCompleted: Step<'checkout-completed'> = async (tx, event, at, after) => {
    const { orderRef, paid } = event;
    if (!orderRef || !paid) return;
    // Another app's checkout on the same Stripe account has references of its own.
    const order = isOrderId(orderRef) ? await repo.findOrder(tx, orderRef) : undefined;
    if (!order || order.providerSessionId !== event.sessionId) {
      logger.warn(
        { orderId: orderRef, session: event.sessionId },
        'checkout completed for an unknown order',
      );
      return;
    }
    const replaced = await orders.applyPaid(tx, orderRef, paid, at);
    if (replaced) after.push(() => orders.afterPaid(orderRef, replaced));
  };

  const invoicePaid: Step<'invoice-paid'> = async (tx, event, at, after) => {
    const { subscriptionId, invoiceId } = event;
    if (!subscriptionId || !invoiceId) return;
    if (event.first) {
      // The first invoice: the checkout's order carries its receipt.
      await repo.setFirstInvoice(tx, subscriptionId, {
        providerInvoiceId: invoiceId,
        receiptUrl: event.receiptUrl,
        updatedAt: at,
      });
      return;
    }
    const sub = await repo.findSubscriptionByProviderId(tx, event.provider, subscriptionId);
    if (!sub) return;
    const start = event.periodStart ?? at;
    const orderId = await renewalPaid(
      tx,
      sub,
      {
        periodStart: start,
        periodEnd: event.periodEnd ?? addInterval(start, 'month'),
        amountCents: event.amountCents,
        invoiceId,
        receiptUrl: event.receiptUrl,
      },
      at,
    );
    if (orderId) after.push(() => mails.receipt(orderId));
  };

  const invoiceFailed: Step<'invoice-failed'> = async (tx, event, at, after) => {
    if (!event.subscriptionId || event.first) return;
    const sub = await repo.findSubscriptionByProviderId(tx, event.provider, event.subscriptionId);
    if (!sub) return;
    const failed = await renewalFailed(
      tx,
      sub,
      {
        amountCents: event.amountCents,
        invoiceId: event.invoiceId,
        reason: 'The card was declined.',
      },
      at,
    );
    if (!failed) return;
    const plan = await findPlan(tx, sub.planId);
    const ends = graceEnds(sub.pastDueSince ?? at);
    after.push(() => mails.failedRenewal(sub.userId, plan?.name ?? 'paid', ends));
  };

  const subscriptionChanged: Step<'subscription-changed'> = async (tx, event, at, after) => {
    const sub = await repo.findSubscriptionByProviderId(tx, event.provider, event.subscriptionId);
    if (!sub) return;
    // An event older than the state we hold never moves the subscription back.
    if (sub.providerStateAt && event.createdAt < sub.providerStateAt) return;
    const status = event.status ?? sub.status;
    const { periodEnd } = event;
    await repo.updateSubscription(tx, sub.id, {
      status,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd,
      cancelledAt: event.ended ? at : sub.cancelledAt,
      pastDueSince: status === 'past_due' ? (sub.pastDueSince ?? at) : null,
      // Periods only move forward.
      ...(periodEnd && (!sub.currentPeriodEnd || periodEnd > sub.currentPeriodEnd)
        ? {
            currentPeriodEnd: periodEnd,
            currentPeriodStart: event.periodStart ?? sub.currentPeriodStart,
          }
        : {}),
      providerStateAt: event.createdAt,
      updatedAt: at,
    });
    if (event.ended && sub.status !== 'cancelled') {
      const plan = await findPlan(tx, sub.planId);
      after.push(() => mails.lapsed(sub.userId, plan?.name ?? 'paid', 'cancelled'));
    }
  };

  async function apply(tx: DbExecutor, event: PaymentEvent, at: Date, after: AfterCommit) {
    switch (event.kind) {
      case 'checkout-completed':
        return checkoutCompleted(tx, event, at, after);
      case 'invoice-paid':
        return invoicePaid(tx, event, at, after);
      case 'invoice-failed':
        return invoiceFailed(tx, event, at, after);
      case 'subscription-changed':
        return subscriptionChanged(tx, event, at, after);
      case 'other':
        return;
    }
  }

  /** Applies the event; `applied` is false when it had been applied before. */
  return async function applyPaymentEvent(event: PaymentEvent): Promise<{ applied: boolean }> {
    const at = clock();
    const after: AfterCommit = [];
    const applied = await db.transaction(async (tx) => {
      if (!(await repo.claimEvent(tx, event.provider, event.id, event.type))) return false;
      await apply(tx, event, at, after);
      return true;
    });
    await runAfterCommit(after);
    return { applied };
  };
}
