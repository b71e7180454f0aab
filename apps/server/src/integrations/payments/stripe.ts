import type Stripe from 'stripe';
import { lazy } from '../../lib/lazy.js';
import {
  PaymentProviderError,
  type CheckoutInput,
  type PaidCheckout,
  type PaymentProvider,
} from './provider.js';

export interface StripeConfig {
  secretKey: string;
  /** Another host for the API (a local stand-in in tests and the demo). */
  apiBase?: string;
}

/** The SDK's own options for another host: it takes host, port and protocol, not a URL. */
export function stripeHostOptions(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** The Stripe SDK, loaded on first use: instances without Stripe never load it. */
export const loadStripe = lazy(async () => (await import('stripe')).default);

export async function createStripeClient(config: StripeConfig) {
  const StripeSdk = await loadStripe();
  return new StripeSdk(config.secretKey, {
    ...stripeHostOptions(config.apiBase),
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
}

function toDate(seconds: number | null | undefined) {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/** The period of a Stripe subscription (on its items since API version 2025-03-31). */
export function subscriptionPeriod(subscription: Stripe.Subscription) {
  const item = subscription.items?.data?.[0];
  return {
    start: toDate(item?.current_period_start),
    end: toDate(item?.current_period_end),
  };
}

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PaymentProviderError(`Stripe ${what} failed`, { cause: error });
  }
}

/**
 * Stripe Checkout in subscription mode. The price is sent inline (`price_data`), so sale
 * prices and a customer's override need no Stripe price objects; an upgrade's proration
 * credit becomes a one-time coupon on the first invoice.
 */
export function createStripeProvider(config: StripeConfig): PaymentProvider & {
  paidCheckoutFromSession(session: Stripe.Checkout.Session): Promise<PaidCheckout>;
} {
  const client = lazy(() => createStripeClient(config));
  return {
    id: 'stripe',
    paidCheckoutFromSession: async (session) => paidCheckoutFrom(await client(), session),
    async startCheckout(input: CheckoutInput) {
      const stripe = await client();
      const customerId =
        input.customerId ??
        (
          await call('customer creation', () =>
            stripe.customers.create({
              email: input.email,
              name: input.name,
              metadata: { user_id: input.userId },
            }),
          )
        ).id;
      const discounts =
        input.firstChargeCreditCents > 0
          ? [
              {
                coupon: (
                  await call('coupon creation', () =>
                    stripe.coupons.create({
                      amount_off: input.firstChargeCreditCents,
                      currency: 'usd',
                      duration: 'once',
                      name: 'Unused time on your previous plan',
                    }),
                  )
                ).id,
              },
            ]
          : undefined;
      const session = await call('checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: input.orderId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: input.recurringCents,
                recurring: { interval: input.interval, interval_count: input.intervalCount },
                product_data: { name: `Cadence ${input.planName}` },
              },
            },
          ],
          ...(discounts ? { discounts } : {}),
          metadata: { order_id: input.orderId, user_id: input.userId },
          subscription_data: { metadata: { order_id: input.orderId, user_id: input.userId } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new PaymentProviderError('Stripe returned no checkout URL');
      return {
        paymentUrl: session.url,
        sessionId: session.id,
        customerId,
        expiresAt: toDate(session.expires_at),
      };
    },
    async readPaidCheckout(sessionId): Promise<PaidCheckout | null> {
      const stripe = await client();
      const session = await call('checkout read', () =>
        stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }),
      );
      if (session.status !== 'complete' || session.payment_status !== 'paid') return null;
      return paidCheckoutFrom(stripe, session);
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const stripe = await client();
      await call('subscription update', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
    },
    async cancelNow(subscriptionId) {
      const stripe = await client();
      await call('subscription cancel', () =>
        stripe.subscriptions.cancel(subscriptionId, { prorate: false }),
      );
    },
  };
}

/** What a completed session paid for: its subscription's period and first invoice. */
export async function paidCheckoutFrom(
  stripe: Stripe,
  session: Stripe.Checkout.Session,
): Promise<PaidCheckout> {
  const ref = session.subscription;
  const subscription =
    typeof ref === 'string'
      ? await call('subscription read', () => stripe.subscriptions.retrieve(ref))
      : (ref ?? null);
  const period = subscription ? subscriptionPeriod(subscription) : { start: null, end: null };
  const invoiceRef = subscription?.latest_invoice ?? session.invoice ?? null;
  const invoice =
    typeof invoiceRef === 'string'
      ? await call('invoice read', () => stripe.invoices.retrieve(invoiceRef)).catch(() => null)
      : (invoiceRef ?? null);
  return {
    subscriptionId: subscription?.id ?? null,
    customerId:
      typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
    periodStart: period.start,
    periodEnd: period.end,
    invoiceId: invoice?.id ?? null,
    receiptUrl: invoice?.hosted_invoice_url ?? null,
  };
}
