import { BILLING_MESSAGES, CURRENCY, addInterval, type Order } from '@cadence/shared';
import type { DbExecutor } from '../../db/client.js';
import type { OrderRow, PlanIntervalRow, PlanRow } from '../../db/schema/billing.js';
import { AppError } from '../../errors.js';
import { PaymentProviderError, type PaidCheckout } from '../../integrations/payments/provider.js';
import type { BillingDeps } from './billing-deps.js';
import type { BillingMails } from './billing-mails.js';
import * as repo from './billing.repository.js';
import { cents, iso, quote } from './catalogue.js';
import { findInterval } from './catalogue.repository.js';

/** What paying an order replaced: the provider subscription of the plan before, if any. */
export interface Replaced {
  replacedSubscription: string | null;
  provider: string | undefined;
}

function toOrder(row: { order: OrderRow; plan: PlanRow; interval: PlanIntervalRow | null }): Order {
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

/**
 * Orders: a checkout started for a plan, paid or failed. `applyPaid` is the one way an order
 * becomes paid (decision 030), whether from the test checkout, a provider event, or a
 * server-side read of the provider's checkout.
 */
export function createOrders(deps: BillingDeps, mails: Pick<BillingMails, 'receipt'>) {
  const { db, provider, clock, logger } = deps;

  /**
   * Marks the order paid and makes its plan the customer's from here on, in the caller's
   * transaction. Applying it twice changes nothing: null when it was already paid (or is
   * not an order).
   */
  async function applyPaid(
    tx: DbExecutor,
    orderId: string,
    paid: Partial<PaidCheckout>,
    at: Date,
  ): Promise<Replaced | null> {
    const order = await repo.findOrder(tx, orderId, true);
    if (!order || order.status === 'paid') return null;
    const interval = await findInterval(tx, order.intervalId);
    const periodStart = paid.periodStart ?? at;
    const periodEnd =
      paid.periodEnd ??
      addInterval(periodStart, interval?.intervalUnit ?? 'month', interval?.intervalCount ?? 1);
    await repo.updateOrder(tx, order.id, {
      status: 'paid',
      paidAt: at,
      periodStart,
      periodEnd,
      providerSubscriptionId: paid.subscriptionId ?? order.providerSubscriptionId,
      providerInvoiceId: paid.invoiceId ?? order.providerInvoiceId,
      receiptUrl: paid.receiptUrl ?? order.receiptUrl,
      failureReason: null,
      updatedAt: at,
    });
    const previous = await repo.findSubscription(tx, order.userId, true);
    await repo.upsertSubscription(tx, order.userId, {
      planId: order.planId,
      intervalId: order.intervalId,
      status: 'active',
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
    });
    if (paid.customerId)
      await repo.savePaymentCustomer(tx, order.userId, order.provider, paid.customerId);
    const old = previous?.providerSubscriptionId;
    return {
      replacedSubscription: old && old !== paid.subscriptionId ? old : null,
      provider: previous?.provider,
    };
  }

  /** After the paid order committed: the replaced subscription ends, the receipt goes out. */
  async function afterPaid(orderId: string, replaced: Replaced) {
    // An upgrade through Stripe starts a new Stripe subscription: the old one ends now
    // (its unused time was credited on the new one's first invoice).
    if (replaced.replacedSubscription && replaced.provider === provider.id) {
      await provider.cancelNow(replaced.replacedSubscription).catch((error: unknown) => {
        logger.error({ err: error, orderId }, 'the replaced subscription could not be cancelled');
      });
    }
    await mails.receipt(orderId);
  }

  /** Applies a payment in its own transaction; true when this call applied it. */
  async function confirmOrder(orderId: string, paid: Partial<PaidCheckout>, at: Date) {
    const replaced = await db.transaction((tx) => applyPaid(tx, orderId, paid, at));
    if (!replaced) return false;
    await afterPaid(orderId, replaced);
    return true;
  }

  /** A checkout that was declined or abandoned: nothing else changes. */
  async function failOrder(orderId: string, reason: string, at: Date) {
    return repo.updateOrder(db, orderId, {
      status: 'failed',
      failedAt: at,
      failureReason: reason,
      updatedAt: at,
    });
  }

  async function createOrder(userId: string, planId: string, intervalId: string) {
    const now = clock();
    const q = await quote(db, userId, planId, intervalId, now);
    if (q.kind === 'downgrade') {
      // Nothing to pay: the change waits for the end of the paid period.
      await repo.updateSubscriptionOfUser(db, userId, {
        scheduledPlanId: q.plan.id,
        scheduledIntervalId: q.interval.id,
        cancelAtPeriodEnd: false,
        updatedAt: now,
      });
      if (q.current?.providerSubscriptionId && q.current.cancelAtPeriodEnd)
        await provider
          .setCancelAtPeriodEnd(q.current.providerSubscriptionId, false)
          .catch(() => {});
      return { order_id: null, payment_url: '/settings#subscription' };
    }
    const user = await repo.findUser(db, userId);
    if (!user) throw AppError.unauthorized('Not authenticated', 'SIGN_IN_REQUIRED');
    const order = (await repo.insertOrder(db, {
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
    }))!;
    const base = deps.publicUrl;
    try {
      const started = await provider.startCheckout({
        orderId: order.id,
        customerId: await repo.findPaymentCustomer(db, userId, provider.id),
        email: user.email,
        name: user.name,
        userId,
        planName: q.plan.name,
        interval: q.interval.intervalUnit,
        intervalCount: q.interval.intervalCount,
        recurringCents: q.recurringCents,
        firstChargeCreditCents: q.creditCents,
        successUrl: `${base}/payment-success?order=${order.id}`,
        cancelUrl: `${base}/payment-failed?order=${order.id}`,
      });
      await repo.updateOrder(db, order.id, {
        providerSessionId: started.sessionId,
        expiresAt: started.expiresAt,
        updatedAt: now,
      });
      if (started.customerId)
        await repo.savePaymentCustomer(db, userId, provider.id, started.customerId);
      return { order_id: order.id, payment_url: started.paymentUrl };
    } catch (error) {
      await failOrder(order.id, 'The payment provider could not be reached.', now);
      if (error instanceof PaymentProviderError) {
        logger.error({ err: error }, 'checkout could not start');
        throw AppError.badGateway(
          BILLING_MESSAGES.paymentProviderFailed,
          'PAYMENT_PROVIDER_FAILED',
        );
      }
      throw error;
    }
  }

  /** An order of the customer's own; a pending Stripe order is read back from Stripe. */
  async function getOrder(userId: string, orderId: string): Promise<Order> {
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
  }

  async function testCheckout(userId: string, orderId: string, outcome: 'pay' | 'decline') {
    const order = await repo.findOrder(db, orderId);
    if (!order || order.userId !== userId)
      throw AppError.notFound(BILLING_MESSAGES.orderNotFound, 'ORDER_NOT_FOUND');
    if (order.provider !== 'test')
      throw AppError.badRequest(BILLING_MESSAGES.testCheckoutDisabled, 'TEST_CHECKOUT_DISABLED');
    if (order.status !== 'pending')
      throw AppError.conflict(BILLING_MESSAGES.orderNotPending, 'ORDER_NOT_PENDING');
    const now = clock();
    if (outcome === 'pay') {
      await confirmOrder(order.id, { subscriptionId: `test_sub_${userId}`, receiptUrl: null }, now);
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
  }

  async function billingHistory(userId: string) {
    const rows = await repo.listOrders(db, userId, ['paid', 'failed']);
    return { rows: rows.map(toOrder) };
  }

  return {
    applyPaid,
    afterPaid,
    confirmOrder,
    failOrder,
    createOrder,
    getOrder,
    testCheckout,
    billingHistory,
  };
}

export type Orders = ReturnType<typeof createOrders>;
