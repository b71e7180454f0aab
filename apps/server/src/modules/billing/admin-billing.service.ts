import { TierSchema, type BillingIntervalUnit, type Tier } from '@cadence/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as repo from './billing.repository.js';
import * as plans from './catalogue.repository.js';

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
  if (!parsedTier.success)
    throw AppError.badRequest(parsedTier.error.issues[0]!.message, 'VALIDATION_FAILED');
  if (
    priceOverrideCents !== null &&
    (!Number.isInteger(priceOverrideCents) || priceOverrideCents < 0)
  )
    throw AppError.badRequest(
      'The custom price must be zero or more, in whole cents.',
      'VALIDATION_FAILED',
    );
  return db.transaction(async (tx) => {
    const user = await repo.findUser(tx, userId);
    if (!user) throw AppError.notFound('User not found', 'USER_NOT_FOUND');
    const plan = await plans.findPlanByTier(tx, parsedTier.data);
    if (!plan)
      throw AppError.notFound(`The ${parsedTier.data} plan does not exist.`, 'PLAN_NOT_FOUND');
    const current = await repo.findSubscription(tx, userId, true);
    const monthly = await plans.findIntervalOfUnit(tx, plan.id, 'month');

    if (current && current.planId === plan.id && current.status !== 'cancelled') {
      await repo.updateSubscription(tx, current.id, { priceOverrideCents, updatedAt: now });
    } else {
      await repo.upsertSubscription(tx, userId, {
        planId: plan.id,
        intervalId: monthly?.id ?? null,
        status: 'active',
        priceOverrideCents,
        activatedAt: now,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        cancelledAt: null,
        scheduledPlanId: null,
        scheduledIntervalId: null,
        pastDueSince: null,
        provider: 'admin',
        providerSubscriptionId: null,
        updatedAt: now,
      });
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
  /** The public API on this plan; undefined keeps it. */
  hasApi?: boolean;
  /** Bulk scheduling from a file on this plan; undefined keeps it. */
  hasBulkScheduling?: boolean;
  /** Team members the plan includes; null unlimited, undefined keeps it. */
  maxMembers?: number | null;
  /** White label on this plan; undefined keeps it. */
  hasWhiteLabel?: boolean;
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
      throw AppError.badRequest(
        `The ${name} must be zero or more, in whole cents.`,
        'VALIDATION_FAILED',
      );
  }
  return db.transaction(async (tx) => {
    const plan = await plans.findPlan(tx, planId, true);
    if (!plan) throw AppError.notFound('Plan not found', 'PLAN_NOT_FOUND');
    if (change.highlightPoints) {
      const points = change.highlightPoints.map((p) => p.trim()).filter((p) => p.length > 0);
      await plans.setHighlightPoints(tx, planId, points, now);
    }
    if (change.hasApi !== undefined) await plans.setHasApi(tx, planId, change.hasApi, now);
    if (change.hasBulkScheduling !== undefined)
      await plans.setHasBulkScheduling(tx, planId, change.hasBulkScheduling, now);
    if (change.maxMembers !== undefined)
      await plans.setMaxMembers(tx, planId, change.maxMembers, now);
    if (change.hasWhiteLabel !== undefined)
      await plans.setHasWhiteLabel(tx, planId, change.hasWhiteLabel, now);
    const interval = await plans.findIntervalOfUnit(tx, planId, unit, 1);
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
      throw AppError.badRequest('The Free plan has no price.', 'VALIDATION_FAILED');
    let intervalId = interval?.id ?? null;
    if (next.price === null) {
      if (interval) await plans.deleteInterval(tx, interval.id);
      intervalId = null;
    } else {
      const prices = { priceCents: next.price, salePriceCents: next.sale, saleEndsAt: next.ends };
      if (interval) await plans.updateIntervalPrices(tx, interval.id, prices, now);
      else
        intervalId = await plans.insertInterval(tx, {
          planId,
          intervalUnit: unit,
          intervalCount: 1,
          ...prices,
        });
    }
    const moved =
      old.price !== next.price ||
      old.sale !== next.sale ||
      (old.ends?.getTime() ?? null) !== (next.ends?.getTime() ?? null);
    if (moved) {
      await plans.recordPriceChange(tx, {
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
