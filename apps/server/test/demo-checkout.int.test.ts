import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents } from '../src/db/schema.js';
import { getEntitlements } from '../src/modules/plans/index.js';
import { startStripeFake, type StripeFake } from '@cadence/fakes';
import { apiCall } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import {
  createTestApp,
  createVerifiedAccount,
  type TestApp,
  accountIdOf,
} from './helpers/test-app.js';

// `npm run demo` buys plans through Stripe's code path against the Stripe stand-in's own
// Checkout page (demo/fakes.ts): its Pay button must end with the plan active through the
// signed webhook, and the browser back in the app.
const WEBHOOK_SECRET = 'whsec_demo_checkout_test';

interface Plans {
  rows: {
    id: string;
    tier: string;
    subscription_plan_details: { id: string; interval: string }[];
  }[];
}

describe.each(engines)("the Stripe stand-in's Checkout page on %s", (engine) => {
  let t: TestApp;
  let stripe: StripeFake;
  let webhookUrl = '';

  beforeAll(async () => {
    stripe = await startStripeFake({
      webhookSecret: WEBHOOK_SECRET,
      now: () => Math.floor(t.clock().getTime() / 1000),
      hostedCheckout: { webhookUrl: () => webhookUrl },
    });
    t = await createTestApp(engine, {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_demo_checkout',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.origin,
        PUBLIC_URL: 'https://cadence.example.com',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    webhookUrl = `http://127.0.0.1:${port}/api/payments/stripe/webhook`;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('Pay sends the signed events that activate the plan, then returns to the success URL', async () => {
    const token = await createVerifiedAccount(t, { email: 'newcomer@example.com' });
    const plans = await apiCall<Plans>(t.app, 'GET', '/subscriptions', token);
    const pro = plans.json.data.rows.find((row) => row.tier === 'pro')!;
    const monthly = pro.subscription_plan_details.find((detail) => detail.interval === 'month')!;
    const order = await apiCall<{ order_id: string; payment_url: string }>(
      t.app,
      'POST',
      '/orders',
      token,
      { subscription_plan_id: pro.id, subscription_interval_id: monthly.id, currency: 'USD' },
    );
    expect(order.status).toBe(201);
    const { order_id: orderId, payment_url: paymentUrl } = order.json.data;
    // The Checkout page is the stand-in's own, not checkout.stripe.com.
    expect(paymentUrl.startsWith(`${stripe.origin}/c/pay/cs_test_`)).toBe(true);

    const page = await fetch(paymentUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Cadence Pro');
    expect(html).toContain('Pay $29.00');

    const paid = await fetch(paymentUrl, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `https://cadence.example.com/payment-success?order=${orderId}`,
    );
    // Both events were accepted (signature checked) and applied before the redirect, so the
    // plan is active without the success page's own read of the session.
    expect(stripe.deliveries).toEqual([
      { type: 'checkout.session.completed', status: 200 },
      { type: 'invoice.paid', status: 200 },
    ]);
    const db = t.infra.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe('paid');
    expect((await db.select().from(paymentEvents)).length).toBeGreaterThanOrEqual(1);
    const userId = await accountIdOf(t, 'newcomer@example.com');
    expect((await getEntitlements(db, userId, t.clock())).tier).toBe('pro');

    // A second visit finds the checkout finished, with the way back.
    const again = await (await fetch(paymentUrl)).text();
    expect(again).toContain('This checkout is finished');
    expect(again).toContain('payment-success?order=');
  });

  it('Cancel returns to the cancel URL and activates nothing', async () => {
    const token = await createVerifiedAccount(t, { email: 'undecided@example.com' });
    const plans = await apiCall<Plans>(t.app, 'GET', '/subscriptions', token);
    const pro = plans.json.data.rows.find((row) => row.tier === 'pro')!;
    const monthly = pro.subscription_plan_details.find((detail) => detail.interval === 'month')!;
    const order = await apiCall<{ order_id: string; payment_url: string }>(
      t.app,
      'POST',
      '/orders',
      token,
      { subscription_plan_id: pro.id, subscription_interval_id: monthly.id, currency: 'USD' },
    );
    const cancelled = await fetch(order.json.data.payment_url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'cancel' }),
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(
      `https://cadence.example.com/payment-failed?order=${order.json.data.order_id}`,
    );
    const db = t.infra.database.db;
    const userId = await accountIdOf(t, 'undecided@example.com');
    expect((await getEntitlements(db, userId, t.clock())).tier).toBe('free');
  });
});
