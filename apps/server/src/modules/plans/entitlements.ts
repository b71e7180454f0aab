import type { NetworkId, Tier } from '@cadence/shared';
import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import {
  customerSubscriptions,
  subscriptionPlans,
  type CustomerSubscriptionRow,
  type PlanRow,
} from '../../db/schema.js';

/** What a customer may do: every feature with a limit asks this, and only this. */
export interface Entitlements {
  tier: Tier;
  planName: string;
  /** null means unlimited. */
  maxCompanies: number | null;
  maxPostsPerMonth: number | null;
  maxNetworks: number | null;
  hasAi: boolean;
  /** Bytes of uploads the plan allows; null means unlimited. */
  maxStorageBytes: number | null;
  allowedNetworks: NetworkId[];
}

/** Days a past-due subscription keeps its plan before the account returns to Free. */
export const GRACE_PERIOD_DAYS = 7;
const DAY_MS = 86_400_000;

function toEntitlements(plan: PlanRow): Entitlements {
  return {
    tier: plan.tier,
    planName: plan.name,
    maxCompanies: plan.maxCompanies,
    maxPostsPerMonth: plan.maxPostsPerMonth,
    maxNetworks: plan.maxNetworks,
    hasAi: plan.hasAi,
    maxStorageBytes: plan.maxStorageBytes,
    allowedNetworks: plan.allowedNetworks,
  };
}

/**
 * Whether a subscription row gives its plan at `now`. Exact at every instant, whether or
 * not the renewal job has run yet: a cancellation ends at the period end, a past-due
 * subscription keeps its plan for the grace period only.
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
    return now.getTime() < since.getTime() + GRACE_PERIOD_DAYS * DAY_MS;
  }
  return false;
}

/** The customer's active plan; every account without one (new ones included) is on free. */
export async function getEntitlements(
  db: DbExecutor,
  userId: string,
  now: Date = new Date(),
): Promise<Entitlements> {
  const [row] = await db
    .select({ plan: subscriptionPlans, sub: customerSubscriptions })
    .from(customerSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, customerSubscriptions.planId))
    .where(eq(customerSubscriptions.userId, userId))
    .limit(1);
  if (row && subscriptionGivesPlan(row.sub, now)) return toEntitlements(row.plan);
  const [free] = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.tier, 'free'))
    .orderBy(asc(subscriptionPlans.sortOrder))
    .limit(1);
  if (!free) throw new Error('The free plan is missing from subscription_plans');
  return toEntitlements(free);
}
