import type Stripe from 'stripe';
import type { Clock } from '../../lib/clock.js';
import type { PaymentEvent, PaymentSubscriptionStatus } from './events.js';
import type { PaidCheckout } from './provider.js';
import { loadStripe } from './stripe.js';
import { stripeEventProblem } from './stripe-event-shape.js';

/** Signed events older than this are refused (Stripe's own default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's subscription states in ours; a state not listed leaves ours as it is. */
const SUBSCRIPTION_STATUS = new Map<string, PaymentSubscriptionStatus>([
  ['active', 'active'],
  ['trialing', 'active'],
  ['past_due', 'past_due'],
  ['unpaid', 'past_due'],
  ['canceled', 'cancelled'],
  ['incomplete', 'incomplete'],
  ['incomplete_expired', 'cancelled'],
  ['paused', 'cancelled'],
]);

const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

function stripeId(value: string | { id: string } | null | undefined) {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

function invoiceFacts(invoice: Stripe.Invoice) {
  return {
    subscriptionId: stripeId(invoice.parent?.subscription_details?.subscription ?? null),
    invoiceId: invoice.id ?? null,
    first: invoice.billing_reason === 'subscription_create',
  };
}

/**
 * A Stripe event (signed and of the shape `stripeEventProblem` checks) in our words. A
 * completed, paid subscription checkout is read back through `readPaidCheckout` (its
 * subscription's period and first invoice); a failing read throws, so Stripe sends the
 * event again later.
 */
export async function translateStripeEvent(
  event: Stripe.Event,
  readPaidCheckout: (session: Stripe.Checkout.Session) => Promise<PaidCheckout>,
): Promise<PaymentEvent> {
  const envelope = {
    provider: 'stripe' as const,
    id: event.id,
    type: event.type,
    createdAt: new Date(event.created * 1000),
  };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const paid =
        session.mode === 'subscription' && session.payment_status === 'paid'
          ? await readPaidCheckout(session)
          : null;
      return {
        ...envelope,
        kind: 'checkout-completed',
        sessionId: session.id,
        orderRef: session.client_reference_id ?? null,
        paid,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const line = invoice.lines?.data?.[0];
      return {
        ...envelope,
        kind: 'invoice-paid',
        ...invoiceFacts(invoice),
        amountCents: invoice.amount_paid ?? invoice.amount_due ?? 0,
        receiptUrl: invoice.hosted_invoice_url ?? null,
        periodStart: dateOf(line?.period?.start),
        periodEnd: dateOf(line?.period?.end),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        ...envelope,
        kind: 'invoice-failed',
        ...invoiceFacts(invoice),
        amountCents: invoice.amount_due ?? 0,
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const ended = event.type === 'customer.subscription.deleted';
      const item = subscription.items?.data?.[0];
      return {
        ...envelope,
        kind: 'subscription-changed',
        subscriptionId: subscription.id,
        ended,
        status: ended ? 'cancelled' : (SUBSCRIPTION_STATUS.get(subscription.status) ?? null),
        cancelAtPeriodEnd:
          !ended && Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
        periodStart: dateOf(item?.current_period_start),
        periodEnd: dateOf(item?.current_period_end),
      };
    }
    default:
      return { ...envelope, kind: 'other' };
  }
}

/** What arrived at the webhook: an event in our words, or why it is refused. */
export type WebhookReceipt =
  | { outcome: 'event'; event: PaymentEvent }
  | { outcome: 'bad-signature' }
  | { outcome: 'malformed'; eventId: string; type: string; problem: string };

export interface PaymentWebhook {
  receive(raw: Buffer, signature: string): Promise<WebhookReceipt>;
}

/**
 * Stripe's webhook: the raw body is verified against the signing secret (300 s tolerance,
 * on our clock), its shape is checked (signed is not the same as well formed), and the
 * event is translated.
 */
export function createStripeWebhook(deps: {
  secret: string;
  clock: Clock;
  readPaidCheckout: (session: Stripe.Checkout.Session) => Promise<PaidCheckout>;
}): PaymentWebhook {
  return {
    async receive(raw, signature) {
      let event: Stripe.Event;
      try {
        event = (await loadStripe()).webhooks.constructEvent(
          raw,
          signature,
          deps.secret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          // Milliseconds: the SDK divides by 1000 itself.
          deps.clock().getTime(),
        );
      } catch {
        return { outcome: 'bad-signature' };
      }
      const problem = stripeEventProblem(event);
      if (problem)
        return {
          outcome: 'malformed',
          eventId: String(event.id).slice(0, 255),
          type: String(event.type).slice(0, 255),
          problem,
        };
      return { outcome: 'event', event: await translateStripeEvent(event, deps.readPaidCheckout) };
    },
  };
}
