import {
  BILLING_MESSAGES,
  type Order,
  type PlansResponse,
  type PreviewResponse,
} from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSubscriptions, orders, paymentEvents, users } from '../src/db/schema.js';
import { setPlanByAdmin, updatePlanPricing } from '../src/modules/billing/index.js';
import { subscriptionPriceHistory } from '../src/db/schema.js';
import { getEntitlements } from '../src/modules/plans/index.js';
import { engines } from './helpers/databases.js';
import { startStripeFake, type StripeFake } from '@cadence/fakes';
import { apiCall, type Method } from './helpers/api.js';
import {
  createTestApp,
  createVerifiedAccount,
  type ApiBody,
  signIn,
  type TestApp,
  accountIdOf,
} from './helpers/test-app.js';

const DAY = 86_400;
const WEBHOOK_SECRET = 'whsec_test_secret_for_cadence';

const call = <T = Record<string, unknown>>(
  t: TestApp,
  method: Method,
  url: string,
  token: string | null,
  body?: object,
) => apiCall<T>(t.app, method, url, token, body);

async function plansOf(t: TestApp, token: string) {
  const res = await call<PlansResponse>(t, 'GET', '/subscriptions', token);
  expect(res.json.message).toBe(BILLING_MESSAGES.plansFetched);
  const byTier = (tier: string) => res.json.data.rows.find((row) => row.tier === tier)!;
  const monthly = (tier: string) =>
    byTier(tier).subscription_plan_details.find((d) => d.interval === 'month')!;
  return { ...res.json.data, byTier, monthly };
}

const userId = accountIdOf;

async function companyCreate(t: TestApp, token: string, name: string) {
  return call(t, 'POST', '/customer/company', token, {
    name,
    website: `${name.toLowerCase()}.example.com`,
  });
}

describe.each(engines)('billing with the built-in test checkout on %s', (engine) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { CONTACT_EMAIL: 'sales@example.com' } });
    alice = await createVerifiedAccount(t, { email: 'alice@example.com', name: 'Alice' });
    bob = await createVerifiedAccount(t, { email: 'bob@example.com', name: 'Bob' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const billing = () => t.container.services.billing;

  it('lists the catalogue in cents-true dollars with intervals, networks and a quoted Enterprise', async () => {
    const plans = await plansOf(t, alice);
    expect(plans.rows.map((row) => row.tier)).toEqual(['free', 'pro', 'business', 'enterprise']);
    expect(plans.byTier('free')).toMatchObject({ is_free: true, subscription_plan_details: [] });
    expect(plans.monthly('pro')).toMatchObject({
      price: 29,
      price_cents: 2900,
      interval_count: 1,
      currency: 'USD',
    });
    expect(
      plans.byTier('pro').subscription_plan_details.find((d) => d.interval === 'year')?.price_cents,
    ).toBe(29000);
    expect(plans.byTier('enterprise')).toMatchObject({
      is_quoted: true,
      contact_email: 'sales@example.com',
    });
    expect(plans.byTier('pro').subscription_social_accounts.map((a) => a.key)).toEqual([
      'twitter',
      'facebook',
      'linkedIn',
    ]);
    expect(plans.activeSubscription).toBeNull();
    const noAuth = await call(t, 'GET', '/subscriptions', null);
    expect(noAuth.status).toBe(401);
  });

  it('refuses to sell Free and the quoted Enterprise, and unknown ids, with 4xx messages', async () => {
    const plans = await plansOf(t, alice);
    const enterprise = plans.byTier('enterprise');
    const quoted = await call(t, 'POST', '/subscriptions/preview', alice, {
      subscription_plan_id: enterprise.id,
      interval_id: plans.monthly('pro').id,
    });
    expect(quoted.status).toBe(400);
    expect(quoted.json.message).toBe(BILLING_MESSAGES.planIsQuoted);
    const bad = await call(t, 'POST', '/orders', alice, {
      subscription_plan_id: 'not-a-uuid',
      subscription_interval_id: plans.monthly('pro').id,
      currency: 'USD',
    });
    expect(bad.status).toBe(400);
    const euro = await call(t, 'POST', '/orders', alice, {
      subscription_plan_id: plans.byTier('pro').id,
      subscription_interval_id: plans.monthly('pro').id,
      currency: 'EUR',
    });
    expect(euro.status).toBe(400);
    expect(euro.json.message).toMatch(/USD/);
  });

  it('declines on the test checkout: the order fails and nothing else changes', async () => {
    const plans = await plansOf(t, alice);
    const order = await call<{ order_id: string; payment_url: string }>(
      t,
      'POST',
      '/orders',
      alice,
      {
        subscription_plan_id: plans.byTier('pro').id,
        subscription_interval_id: plans.monthly('pro').id,
        currency: 'USD',
      },
    );
    expect(order.status).toBe(201);
    expect(order.json.message).toBe(BILLING_MESSAGES.orderCreated);
    expect(order.json.data.payment_url).toBe(`/checkout/test/${order.json.data.order_id}`);
    const declined = await call<{ status: string; redirect_url: string }>(
      t,
      'POST',
      `/checkout/test/${order.json.data.order_id}`,
      alice,
      { outcome: 'decline' },
    );
    expect(declined.json.data).toEqual({
      status: 'failed',
      redirect_url: `/payment-failed?order=${order.json.data.order_id}`,
    });
    const sub = await call(t, 'GET', '/customer/subscription', alice);
    expect(sub.json).toMatchObject({
      message: BILLING_MESSAGES.customerSubscriptionFetched,
      data: null,
    });
    expect(
      (await getEntitlements(t.infra.database.db, await userId(t, 'alice@example.com'))).tier,
    ).toBe('free');
    const again = await call(t, 'POST', `/checkout/test/${order.json.data.order_id}`, alice, {
      outcome: 'pay',
    });
    expect(again.status).toBe(409);
  });

  it("keeps another customer away from someone else's order", async () => {
    const plans = await plansOf(t, alice);
    const order = await call<{ order_id: string }>(t, 'POST', '/orders', alice, {
      subscription_plan_id: plans.byTier('pro').id,
      subscription_interval_id: plans.monthly('pro').id,
      currency: 'USD',
    });
    const read = await call(t, 'GET', `/orders/${order.json.data.order_id}`, bob);
    expect(read.status).toBe(404);
    const pay = await call(t, 'POST', `/checkout/test/${order.json.data.order_id}`, bob, {
      outcome: 'pay',
    });
    expect(pay.status).toBe(404);
    const mine = await call<Order>(t, 'GET', `/orders/${order.json.data.order_id}`, alice);
    expect(mine.json.data.status).toBe('pending');
  });

  it('pays on the test checkout: Pro is active at once, limits lift, a receipt is mailed', async () => {
    const plans = await plansOf(t, alice);
    await companyCreate(t, alice, 'One');
    const refused = await companyCreate(t, alice, 'Two');
    expect(refused.status).toBe(403);

    const preview = await call<PreviewResponse>(t, 'POST', '/subscriptions/preview', alice, {
      subscription_plan_id: plans.byTier('pro').id,
      interval_id: plans.monthly('pro').id,
    });
    expect(preview.json.data).toMatchObject({
      customer: { name: 'Alice', email: 'alice@example.com' },
      netTotal: 29,
      netTotal_cents: 2900,
    });
    expect(preview.json.data.lines).toEqual([
      {
        description: 'Pro plan (Every 1 month)',
        range: 'Nov 21, 2026 - Dec 21, 2026',
        amount: 29,
        amount_cents: 2900,
      },
    ]);

    const order = await call<{ order_id: string }>(t, 'POST', '/orders', alice, {
      subscription_plan_id: plans.byTier('pro').id,
      subscription_interval_id: plans.monthly('pro').id,
      currency: 'USD',
    });
    const mailsBefore = t.smtp.mailsTo('alice@example.com').length;
    const paid = await call<{ status: string }>(
      t,
      'POST',
      `/checkout/test/${order.json.data.order_id}`,
      alice,
      { outcome: 'pay' },
    );
    expect(paid.json.data.status).toBe('paid');
    const status = await call<Order>(t, 'GET', `/orders/${order.json.data.order_id}`, alice);
    expect(status.json.data).toMatchObject({
      status: 'paid',
      plan: { name: 'Pro' },
      amount_cents: 2900,
    });

    expect((await companyCreate(t, alice, 'Two')).status).toBe(201);
    const sub = await call<Record<string, unknown>>(t, 'GET', '/customer/subscription', alice);
    expect(sub.json.data).toMatchObject({
      subscription_plan: { name: 'Pro' },
      status: 'active',
      next_billing_date: '2026-12-21T09:00:00.000Z',
      interval_count: 1,
      interval_unit: 'month',
      cancel_at_period_end: false,
    });
    await expect
      .poll(() => t.smtp.mailsTo('alice@example.com').length)
      .toBeGreaterThan(mailsBefore);
    expect(t.smtp.mailsTo('alice@example.com').at(-1)?.subject).toMatch(/receipt/i);
    const history = await call<{ rows: Order[] }>(t, 'GET', '/customer/billing-history', alice);
    expect(history.json.data.rows.map((row) => row.status)).toEqual(['paid', 'failed']);
    expect((await plansOf(t, alice)).activeSubscription?.subscription_plan_id).toBe(
      plans.byTier('pro').id,
    );
  });

  it('previews a mid-period upgrade with a credit line for the unused Pro time', async () => {
    t.clock.advance(10 * DAY); // Dec 1: 20 of 30 days left
    alice = await signIn(t, 'alice@example.com', 'correct horse battery');
    const plans = await plansOf(t, alice);
    const preview = await call<PreviewResponse>(t, 'POST', '/subscriptions/preview', alice, {
      subscription_plan_id: plans.byTier('business').id,
      interval_id: plans.monthly('business').id,
    });
    expect(preview.status).toBe(200);
    // 2900 x 20/30 = 1933.33 -> 1933 credited
    expect(preview.json.data.lines).toEqual([
      {
        description: 'Business plan (Every 1 month)',
        range: 'Dec 1, 2026 - Jan 1, 2027',
        amount: 79,
        amount_cents: 7900,
      },
      {
        description: 'Unused time on Pro plan',
        range: 'Dec 1, 2026 - Dec 21, 2026',
        amount: -19.33,
        amount_cents: -1933,
      },
    ]);
    expect(preview.json.data.netTotal_cents).toBe(7900 - 1933);
    const same = await call(t, 'POST', '/subscriptions/preview', alice, {
      subscription_plan_id: plans.byTier('pro').id,
      interval_id: plans.monthly('pro').id,
    });
    expect(same.status).toBe(409);
    expect(same.json.message).toBe(BILLING_MESSAGES.alreadyOnPlan);
  });

  it('cancels at period end, resumes, renews at period end, then lapses to Free after a cancellation', async () => {
    const plans = await plansOf(t, alice);
    const pro = plans.byTier('pro');
    const wrong = await call(
      t,
      'POST',
      `/customer/cancel-subscription/${plans.byTier('business').id}`,
      alice,
    );
    expect(wrong.status).toBe(400);
    const cancelled = await call<Record<string, unknown>>(
      t,
      'POST',
      `/customer/cancel-subscription/${pro.id}`,
      alice,
    );
    expect(cancelled.json.message).toBe(BILLING_MESSAGES.cancelled);
    expect(cancelled.json.data).toMatchObject({
      cancel_at_period_end: true,
      ends_at: '2026-12-21T09:00:00.000Z',
      next_billing_date: null,
    });
    const resumed = await call<Record<string, unknown>>(
      t,
      'POST',
      `/customer/resume-subscription/${pro.id}`,
      alice,
    );
    expect(resumed.json.data).toMatchObject({
      cancel_at_period_end: false,
      next_billing_date: '2026-12-21T09:00:00.000Z',
    });

    t.clock.advance(21 * DAY); // Dec 22
    alice = await signIn(t, 'alice@example.com', 'correct horse battery');
    const result = await billing().runRenewals();
    expect(result.renewed).toBe(1);
    expect(await billing().runRenewals()).toMatchObject({ renewed: 0 });
    const renewed = await call<Record<string, unknown>>(t, 'GET', '/customer/subscription', alice);
    expect(renewed.json.data).toMatchObject({
      status: 'active',
      next_billing_date: '2027-01-21T09:00:00.000Z',
    });

    await call(t, 'POST', `/customer/cancel-subscription/${pro.id}`, alice);
    t.clock.advance(31 * DAY); // past Jan 21
    alice = await signIn(t, 'alice@example.com', 'correct horse battery');
    const alicesId = await userId(t, 'alice@example.com');
    // Limits follow the period end even before the job runs.
    expect((await getEntitlements(t.infra.database.db, alicesId, t.clock())).tier).toBe('free');
    expect((await billing().runRenewals()).lapsed).toBe(1);
    expect((await call(t, 'GET', '/customer/subscription', alice)).json.data).toBeNull();
    // Nothing was deleted: both companies are still there, and a third cannot be added.
    const list = await call<{ rows: unknown[] }>(t, 'GET', '/customer/company', alice);
    expect(list.json.data.rows).toHaveLength(2);
    expect((await companyCreate(t, alice, 'Three')).status).toBe(403);
  });

  it('lets an admin set a plan without payment, with a custom price, and change list and sale prices', async () => {
    const db = t.infra.database.db;
    const aliceId = await userId(t, 'alice@example.com');
    const bobId = await userId(t, 'bob@example.com');
    alice = await signIn(t, 'alice@example.com', 'correct horse battery');
    await setPlanByAdmin(db, aliceId, 'pro', 1500, bobId, t.clock());
    expect((await getEntitlements(db, aliceId, t.clock())).tier).toBe('pro');
    const plans = await plansOf(t, alice);
    // The override is this customer's price for the plan the admin chose.
    expect(plans.monthly('pro')).toMatchObject({ price_cents: 1500, regular_price: 29 });
    expect(plans.monthly('business').price_cents).toBe(7900);

    const proId = plans.byTier('pro').id;
    const saleEnds = new Date(t.clock().getTime() + 5 * DAY * 1000);
    await updatePlanPricing(
      db,
      proId,
      { salePriceCents: 1900, saleEndsAt: saleEnds, highlightPoints: ['  Fast ', ''] },
      bobId,
      t.clock(),
    );
    await updatePlanPricing(db, proId, { highlightPoints: ['Fast'] }, bobId, t.clock());
    const history = await db
      .select()
      .from(subscriptionPriceHistory)
      .where(eq(subscriptionPriceHistory.planId, proId));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      oldPriceCents: 2900,
      newPriceCents: 2900,
      oldSalePriceCents: null,
      newSalePriceCents: 1900,
      changedBy: bobId,
      intervalUnit: 'month',
    });
    const bobsView = await plansOf(
      t,
      (bob = await signIn(t, 'bob@example.com', 'correct horse battery')),
    );
    expect(bobsView.monthly('pro')).toMatchObject({
      price_cents: 1900,
      regular_price: 29,
      sale_ends_at: saleEnds.toISOString(),
    });
    expect(bobsView.byTier('pro').highlight_points).toEqual(['Fast']);
    await expect(updatePlanPricing(db, proId, { priceCents: -1 }, bobId)).rejects.toThrow(
      /zero or more/,
    );
    await updatePlanPricing(
      db,
      proId,
      { salePriceCents: null, saleEndsAt: null },
      bobId,
      t.clock(),
    );
    await setPlanByAdmin(db, aliceId, 'free', null, bobId, t.clock());
    expect((await getEntitlements(db, aliceId, t.clock())).tier).toBe('free');
  });

  it('moves a failed test renewal to past due, then to Free after the grace period, mailing each time', async () => {
    bob = await signIn(t, 'bob@example.com', 'correct horse battery');
    const plans = await plansOf(t, bob);
    const order = await call<{ order_id: string }>(t, 'POST', '/orders', bob, {
      subscription_plan_id: plans.byTier('pro').id,
      subscription_interval_id: plans.monthly('pro').id,
      currency: 'USD',
    });
    await call(t, 'POST', `/checkout/test/${order.json.data.order_id}`, bob, { outcome: 'pay' });
    const bobsId = await userId(t, 'bob@example.com');
    const before = t.smtp.mailsTo('bob@example.com').length;
    await billing().failTestRenewal(bobsId);
    expect(
      (await call<Record<string, unknown>>(t, 'GET', '/customer/subscription', bob)).json.data,
    ).toMatchObject({ status: 'past_due' });
    expect((await getEntitlements(t.infra.database.db, bobsId, t.clock())).tier).toBe('pro');
    await expect.poll(() => t.smtp.mailsTo('bob@example.com').length).toBe(before + 1);
    t.clock.advance(8 * DAY);
    expect((await billing().runRenewals()).lapsed).toBe(1);
    expect((await getEntitlements(t.infra.database.db, bobsId, t.clock())).tier).toBe('free');
    await expect.poll(() => t.smtp.mailsTo('bob@example.com').length).toBe(before + 2);
  });
});

describe.each(engines)('billing through Stripe (local stand-in) on %s', (engine) => {
  let t: TestApp;
  let stripe: StripeFake;
  let carol: string;
  let carolsId: string;
  let subscriptionId: string;
  const nowSeconds = () => Math.floor(t.clock().getTime() / 1000);
  const logLines: string[] = [];

  beforeAll(async () => {
    stripe = await startStripeFake({ webhookSecret: WEBHOOK_SECRET, now: () => nowSeconds() });
    t = await createTestApp(engine, {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_cadence',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.origin,
        PUBLIC_URL: 'https://cadence.example.com',
      },
      logDestination: { write: (line: string) => void logLines.push(line) },
    });
    carol = await createVerifiedAccount(t, { email: 'carol@example.com', name: 'Carol' });
    carolsId = await userId(t, 'carol@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  async function webhook(evt: unknown, signing: { secret?: string; timestamp?: number } = {}) {
    const { payload, headers } = stripe.sign(evt, signing);
    return t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers });
  }
  const subRow = async () =>
    (
      await t.infra.database.db
        .select()
        .from(customerSubscriptions)
        .where(eq(customerSubscriptions.userId, carolsId))
    )[0];

  let orderId: string;
  let sessionId: string;

  it('starts Checkout in subscription mode with the order as client reference and our return URLs', async () => {
    const plans = await plansOf(t, carol);
    const order = await call<{ order_id: string; payment_url: string }>(
      t,
      'POST',
      '/orders',
      carol,
      {
        subscription_plan_id: plans.byTier('pro').id,
        subscription_interval_id: plans.monthly('pro').id,
        currency: 'USD',
      },
    );
    expect(order.status).toBe(201);
    orderId = order.json.data.order_id;
    expect(order.json.data.payment_url).toMatch(
      /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/,
    );
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.headers.authorization).toBe('Bearer sk_test_cadence');
    expect(created.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: orderId,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2900',
      'line_items[0][price_data][recurring][interval]': 'month',
      success_url: `https://cadence.example.com/payment-success?order=${orderId}`,
      cancel_url: `https://cadence.example.com/payment-failed?order=${orderId}`,
      'metadata[order_id]': orderId,
    });
    sessionId = [...stripe.sessions.keys()][0]!;
    expect(created.params.customer).toMatch(/^cus_/);
    // One Stripe customer per account, reused by the next checkout.
    await call(t, 'POST', '/orders', carol, {
      subscription_plan_id: plans.byTier('pro').id,
      subscription_interval_id: plans.monthly('pro').id,
      currency: 'USD',
    });
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    const second = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')[1]!;
    expect(second.params.customer).toBe(created.params.customer);
  });

  it('does not activate from the success URL alone, nor from a bad or missing signature', async () => {
    const read = await call<Order>(t, 'GET', `/orders/${orderId}`, carol);
    expect(read.json.data.status).toBe('pending');
    const { completed } = stripe.completeCheckout(sessionId);
    // Undo what completeCheckout did to the session, so only the event can confirm.
    Object.assign(stripe.sessions.get(sessionId)!, { status: 'open', payment_status: 'unpaid' });
    const bad = await webhook(completed, { secret: 'whsec_wrong' });
    expect(bad.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: JSON.stringify(completed),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json<ApiBody>().message).toBe(BILLING_MESSAGES.webhookSignature);
    const stale = await webhook(completed, { timestamp: nowSeconds() - 3600 });
    expect(stale.statusCode).toBe(400);
    expect((await getEntitlements(t.infra.database.db, carolsId, t.clock())).tier).toBe('free');
    expect(await t.infra.database.db.select().from(paymentEvents)).toHaveLength(0);
    Object.assign(stripe.sessions.get(sessionId)!, { status: 'complete', payment_status: 'paid' });

    // The signed event activates the plan; the same event again changes nothing.
    const good = await webhook(completed);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true, applied: true });
    const replay = await webhook(completed);
    expect(replay.json()).toEqual({ received: true, applied: false });
    expect((await getEntitlements(t.infra.database.db, carolsId, t.clock())).tier).toBe('pro');
    const row = await subRow();
    subscriptionId = row!.providerSubscriptionId!;
    expect(row).toMatchObject({ provider: 'stripe', status: 'active' });
    const paidOrders = await t.infra.database.db
      .select()
      .from(orders)
      .where(eq(orders.status, 'paid'));
    expect(paidOrders).toHaveLength(1);
    expect(paidOrders[0]!.receiptUrl).toMatch(/^https:\/\/invoice\.stripe\.com\//);
    expect((await companyCreate(t, carol, 'A')).status).toBe(201);
    expect((await companyCreate(t, carol, 'B')).status).toBe(201);
  });

  it('renews on invoice.paid and ignores an older subscription.updated', async () => {
    const before = (await subRow())!.currentPeriodEnd!;
    const olderState = stripe.subscriptionEvent(
      subscriptionId,
      'customer.subscription.updated',
      { status: 'past_due' },
      nowSeconds() - 60,
    );
    t.clock.advance(31 * DAY);
    carol = await signIn(t, 'carol@example.com', 'correct horse battery');
    const renewal = stripe.renew(subscriptionId, 'paid');
    expect((await webhook(renewal)).statusCode).toBe(200);
    expect((await webhook(renewal)).json()).toEqual({ received: true, applied: false });
    const after = (await subRow())!;
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(before.getTime());
    const current = stripe.subscriptionEvent(subscriptionId, 'customer.subscription.updated');
    await webhook(current);
    await webhook(olderState);
    expect((await subRow())!.status).toBe('active');
    const history = await call<{ rows: Order[] }>(t, 'GET', '/customer/billing-history', carol);
    expect(history.json.data.rows.filter((r) => r.status === 'paid')).toHaveLength(2);
  });

  it('cancels at period end through Stripe and resumes', async () => {
    const plans = await plansOf(t, carol);
    const pro = plans.byTier('pro');
    const cancelled = await call(t, 'POST', `/customer/cancel-subscription/${pro.id}`, carol);
    expect(cancelled.status).toBe(200);
    const update = stripe.requests
      .filter((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method === 'POST')
      .at(-1)!;
    expect(update.params.cancel_at_period_end).toBe('true');
    expect((await subRow())!.cancelAtPeriodEnd).toBe(true);
    const resumed = await call(t, 'POST', `/customer/resume-subscription/${pro.id}`, carol);
    expect(resumed.status).toBe(200);
    expect(
      stripe.requests
        .filter((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method === 'POST')
        .at(-1)!.params.cancel_at_period_end,
    ).toBe('false');
    expect((await subRow())!.cancelAtPeriodEnd).toBe(false);
  });

  it('refuses a signed event of an unexpected shape with a 400, logs it and applies nothing', async () => {
    const db = t.infra.database.db;
    const before = await subRow();
    const recorded = (await db.select().from(paymentEvents)).length;
    const current = stripe.subscriptionEvent(subscriptionId, 'customer.subscription.updated');
    const malformed: Array<[string, Record<string, unknown>]> = [
      ['a creation time that is not a number', { ...current, created: 'yesterday' }],
      ['no event id', { ...current, id: undefined }],
      [
        'a period end that is not a number',
        {
          ...current,
          data: {
            object: {
              ...current.data.object,
              status: 'past_due',
              items: { data: [{ current_period_end: 'soon', current_period_start: 1 }] },
            },
          },
        },
      ],
      [
        'a checkout whose order reference is a number',
        {
          ...current,
          id: 'evt_malformed_checkout',
          type: 'checkout.session.completed',
          data: {
            object: {
              id: 'cs_test_malformed',
              object: 'checkout.session',
              mode: 'subscription',
              payment_status: 'paid',
              client_reference_id: 12345,
              subscription: subscriptionId,
            },
          },
        },
      ],
      [
        'an invoice that is not an object',
        { ...current, id: 'evt_malformed_invoice', type: 'invoice.paid', data: { object: 'paid' } },
      ],
    ];
    for (const [what, event] of malformed) {
      const answer = await webhook(event);
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json<ApiBody>(), what).toMatchObject({
        code: 'WEBHOOK_MALFORMED',
        message: BILLING_MESSAGES.webhookMalformed,
      });
    }
    // Nothing applied, nothing recorded as handled (a corrected event can still apply).
    expect(await subRow()).toEqual(before);
    expect(await db.select().from(paymentEvents)).toHaveLength(recorded);
    // Well formed but not ours (another app's checkout on the same Stripe account): taken
    // and left alone.
    const foreign = await webhook({
      ...current,
      id: 'evt_foreign_checkout',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_foreign',
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          client_reference_id: 'shop-order-1001',
          subscription: subscriptionId,
        },
      },
    });
    expect(foreign.statusCode).toBe(200);
    expect(await subRow()).toEqual(before);
    const warnings = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 40 && line.msg === 'Stripe event of an unexpected shape');
    expect(warnings).toHaveLength(malformed.length);
  });

  it('takes a failed renewal to past due with an e-mail, and to Free after the grace period', async () => {
    const mails = t.smtp.mailsTo('carol@example.com').length;
    t.clock.advance(31 * DAY);
    carol = await signIn(t, 'carol@example.com', 'correct horse battery');
    const failed = stripe.renew(subscriptionId, 'failed');
    expect((await webhook(failed)).statusCode).toBe(200);
    expect((await subRow())!.status).toBe('past_due');
    await expect.poll(() => t.smtp.mailsTo('carol@example.com').length).toBe(mails + 1);
    expect((await getEntitlements(t.infra.database.db, carolsId, t.clock())).tier).toBe('pro');
    t.clock.advance(8 * DAY);
    carol = await signIn(t, 'carol@example.com', 'correct horse battery');
    expect((await getEntitlements(t.infra.database.db, carolsId, t.clock())).tier).toBe('free');
    const billing = t.container.services.billing;
    expect((await billing.runRenewals()).lapsed).toBe(1);
    await expect.poll(() => t.smtp.mailsTo('carol@example.com').length).toBe(mails + 2);
    // Above the Free limit: kept, but no more can be added.
    expect((await companyCreate(t, carol, 'C')).status).toBe(403);
    const deleted = stripe.subscriptionEvent(subscriptionId, 'customer.subscription.deleted', {
      status: 'canceled',
    });
    expect((await webhook(deleted)).statusCode).toBe(200);
    expect((await subRow())!.status).toBe('cancelled');
  });

  it('confirms on return from a server-side read of the session when the event is late', async () => {
    const plans = await plansOf(t, carol);
    const order = await call<{ order_id: string }>(t, 'POST', '/orders', carol, {
      subscription_plan_id: plans.byTier('business').id,
      subscription_interval_id: plans.monthly('business').id,
      currency: 'USD',
    });
    const session = [...stripe.sessions.values()].find(
      (s) => s.client_reference_id === order.json.data.order_id,
    )!;
    stripe.completeCheckout(String(session.id));
    const read = await call<Order>(t, 'GET', `/orders/${order.json.data.order_id}`, carol);
    expect(read.json.data).toMatchObject({ status: 'paid', plan: { name: 'Business' } });
    expect((await getEntitlements(t.infra.database.db, carolsId, t.clock())).tier).toBe('business');
  });

  it('ends the Stripe subscription at once when the account is deleted', async () => {
    const live = (await subRow())!;
    expect(live.providerSubscriptionId).toMatch(/^sub_/);
    // (The first account of an instance is its admin; the last admin may not leave.)
    await t.infra.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, carolsId));
    const deleted = await call(t, 'DELETE', '/customer', carol, {
      password: 'correct horse battery',
      confirm: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    const cancel = stripe.requests.filter(
      (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${live.providerSubscriptionId}`,
    );
    expect(cancel).toHaveLength(1);
    expect(await subRow()).toBeUndefined();
  });
});
