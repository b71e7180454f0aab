import { BILLING_MESSAGES, type CustomerSubscription } from '@cadence/shared';
import { AppError } from '../../errors.js';
import type { BillingDeps } from './billing-deps.js';
import * as repo from './billing.repository.js';
import { iso, priceFor } from './catalogue.js';
import { findInterval, findPlan } from './catalogue.repository.js';
import { subscriptionGivesPlan } from './subscription-rules.js';

/**
 * The customer's subscription: what they are on, cancelling at the period end, taking that
 * back, and ending it at the provider before the account is deleted.
 */
export function createSubscription(deps: BillingDeps) {
  const { db, provider, clock, logger } = deps;

  const providerFailed = () =>
    AppError.badGateway(BILLING_MESSAGES.paymentProviderFailed, 'PAYMENT_PROVIDER_FAILED');

  async function customerSubscription(userId: string): Promise<CustomerSubscription> {
    const now = clock();
    const sub = await repo.findSubscription(db, userId);
    if (!sub || !subscriptionGivesPlan(sub, now)) return null;
    const [plan, interval, scheduled] = await Promise.all([
      findPlan(db, sub.planId),
      findInterval(db, sub.intervalId),
      sub.scheduledPlanId ? findPlan(db, sub.scheduledPlanId) : Promise.resolve(undefined),
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
  }

  /** Cancels at the end of the paid period (at once when there is no paid period). */
  async function cancel(userId: string, planId: string) {
    const now = clock();
    const sub = await repo.findSubscription(db, userId);
    const plan = sub ? await findPlan(db, sub.planId) : undefined;
    if (!sub || !plan || plan.tier === 'free' || !subscriptionGivesPlan(sub, now))
      throw AppError.badRequest(BILLING_MESSAGES.noSubscription, 'NO_SUBSCRIPTION');
    if (sub.planId !== planId)
      throw AppError.badRequest(BILLING_MESSAGES.wrongSubscriptionPlan, 'WRONG_PLAN');
    if (sub.cancelAtPeriodEnd)
      throw AppError.conflict(BILLING_MESSAGES.alreadyCancelling, 'ALREADY_CANCELLING');
    if (!sub.currentPeriodEnd || sub.currentPeriodEnd <= now) {
      await repo.lapseSubscription(db, sub.id, now);
      return;
    }
    if (sub.providerSubscriptionId && sub.provider === provider.id && provider.id === 'stripe') {
      try {
        await provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, true);
      } catch (error) {
        logger.error({ err: error }, 'cancel at period end failed at the provider');
        throw providerFailed();
      }
    }
    await repo.updateSubscription(db, sub.id, {
      cancelAtPeriodEnd: true,
      scheduledPlanId: null,
      scheduledIntervalId: null,
      updatedAt: now,
    });
  }

  /**
   * Before an account is deleted: a subscription at the payment provider ends now, so a
   * deleted account is never charged again. The local rows go with the account. A provider
   * that cannot be reached stops the deletion (502), rather than leave a live subscription.
   */
  async function cancelForAccountDeletion(userId: string) {
    const sub = await repo.findSubscription(db, userId);
    if (!sub?.providerSubscriptionId || sub.provider !== provider.id || provider.id === 'test')
      return;
    if (!subscriptionGivesPlan(sub, clock())) return;
    try {
      await provider.cancelNow(sub.providerSubscriptionId);
    } catch (error) {
      logger.error({ err: error }, 'cancelling a deleted account at the provider failed');
      throw providerFailed();
    }
  }

  async function resume(userId: string) {
    const now = clock();
    const sub = await repo.findSubscription(db, userId);
    if (!sub || !sub.cancelAtPeriodEnd || !subscriptionGivesPlan(sub, now))
      throw AppError.badRequest(BILLING_MESSAGES.notCancelling, 'NOT_CANCELLING');
    if (sub.providerSubscriptionId && sub.provider === provider.id && provider.id === 'stripe') {
      try {
        await provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, false);
      } catch (error) {
        logger.error({ err: error }, 'resume failed at the provider');
        throw providerFailed();
      }
    }
    await repo.updateSubscription(db, sub.id, { cancelAtPeriodEnd: false, updatedAt: now });
  }

  return { customerSubscription, cancel, cancelForAccountDeletion, resume };
}
