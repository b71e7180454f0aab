import {
  BILLING_MESSAGES,
  CURRENCY,
  NETWORK_IDS,
  NETWORK_NAMES,
  addInterval,
  formatInterval,
  formatUsd,
  isSaleActive,
  prorationCreditCents,
  selectPriceCents,
  type PlansResponse,
  type PreviewResponse,
  type PublicPlan,
} from '@cadence/shared';
import type { DbExecutor } from '../../db/client.js';
import type { CustomerSubscriptionRow, PlanIntervalRow, PlanRow } from '../../db/schema/billing.js';
import { AppError } from '../../errors.js';
import type { BillingDeps } from './billing-deps.js';
import { dateText, type BillingMails } from './billing-mails.js';
import * as repo from './billing.repository.js';
import * as plans from './catalogue.repository.js';
import { subscriptionGivesPlan } from './subscription-rules.js';

/** The plan catalogue with this customer's prices, and what buying a plan means for them. */

export const cents = (value: number) => value / 100;
export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Orders plans for up/downgrades: tier order first, then a longer interval above a shorter. */
function rank(plan: PlanRow, interval: PlanIntervalRow | undefined | null) {
  return plan.sortOrder * 10 + (interval?.intervalUnit === 'year' ? 1 : 0);
}

/** The override applies to the plan and interval the admin put the customer on. */
export function priceFor(
  interval: PlanIntervalRow,
  sub: CustomerSubscriptionRow | undefined,
  now: Date,
) {
  const override =
    sub && sub.priceOverrideCents !== null && sub.intervalId === interval.id
      ? sub.priceOverrideCents
      : null;
  return selectPriceCents(interval, now, override);
}

function toPublicPlan(
  plan: PlanRow,
  intervals: PlanIntervalRow[],
  sub: CustomerSubscriptionRow | undefined,
  now: Date,
  contactEmail: string | null,
): PublicPlan {
  const isFree = plan.tier === 'free';
  return {
    id: plan.id,
    name: plan.name,
    tier: plan.tier,
    description: plan.description,
    is_free: isFree,
    is_quoted: !isFree && intervals.length === 0,
    contact_email: !isFree && intervals.length === 0 ? contactEmail : null,
    highlight_points: plan.highlightPoints,
    subscription_plan_details: intervals.map((interval) => {
      const price = priceFor(interval, sub, now);
      return {
        id: interval.id,
        price: cents(price),
        price_cents: price,
        regular_price: price < interval.priceCents ? cents(interval.priceCents) : null,
        sale_ends_at:
          isSaleActive(interval, now) && price === interval.salePriceCents
            ? iso(interval.saleEndsAt)
            : null,
        interval: interval.intervalUnit,
        interval_count: interval.intervalCount,
        currency: CURRENCY,
      };
    }),
    subscription_social_accounts: NETWORK_IDS.filter((id) => plan.allowedNetworks.includes(id)).map(
      (id) => ({ id, key: id, name: NETWORK_NAMES[id] }),
    ),
    limits: {
      max_companies: plan.maxCompanies,
      max_posts_per_month: plan.maxPostsPerMonth,
      max_networks: plan.maxNetworks,
      has_ai: plan.hasAi,
    },
  };
}

export type Quote = {
  kind: 'new' | 'upgrade' | 'downgrade';
  plan: PlanRow;
  interval: PlanIntervalRow;
  recurringCents: number;
  creditCents: number;
  totalCents: number;
  periodStart: Date;
  periodEnd: Date;
  current: CustomerSubscriptionRow | undefined;
  currentPlan: PlanRow | undefined;
};

/** What buying `interval` of `plan` means for this customer right now. */
export async function quote(
  executor: DbExecutor,
  userId: string,
  planId: string,
  intervalId: string,
  now: Date,
): Promise<Quote> {
  const found = await plans.findPlanWithInterval(executor, planId, intervalId);
  if (!found) throw AppError.notFound(BILLING_MESSAGES.planNotFound, 'PLAN_NOT_FOUND');
  const { plan, interval } = found;
  if (plan.tier === 'free') throw AppError.badRequest(BILLING_MESSAGES.planIsFree, 'PLAN_IS_FREE');
  if (!interval) {
    const quoted = (await plans.listPlans(executor)).find((p) => p.plan.id === plan.id);
    if (quoted && quoted.intervals.length === 0)
      throw AppError.badRequest(BILLING_MESSAGES.planIsQuoted, 'PLAN_IS_QUOTED');
    throw AppError.badRequest(BILLING_MESSAGES.intervalNotFound, 'INTERVAL_NOT_FOUND');
  }
  const sub = await repo.findSubscription(executor, userId);
  const live = sub && subscriptionGivesPlan(sub, now) ? sub : undefined;
  const currentPlan = live ? await plans.findPlan(executor, live.planId) : undefined;
  const paying = live && currentPlan && currentPlan.tier !== 'free' ? live : undefined;
  const recurringCents = priceFor(interval, sub, now);
  const fromNow = {
    periodStart: now,
    periodEnd: addInterval(now, interval.intervalUnit, interval.intervalCount),
  };

  if (paying && currentPlan) {
    const currentInterval = await plans.findInterval(executor, paying.intervalId);
    if (paying.planId === plan.id && paying.intervalId === interval.id)
      throw AppError.conflict(BILLING_MESSAGES.alreadyOnPlan, 'ALREADY_ON_PLAN');
    if (rank(plan, interval) < rank(currentPlan, currentInterval) && paying.currentPeriodEnd) {
      const periodStart = paying.currentPeriodEnd;
      return {
        kind: 'downgrade',
        plan,
        interval,
        recurringCents,
        creditCents: 0,
        totalCents: 0,
        periodStart,
        periodEnd: addInterval(periodStart, interval.intervalUnit, interval.intervalCount),
        current: paying,
        currentPlan,
      };
    }
    let creditCents = 0;
    if (paying.currentPeriodStart && paying.currentPeriodEnd) {
      const paid = await repo.paidForPeriod(executor, userId, paying.currentPeriodStart);
      if (paid !== null)
        creditCents = Math.min(
          recurringCents,
          prorationCreditCents(paid, paying.currentPeriodStart, paying.currentPeriodEnd, now),
        );
    }
    return {
      kind: 'upgrade',
      plan,
      interval,
      recurringCents,
      creditCents,
      totalCents: recurringCents - creditCents,
      ...fromNow,
      current: paying,
      currentPlan,
    };
  }
  return {
    kind: 'new',
    plan,
    interval,
    recurringCents,
    creditCents: 0,
    totalCents: recurringCents,
    ...fromNow,
    current: sub,
    currentPlan,
  };
}

export function createCatalogue(deps: BillingDeps, mails: Pick<BillingMails, 'zoneOf'>) {
  const { db, clock } = deps;

  async function catalogue(userId: string): Promise<PlansResponse> {
    const now = clock();
    const [rows, sub] = await Promise.all([plans.listPlans(db), repo.findSubscription(db, userId)]);
    const live = sub && subscriptionGivesPlan(sub, now) ? sub : undefined;
    return {
      rows: rows.map(({ plan, intervals }) =>
        toPublicPlan(plan, intervals, sub, now, deps.contactEmail),
      ),
      activeSubscription: live
        ? { subscription_plan_id: live.planId, interval_id: live.intervalId, status: live.status }
        : null,
    };
  }

  async function preview(
    userId: string,
    planId: string,
    intervalId: string,
  ): Promise<PreviewResponse> {
    const now = clock();
    const q = await quote(db, userId, planId, intervalId, now);
    const user = await repo.findUser(db, userId);
    const zone = await mails.zoneOf(userId);
    const range = (from: Date, to: Date) => `${dateText(from, zone)} - ${dateText(to, zone)}`;
    const every = formatInterval(q.interval.intervalCount, q.interval.intervalUnit);
    const lines: PreviewResponse['lines'] = [
      {
        description: `${q.plan.name} plan (${every})`,
        range: range(q.periodStart, q.periodEnd),
        amount: cents(q.recurringCents),
        amount_cents: q.recurringCents,
      },
    ];
    if (q.creditCents > 0 && q.current?.currentPeriodEnd) {
      lines.push({
        description: `Unused time on ${q.currentPlan?.name ?? 'your current'} plan`,
        range: range(now, q.current.currentPeriodEnd),
        amount: cents(-q.creditCents),
        amount_cents: -q.creditCents,
      });
    }
    const message =
      q.kind === 'downgrade'
        ? `Your plan changes to ${q.plan.name} on ${dateText(q.periodStart, zone)}, at the end of the period you have paid for. Nothing is charged today, and nothing you made is deleted.`
        : q.kind === 'upgrade'
          ? `${q.plan.name} starts as soon as the payment is confirmed. The unused part of your ${q.currentPlan?.name ?? 'current'} plan is credited. Then ${formatUsd(q.recurringCents)} ${every.toLowerCase()} until you cancel.`
          : `${q.plan.name} starts as soon as the payment is confirmed. Then ${formatUsd(q.recurringCents)} ${every.toLowerCase()} until you cancel; you can cancel any time in Settings.`;
    return {
      customer: { name: user?.name ?? '', email: user?.email ?? '' },
      lines,
      netTotal: cents(q.totalCents),
      netTotal_cents: q.totalCents,
      currency: CURRENCY,
      messageToCustomer: message,
    };
  }

  return { catalogue, preview };
}
