import type { CustomerSubscriptionRow } from '../../db/schema/billing.js';

/** Days a past-due subscription keeps its plan before the account returns to Free. */
export const GRACE_PERIOD_DAYS = 7;
export const DAY_MS = 86_400_000;

/** When the grace period of a subscription past due since `since` ends. */
export function graceEnds(since: Date) {
  return new Date(since.getTime() + GRACE_PERIOD_DAYS * DAY_MS);
}

/**
 * Whether a subscription row gives its plan at `now`. Exact at every instant, whether or
 * not the renewal job has run yet: a cancellation ends at the period end, a past-due
 * subscription keeps its plan for the grace period only. Plans' `getEntitlements` asks
 * this for every limited feature.
 */
export function subscriptionGivesPlan(
  sub: Pick<
    CustomerSubscriptionRow,
    'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'pastDueSince'
  >,
  now: Date,
): boolean {
  if (sub.status === 'active') {
    return !(sub.cancelAtPeriodEnd && sub.currentPeriodEnd && sub.currentPeriodEnd <= now);
  }
  if (sub.status === 'past_due') {
    const since = sub.pastDueSince ?? now;
    return now.getTime() < graceEnds(since).getTime();
  }
  return false;
}
