import { TierSchema, type BillingIntervalUnit, type Tier } from '@cadence/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  customerSubscriptions,
  subscriptionPlanIntervals,
  subscriptionPlans,
  subscriptionPriceHistory,
  users,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';

/**
 * Puts a customer on a tier without any payment (the admin's 'Update Subscription' and
 * the `set-tier` command). The plan applies at once; whatever the customer made stays.
 * `priceOverrideCents` (null: none) is the customer's custom price, charged instead of
 * the list price from the next order or renewal on. Any running billing period and
 * provider subscription ids are kept when the tier does not change (only the override
 * moves); on a tier change the subscription becomes admin-managed: no period, no renewal.
 */
export async function setPlanByAdmin(
  db: Db,
  userId: string,
  tier: Tier,
  priceOverrideCents: number | null,
  adminUserId: string | null,
  now: Date = new Date(),
) {
  const parsedTier = TierSchema.safeParse(tier);
  if (!parsedTier.success) throw AppError.badRequest(parsedTier.error.issues[0]!.message);
  if (
    priceOverrideCents !== null &&
    (!Number.isInteger(priceOverrideCents) || priceOverrideCents < 0)
  )
    throw AppError.badRequest('The custom price must be zero or more, in whole cents.');
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw AppError.notFound('User not found');
    const [plan] = await tx
      .select({ id: subscriptionPlans.id, name: subscriptionPlans.name })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.tier, parsedTier.data));
    if (!plan) throw AppError.notFound(`The ${parsedTier.data} plan does not exist.`);
    const [current] = await tx
      .select()
      .from(customerSubscriptions)
      .where(eq(customerSubscriptions.userId, userId))
      .for('update');
    const [monthly] = await tx
      .select({ id: subscriptionPlanIntervals.id })
      .from(subscriptionPlanIntervals)
      .where(
        and(
          eq(subscriptionPlanIntervals.planId, plan.id),
          eq(subscriptionPlanIntervals.intervalUnit, 'month'),
        ),
      )
      .limit(1);

    if (current && current.planId === plan.id && current.status !== 'cancelled') {
      await tx
        .update(customerSubscriptions)
        .set({ priceOverrideCents, updatedAt: now })
        .where(eq(customerSubscriptions.id, current.id));
    } else {
      const values = {
        planId: plan.id,
        intervalId: monthly?.id ?? null,
        status: 'active' as const,
        priceOverrideCents,
        activatedAt: now,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        cancelledAt: null,
        scheduledPlanId: null,
        scheduledIntervalId: null,
        pastDueSince: null,
        provider: 'admin' as const,
        providerSubscriptionId: null,
        updatedAt: now,
      };
      await tx
        .insert(customerSubscriptions)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: customerSubscriptions.userId, set: values });
    }
    void adminUserId; // who did it is recorded by the admin module's own log, if any
    return { planId: plan.id, planName: plan.name, tier: parsedTier.data, priceOverrideCents };
  });
}

export interface PlanPriceChange {
  /** Which interval's prices change (default month). */
  interval?: BillingIntervalUnit;
  /** List price in cents; null removes the interval's price (the plan becomes quoted). */
  priceCents?: number | null;
  salePriceCents?: number | null;
  saleEndsAt?: Date | null;
  highlightPoints?: string[];
}

/**
 * Changes a plan's price, sale and highlight points (admin 'Save Changes'), writing one
 * `subscription_price_history` row when a price or sale price moves. Prices in cents.
 */
export async function updatePlanPricing(
  db: Db,
  planId: string,
  change: PlanPriceChange,
  adminUserId: string,
  now: Date = new Date(),
) {
  const unit = change.interval ?? 'month';
  for (const [name, value] of [
    ['price', change.priceCents],
    ['sale price', change.salePriceCents],
  ] as const) {
    if (value !== undefined && value !== null && (!Number.isInteger(value) || value < 0))
      throw AppError.badRequest(`The ${name} must be zero or more, in whole cents.`);
  }
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, planId))
      .for('update');
    if (!plan) throw AppError.notFound('Plan not found');
    if (change.highlightPoints) {
      const points = change.highlightPoints.map((p) => p.trim()).filter((p) => p.length > 0);
      await tx
        .update(subscriptionPlans)
        .set({ highlightPoints: points, updatedAt: now })
        .where(eq(subscriptionPlans.id, planId));
    }
    const [interval] = await tx
      .select()
      .from(subscriptionPlanIntervals)
      .where(
        and(
          eq(subscriptionPlanIntervals.planId, planId),
          eq(subscriptionPlanIntervals.intervalUnit, unit),
          eq(subscriptionPlanIntervals.intervalCount, 1),
        ),
      );
    const old = {
      price: interval?.priceCents ?? null,
      sale: interval?.salePriceCents ?? null,
      ends: interval?.saleEndsAt ?? null,
    };
    const next = {
      price: change.priceCents === undefined ? old.price : change.priceCents,
      sale: change.salePriceCents === undefined ? old.sale : change.salePriceCents,
      ends: change.saleEndsAt === undefined ? old.ends : change.saleEndsAt,
    };
    if (plan.tier === 'free' && next.price)
      throw AppError.badRequest('The Free plan has no price.');
    let intervalId = interval?.id ?? null;
    if (next.price === null) {
      if (interval)
        await tx
          .delete(subscriptionPlanIntervals)
          .where(eq(subscriptionPlanIntervals.id, interval.id));
      intervalId = null;
    } else if (interval) {
      await tx
        .update(subscriptionPlanIntervals)
        .set({
          priceCents: next.price,
          salePriceCents: next.sale,
          saleEndsAt: next.ends,
          updatedAt: now,
        })
        .where(eq(subscriptionPlanIntervals.id, interval.id));
    } else {
      const [created] = await tx
        .insert(subscriptionPlanIntervals)
        .values({
          planId,
          intervalUnit: unit,
          intervalCount: 1,
          priceCents: next.price,
          salePriceCents: next.sale,
          saleEndsAt: next.ends,
        })
        .returning({ id: subscriptionPlanIntervals.id });
      intervalId = created!.id;
    }
    const moved =
      old.price !== next.price ||
      old.sale !== next.sale ||
      (old.ends?.getTime() ?? null) !== (next.ends?.getTime() ?? null);
    if (moved) {
      await tx.insert(subscriptionPriceHistory).values({
        planId,
        intervalId,
        intervalUnit: unit,
        intervalCount: 1,
        oldPriceCents: old.price,
        newPriceCents: next.price,
        oldSalePriceCents: old.sale,
        newSalePriceCents: next.sale,
        oldSaleEndsAt: old.ends,
        newSaleEndsAt: next.ends,
        changedBy: adminUserId,
        changedAt: now,
      });
    }
    return {
      planId,
      intervalId,
      priceCents: next.price,
      salePriceCents: next.sale,
      saleEndsAt: next.ends,
    };
  });
}
