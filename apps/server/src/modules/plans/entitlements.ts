import type { NetworkId, Tier } from '@cadence/shared';
import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { customerSubscriptions, subscriptionPlans, type PlanRow } from '../../db/schema/billing.js';
import { subscriptionGivesPlan } from '../billing/index.js';

/** What a customer may do: every feature with a limit asks this, and only this. */
export interface Entitlements {
  tier: Tier;
  planName: string;
  /** null means unlimited. */
  maxCompanies: number | null;
  maxPostsPerMonth: number | null;
  maxNetworks: number | null;
  hasAi: boolean;
  /** The public API: API keys and /api/v1. */
  hasApi: boolean;
  /** Bulk scheduling: posts imported from a CSV file. */
  hasBulkScheduling: boolean;
  /** People in the workspace (owner, members, open invitations); null means unlimited. */
  maxMembers: number | null;
  /** The workspace's own brand on review pages, its mails and the top bar. */
  hasWhiteLabel: boolean;
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
    hasApi: plan.hasApi,
    hasBulkScheduling: plan.hasBulkScheduling,
    maxMembers: plan.maxMembers,
    hasWhiteLabel: plan.hasWhiteLabel,
    maxStorageBytes: plan.maxStorageBytes,
    allowedNetworks: plan.allowedNetworks,
  };
}

/**
 * The customer's active plan; every account without one (new ones included) is on free.
 * Whether the subscription still gives its plan (period end, grace period) is billing's
 * rule, asked here at every call, so limits follow a plan change before any job runs.
 */
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
