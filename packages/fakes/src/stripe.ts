import { createHmac, randomBytes } from 'node:crypto';
import { startFakeHttp, type FakeAnswer, type FakeRequest } from './fake-http.js';
import { hostedCheckoutPage } from './stripe-checkout-page.js';

/**
 * A local stand-in for the parts of the Stripe API Cadence calls (external-apis.md
 * section 11), with the documented shapes: customers, coupons, Checkout Sessions,
 * subscriptions (read, cancel at period end, cancel now) and invoices. It keeps state,
 * records every request (form bodies flattened to their bracket keys), and builds events
 * signed the documented way: `Stripe-Signature: t=<unix>,v1=hex(HMAC-SHA256(secret, "t.payload"))`.
 *
 * With `hostedCheckout` (the offline demo) it also serves the Checkout page itself: a
 * session's `url` is on this server, and its Pay button completes the session, sends the
 * signed `checkout.session.completed` and `invoice.paid` events to `webhookUrl`, and
 * returns the browser to the session's `success_url`, as Stripe does.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const DAY = 86_400;

function addMonths(seconds: number, months: number) {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

export function signStripePayload(payload: string, secret: string, timestamp: number) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export async function startStripeFake(options: {
  webhookSecret: string;
  now?: () => number;
  /** `webhookUrl` may be read late: a test's server listens after the fake has started. */
  hostedCheckout?: { webhookUrl: string | (() => string) };
}) {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const requests: RecordedStripeRequest[] = [];
  const customers = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  let failNext: number | null = null;
  let origin = '';
  /** Events the hosted page sent to the webhook, with the status the server answered. */
  const deliveries: { type: string; status: number }[] = [];

  const error = (status: number, message: string, code = 'resource_missing'): FakeAnswer => ({
    status,
    json: { error: { type: 'invalid_request_error', code, message } },
    headers: { 'request-id': id('req'), 'stripe-should-retry': 'false' },
  });
  const ok = (json: unknown): FakeAnswer => ({
    status: 200,
    json,
    headers: { 'request-id': id('req') },
  });

  function expandSession(session: Json, expand: string[]) {
    if (expand.includes('subscription') && typeof session.subscription === 'string')
      return { ...session, subscription: subscriptions.get(session.subscription) ?? null };
    return session;
  }

  const server = await startFakeHttp(async (request) => {
    if (options.hostedCheckout && request.url.pathname.startsWith('/c/pay/'))
      return hostedCheckout(request, options.hostedCheckout.webhookUrl);
    const params = Object.fromEntries(
      new URLSearchParams(
        request.method === 'GET' || request.method === 'DELETE' ? request.url.search : request.body,
      ),
    );
    requests.push({
      method: request.method,
      path: request.url.pathname,
      params,
      headers: request.headers,
    });
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      return {
        status,
        json: { error: { type: 'api_error', message: 'Fake failure' } },
        headers: { 'stripe-should-retry': 'false' },
      };
    }
    if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_'))
      return error(401, 'Invalid API Key provided');
    const path = request.url.pathname;
    const expand = Object.entries(params)
      .filter(([key]) => key.startsWith('expand'))
      .map(([, value]) => value);
    let match: RegExpExecArray | null;

    if (request.method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: { user_id: params['metadata[user_id]'] },
      };
      customers.set(customer.id, customer);
      return ok(customer);
    }
    if (request.method === 'POST' && path === '/v1/coupons') {
      const coupon = {
        id: id('cpn'),
        object: 'coupon',
        amount_off: Number(params.amount_off),
        currency: params.currency,
        duration: params.duration,
        name: params.name ?? null,
      };
      coupons.set(coupon.id, coupon);
      return ok(coupon);
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      if (params.mode !== 'subscription')
        return error(400, 'mode must be subscription', 'parameter_invalid');
      if (params.customer && !customers.has(params.customer))
        return error(400, `No such customer: '${params.customer}'`);
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        url: options.hostedCheckout
          ? `${origin}/c/pay/${sessionId}`
          : `https://checkout.stripe.com/c/pay/${sessionId}`,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: { order_id: params['metadata[order_id]'], user_id: params['metadata[user_id]'] },
        subscription: null as string | null,
        invoice: null as string | null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        expires_at: now() + DAY,
        amount_total:
          Number(params['line_items[0][price_data][unit_amount]'] ?? 0) -
          Number(coupons.get(params['discounts[0][coupon]'] ?? '')?.amount_off ?? 0),
        currency: 'usd',
        _product: params['line_items[0][price_data][product_data][name]'] ?? 'Subscription',
        _price: {
          unit_amount: Number(params['line_items[0][price_data][unit_amount]'] ?? 0),
          interval: params['line_items[0][price_data][recurring][interval]'] ?? 'month',
          interval_count: Number(
            params['line_items[0][price_data][recurring][interval_count]'] ?? 1,
          ),
        },
      };
      sessions.set(sessionId, session);
      return ok(stripPrivate(session));
    }
    if (request.method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = sessions.get(match[1]!);
      return session
        ? ok(stripPrivate(expandSession(session, expand)))
        : error(404, `No such checkout.session: '${match[1]}'`);
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return error(404, `No such subscription: '${match[1]}'`);
      if (request.method === 'GET') return ok(subscription);
      if (request.method === 'POST') {
        if ('cancel_at_period_end' in params)
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        return ok(subscription);
      }
      if (request.method === 'DELETE') {
        subscription.status = 'canceled';
        subscription.canceled_at = now();
        subscription.ended_at = now();
        return ok(subscription);
      }
    }
    if (request.method === 'GET' && (match = /^\/v1\/invoices\/([^/]+)$/.exec(path))) {
      const invoice = invoices.get(match[1]!);
      return invoice ? ok(invoice) : error(404, `No such invoice: '${match[1]}'`);
    }
    return error(404, `Unrecognized request URL (${request.method}: ${path})`);
  });

  origin = server.origin;

  function stripPrivate(session: Json) {
    const { _price: _ignored, _product: _name, ...rest } = session;
    return rest;
  }

  /** The hosted Checkout page (GET) and its Pay / Cancel buttons (POST). */
  async function hostedCheckout(
    request: FakeRequest,
    webhook: string | (() => string),
  ): Promise<FakeAnswer> {
    const webhookUrl = typeof webhook === 'string' ? webhook : webhook();
    const sessionId = decodeURIComponent(request.url.pathname.slice('/c/pay/'.length));
    const session = sessions.get(sessionId);
    const html = (status: number, text: string): FakeAnswer => ({
      status,
      text,
      contentType: 'text/html; charset=utf-8',
    });
    const redirect = (location: string): FakeAnswer => ({
      status: 303,
      text: '',
      headers: { location },
    });
    if (!session)
      return html(404, '<!doctype html><title>Not found</title><p>No such checkout.</p>');
    if (request.method === 'POST' && session.status === 'open') {
      // Cancel leaves the session open, as Stripe's back link does; the order expires later.
      if (new URLSearchParams(request.body).get('action') !== 'pay')
        return redirect(String(session.cancel_url));
      const { completed, invoicePaid } = fake.completeCheckout(sessionId);
      for (const evt of [completed, invoicePaid]) {
        // A server that is down misses the event; the customer's return still confirms the
        // order (the server reads the session), as with the real Stripe.
        const status = await fake
          .deliver(webhookUrl, evt)
          .then((response) => response.status)
          .catch(() => 0);
        deliveries.push({ type: evt.type, status });
      }
      return redirect(String(session.success_url));
    }
    if (request.method === 'POST') return redirect(request.url.pathname);
    const price = session._price as Json;
    return html(
      200,
      hostedCheckoutPage({
        sessionId,
        product: String(session._product),
        email: (session.customer_email as string | null) ?? emailOf(session.customer),
        amountCents: Number(session.amount_total),
        recurringCents: Number(price.unit_amount),
        interval: String(price.interval),
        intervalCount: Number(price.interval_count),
        status: String(session.status),
        successUrl: String(session.success_url),
        cancelUrl: String(session.cancel_url),
      }),
    );
  }

  function emailOf(customerId: unknown) {
    const customer = typeof customerId === 'string' ? customers.get(customerId) : undefined;
    return (customer?.email as string | null | undefined) ?? null;
  }

  function subscriptionItem(subscriptionId: string, start: number, end: number, price: Json) {
    return {
      object: 'list',
      data: [
        {
          id: id('si'),
          object: 'subscription_item',
          subscription: subscriptionId,
          current_period_start: start,
          current_period_end: end,
          price: {
            id: id('price'),
            object: 'price',
            unit_amount: price.unit_amount,
            recurring: { interval: price.interval, interval_count: price.interval_count },
          },
          quantity: 1,
        },
      ],
    };
  }

  function invoiceFor(
    subscriptionId: string,
    customer: string,
    amount: number,
    start: number,
    end: number,
    reason: string,
    paid: boolean,
  ) {
    const invoiceId = id('in');
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      customer,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      attempt_count: 1,
      next_payment_attempt: paid ? null : now() + 3 * DAY,
      currency: 'usd',
      hosted_invoice_url: `https://invoice.stripe.com/i/${invoiceId}`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          { id: id('il'), object: 'line_item', amount, currency: 'usd', period: { start, end } },
        ],
      },
    };
    invoices.set(invoiceId, invoice);
    return invoice;
  }

  function event(
    type: string,
    object: Json,
    extra: { created?: number; previous_attributes?: Json } = {},
  ) {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: extra.created ?? now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: id('req'), idempotency_key: null },
      data: {
        object,
        ...(extra.previous_attributes ? { previous_attributes: extra.previous_attributes } : {}),
      },
    };
  }

  const fake = {
    origin: server.origin,
    requests,
    deliveries,
    sessions,
    subscriptions,
    close: server.close,
    /** The next API call answers this status (e.g. 500) once. */
    failNextWith(status: number) {
      failNext = status;
    },
    /** The customer pays on Stripe's page: the session completes with a new subscription. */
    completeCheckout(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const price = session._price as Json;
      const start = now();
      const months = (price.interval === 'year' ? 12 : 1) * Number(price.interval_count ?? 1);
      const end = addMonths(start, months);
      const subscriptionId = id('sub');
      const customer = String(session.customer);
      const invoice = invoiceFor(
        subscriptionId,
        customer,
        Number(session.amount_total),
        start,
        end,
        'subscription_create',
        true,
      );
      const subscription = {
        id: subscriptionId,
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        latest_invoice: invoice.id,
        metadata: session.metadata,
        items: subscriptionItem(subscriptionId, start, end, price),
        _price: price,
      };
      subscriptions.set(subscriptionId, subscription);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscriptionId,
        invoice: invoice.id,
      });
      return {
        completed: event('checkout.session.completed', {
          ...stripPrivate(session),
          customer_details: { email: session.customer_email ?? null },
        }),
        invoicePaid: event('invoice.paid', invoice),
        subscriptionId,
      };
    },
    /** The next period is charged: paid (moves the period on) or failed. */
    renew(subscriptionId: string, outcome: 'paid' | 'failed') {
      const subscription = subscriptions.get(subscriptionId) as Json & {
        items: { data: Json[] };
        _price: Json;
      };
      const item = subscription.items.data[0]!;
      const start = Number(item.current_period_end);
      const months =
        (subscription._price.interval === 'year' ? 12 : 1) *
        Number(subscription._price.interval_count ?? 1);
      const end = addMonths(start, months);
      const amount = Number(subscription._price.unit_amount);
      const invoice = invoiceFor(
        subscriptionId,
        String(subscription.customer),
        amount,
        start,
        end,
        'subscription_cycle',
        outcome === 'paid',
      );
      if (outcome === 'paid') {
        item.current_period_start = start;
        item.current_period_end = end;
        subscription.status = 'active';
        return event('invoice.paid', invoice);
      }
      subscription.status = 'past_due';
      return event('invoice.payment_failed', invoice);
    },
    /** A `customer.subscription.updated` / `.deleted` event of the subscription's state now. */
    subscriptionEvent(
      subscriptionId: string,
      type: 'customer.subscription.updated' | 'customer.subscription.deleted',
      changes: Json = {},
      created?: number,
    ) {
      const subscription = subscriptions.get(subscriptionId)!;
      const { _price: _ignored, ...object } = { ...subscription, ...changes };
      return event(type, object, { created });
    },
    /** The body and Stripe-Signature header of an event, signed with the webhook secret. */
    sign(evt: unknown, signing: { secret?: string; timestamp?: number } = {}) {
      const payload = JSON.stringify(evt);
      const timestamp = signing.timestamp ?? now();
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripePayload(
            payload,
            signing.secret ?? options.webhookSecret,
            timestamp,
          ),
        },
      };
    },
    /** Sends a signed event to a running server's webhook URL (manual runs, the demo). */
    async deliver(url: string, evt: unknown) {
      const { payload, headers } = this.sign(evt);
      return fetch(url, { method: 'POST', body: payload, headers });
    },
  };
  return fake;
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
