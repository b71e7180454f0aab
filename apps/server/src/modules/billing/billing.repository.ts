import { and, desc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema/auth.js';
import {
  customerSubscriptions,
  orders,
  paymentCustomers,
  paymentEvents,
  subscriptionPlanIntervals,
  subscriptionPlans,
  type PaymentProvider,
} from '../../db/schema/billing.js';

/**
 * The queries on what customers bought: their subscriptions, orders, payment customers and
 * the provider events applied (the plan catalogue's are in `catalogue.repository.ts`).
 */

type SubscriptionValues = Partial<Omit<typeof customerSubscriptions.$inferInsert, 'id' | 'userId'>>;
type OrderValues = Partial<Omit<typeof orders.$inferInsert, 'id' | 'userId'>>;

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

/** Creates the customer's subscription row, or replaces the one they have. */
export async function upsertSubscription(
  db: DbExecutor,
  userId: string,
  values: SubscriptionValues & Pick<typeof customerSubscriptions.$inferInsert, 'planId'>,
) {
  await db
    .insert(customerSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: customerSubscriptions.userId, set: values });
}

export async function updateSubscription(
  db: DbExecutor,
  subscriptionId: string,
  values: SubscriptionValues,
) {
  await db
    .update(customerSubscriptions)
    .set(values)
    .where(eq(customerSubscriptions.id, subscriptionId));
}

export async function updateSubscriptionOfUser(
  db: DbExecutor,
  userId: string,
  values: SubscriptionValues,
) {
  await db
    .update(customerSubscriptions)
    .set(values)
    .where(eq(customerSubscriptions.userId, userId));
}

/** The subscription ends now: the account is on Free from here on. */
export async function lapseSubscription(db: DbExecutor, subscriptionId: string, at: Date) {
  await updateSubscription(db, subscriptionId, {
    status: 'cancelled',
    cancelledAt: at,
    cancelAtPeriodEnd: false,
    updatedAt: at,
  });
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

export async function insertOrder(
  db: DbExecutor,
  values: typeof orders.$inferInsert,
  { ignoreConflict = false } = {},
) {
  const insert = db.insert(orders).values(values);
  const [row] = ignoreConflict
    ? await insert.onConflictDoNothing().returning()
    : await insert.returning();
  return row;
}

export async function updateOrder(db: DbExecutor, orderId: string, values: OrderValues) {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, orderId)).returning();
  return row;
}

/** The first invoice of a provider subscription: the checkout's order carries its receipt. */
export async function setFirstInvoice(
  db: DbExecutor,
  providerSubscriptionId: string,
  values: Pick<OrderValues, 'providerInvoiceId' | 'receiptUrl' | 'updatedAt'>,
) {
  await db
    .update(orders)
    .set(values)
    .where(eq(orders.providerSubscriptionId, providerSubscriptionId));
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
