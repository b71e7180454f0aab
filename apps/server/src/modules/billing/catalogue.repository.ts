import type { BillingIntervalUnit, Tier } from '@cadence/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import {
  subscriptionPlanIntervals,
  subscriptionPlans,
  subscriptionPriceHistory,
} from '../../db/schema/billing.js';

/** The queries on the plan catalogue: plans, their priced intervals and the price history. */

export async function listPlans(db: DbExecutor) {
  const [plans, intervals] = await Promise.all([
    db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.sortOrder)),
    db
      .select()
      .from(subscriptionPlanIntervals)
      .orderBy(
        asc(subscriptionPlanIntervals.intervalUnit),
        asc(subscriptionPlanIntervals.intervalCount),
      ),
  ]);
  return plans.map((plan) => ({
    plan,
    intervals: intervals.filter((interval) => interval.planId === plan.id),
  }));
}

export async function findPlanWithInterval(db: DbExecutor, planId: string, intervalId: string) {
  const [row] = await db
    .select({ plan: subscriptionPlans, interval: subscriptionPlanIntervals })
    .from(subscriptionPlans)
    .leftJoin(
      subscriptionPlanIntervals,
      and(
        eq(subscriptionPlanIntervals.planId, subscriptionPlans.id),
        eq(subscriptionPlanIntervals.id, intervalId),
      ),
    )
    .where(eq(subscriptionPlans.id, planId))
    .limit(1);
  return row;
}

export async function findPlan(db: DbExecutor, planId: string, lock = false) {
  const query = db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  const [plan] = lock ? await query.for('update') : await query;
  return plan;
}

export async function findPlanByTier(db: DbExecutor, tier: Tier) {
  const [plan] = await db
    .select({ id: subscriptionPlans.id, name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.tier, tier));
  return plan;
}

/** Whether the plan includes bulk scheduling from a CSV file. */
export async function setHasBulkScheduling(
  db: DbExecutor,
  planId: string,
  hasBulkScheduling: boolean,
  now: Date,
) {
  await db
    .update(subscriptionPlans)
    .set({ hasBulkScheduling, updatedAt: now })
    .where(eq(subscriptionPlans.id, planId));
}

/** The team members a plan includes (null: unlimited). */
export async function setMaxMembers(
  db: DbExecutor,
  planId: string,
  maxMembers: number | null,
  now: Date,
) {
  await db
    .update(subscriptionPlans)
    .set({ maxMembers, updatedAt: now })
    .where(eq(subscriptionPlans.id, planId));
}

/** Whether the plan includes the public API (API keys, /api/v1). */
export async function setHasApi(db: DbExecutor, planId: string, hasApi: boolean, now: Date) {
  await db
    .update(subscriptionPlans)
    .set({ hasApi, updatedAt: now })
    .where(eq(subscriptionPlans.id, planId));
}

/** Whether the plan includes white label (the workspace's own brand). */
export async function setHasWhiteLabel(
  db: DbExecutor,
  planId: string,
  hasWhiteLabel: boolean,
  now: Date,
) {
  await db
    .update(subscriptionPlans)
    .set({ hasWhiteLabel, updatedAt: now })
    .where(eq(subscriptionPlans.id, planId));
}

export async function setHighlightPoints(
  db: DbExecutor,
  planId: string,
  points: string[],
  now: Date,
) {
  await db
    .update(subscriptionPlans)
    .set({ highlightPoints: points, updatedAt: now })
    .where(eq(subscriptionPlans.id, planId));
}

export async function findInterval(db: DbExecutor, intervalId: string | null) {
  if (!intervalId) return undefined;
  const [interval] = await db
    .select()
    .from(subscriptionPlanIntervals)
    .where(eq(subscriptionPlanIntervals.id, intervalId));
  return interval;
}

/** The plan's interval of one `unit` (`count`: how many units; any when left out). */
export async function findIntervalOfUnit(
  db: DbExecutor,
  planId: string,
  unit: BillingIntervalUnit,
  count?: number,
) {
  const [interval] = await db
    .select()
    .from(subscriptionPlanIntervals)
    .where(
      and(
        eq(subscriptionPlanIntervals.planId, planId),
        eq(subscriptionPlanIntervals.intervalUnit, unit),
        count === undefined ? undefined : eq(subscriptionPlanIntervals.intervalCount, count),
      ),
    )
    .limit(1);
  return interval;
}

type IntervalPrices = Pick<
  typeof subscriptionPlanIntervals.$inferInsert,
  'priceCents' | 'salePriceCents' | 'saleEndsAt'
>;

export async function insertInterval(
  db: DbExecutor,
  values: IntervalPrices &
    Pick<
      typeof subscriptionPlanIntervals.$inferInsert,
      'planId' | 'intervalUnit' | 'intervalCount'
    >,
) {
  const [created] = await db
    .insert(subscriptionPlanIntervals)
    .values(values)
    .returning({ id: subscriptionPlanIntervals.id });
  return created!.id;
}

export async function updateIntervalPrices(
  db: DbExecutor,
  intervalId: string,
  prices: IntervalPrices,
  now: Date,
) {
  await db
    .update(subscriptionPlanIntervals)
    .set({ ...prices, updatedAt: now })
    .where(eq(subscriptionPlanIntervals.id, intervalId));
}

export async function deleteInterval(db: DbExecutor, intervalId: string) {
  await db.delete(subscriptionPlanIntervals).where(eq(subscriptionPlanIntervals.id, intervalId));
}

export async function recordPriceChange(
  db: DbExecutor,
  row: typeof subscriptionPriceHistory.$inferInsert,
) {
  await db.insert(subscriptionPriceHistory).values(row);
}
