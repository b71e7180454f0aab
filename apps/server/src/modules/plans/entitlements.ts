import type { NetworkId, Tier } from '@cadence/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { customerSubscriptions, subscriptionPlans, type PlanRow } from '../../db/schema.js';

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

/** The customer's active plan; every account without one (new ones included) is on free. */
export async function getEntitlements(db: DbExecutor, userId: string): Promise<Entitlements> {
  const [active] = await db
    .select({ plan: subscriptionPlans })
    .from(customerSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, customerSubscriptions.planId))
    .where(
      and(eq(customerSubscriptions.userId, userId), eq(customerSubscriptions.status, 'active')),
    )
    .limit(1);
  if (active) return toEntitlements(active.plan);
  const [free] = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.tier, 'free'))
    .orderBy(asc(subscriptionPlans.sortOrder))
    .limit(1);
  if (!free) throw new Error('The free plan is missing from subscription_plans');
  return toEntitlements(free);
}
