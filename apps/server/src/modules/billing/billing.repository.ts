import { and, asc, desc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import {
  customerSubscriptions,
  orders,
  paymentCustomers,
  paymentEvents,
  subscriptionPlanIntervals,
  subscriptionPlans,
  users,
  type PaymentProvider,
} from '../../db/schema.js';

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

export async function findPlan(db: DbExecutor, planId: string) {
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  return plan;
}

export async function findInterval(db: DbExecutor, intervalId: string | null) {
  if (!intervalId) return undefined;
  const [interval] = await db
    .select()
    .from(subscriptionPlanIntervals)
    .where(eq(subscriptionPlanIntervals.id, intervalId));
  return interval;
}

export async function findUser(db: DbExecutor, userId: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export async function findSubscription(db: DbExecutor, userId: string, lock = false) {
  const query = db
    .select()
    .from(customerSubscriptions)
    .where(eq(customerSubscriptions.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findSubscriptionByProviderId(
  db: DbExecutor,
  provider: PaymentProvider,
  providerSubscriptionId: string,
) {
  const [row] = await db
    .select()
    .from(customerSubscriptions)
    .where(
      and(
        eq(customerSubscriptions.provider, provider),
        eq(customerSubscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    )
    .for('update');
  return row;
}

export async function findOrder(db: DbExecutor, orderId: string, lock = false) {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findOrderByInvoice(
  db: DbExecutor,
  provider: PaymentProvider,
  invoiceId: string,
) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerInvoiceId, invoiceId)));
  return row;
}

/** The customer's orders with their plan and interval, newest first. */
export async function listOrders(db: DbExecutor, userId: string, statuses: string[], limit = 100) {
  return db
    .select({ order: orders, plan: subscriptionPlans, interval: subscriptionPlanIntervals })
    .from(orders)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, orders.planId))
    .leftJoin(subscriptionPlanIntervals, eq(subscriptionPlanIntervals.id, orders.intervalId))
    .where(and(eq(orders.userId, userId), inArray(orders.status, statuses as never[])))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

export async function orderWithPlan(db: DbExecutor, orderId: string) {
  const [row] = await db
    .select({ order: orders, plan: subscriptionPlans, interval: subscriptionPlanIntervals })
    .from(orders)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, orders.planId))
    .leftJoin(subscriptionPlanIntervals, eq(subscriptionPlanIntervals.id, orders.intervalId))
    .where(eq(orders.id, orderId));
  return row;
}

/** The amount paid for the subscription's running period (for the upgrade credit). */
export async function paidForPeriod(db: DbExecutor, userId: string, periodStart: Date) {
  const [row] = await db
    .select({ amount: orders.amountCents, credit: orders.creditCents })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'paid'),
        eq(orders.periodStart, periodStart),
      ),
    )
    .orderBy(desc(orders.paidAt))
    .limit(1);
  // What the period is worth is its full price: the credit already given was for an
  // earlier period, so it is added back.
  return row ? row.amount + row.credit : null;
}

export async function findPaymentCustomer(
  db: DbExecutor,
  userId: string,
  provider: PaymentProvider,
) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.providerCustomerId ?? null;
}

export async function savePaymentCustomer(
  db: DbExecutor,
  userId: string,
  provider: PaymentProvider,
  providerCustomerId: string,
) {
  await db
    .insert(paymentCustomers)
    .values({ userId, provider, providerCustomerId })
    .onConflictDoNothing();
}

/** Records an event; false when it was already recorded (so it must not be applied again). */
export async function claimEvent(
  db: DbExecutor,
  provider: PaymentProvider,
  eventId: string,
  type: string,
) {
  const inserted = await db
    .insert(paymentEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

/** Subscriptions the renewal job must look at by `now`. */
export async function dueSubscriptions(db: DbExecutor, now: Date, graceStart: Date) {
  return db
    .select({ id: customerSubscriptions.id, userId: customerSubscriptions.userId })
    .from(customerSubscriptions)
    .where(
      or(
        and(
          eq(customerSubscriptions.status, 'active'),
          lte(customerSubscriptions.currentPeriodEnd, now),
          or(
            eq(customerSubscriptions.provider, 'test'),
            eq(customerSubscriptions.cancelAtPeriodEnd, true),
          ),
        ),
        and(
          eq(customerSubscriptions.status, 'past_due'),
          lte(customerSubscriptions.pastDueSince, graceStart),
        ),
      ),
    )
    .limit(500);
}

export async function expireStaleOrders(db: DbExecutor, olderThan: Date, now: Date) {
  return db
    .update(orders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, olderThan)))
    .returning({ id: orders.id });
}
