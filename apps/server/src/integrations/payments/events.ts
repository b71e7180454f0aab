import type { PaidCheckout } from './provider.js';

/** A subscription's state in our words (the `customer_subscriptions.status` values). */
export type PaymentSubscriptionStatus = 'active' | 'past_due' | 'cancelled' | 'incomplete';

/**
 * What a payment provider told us, in our own words: billing acts on these and never sees
 * the provider's event objects. A provider's adapter (Stripe: `stripe-events.ts`) checks the
 * shape of its events and translates them; everything read from the network for an event
 * (a checkout's subscription and invoice) is read during the translation, before billing
 * opens its transaction.
 */
export type PaymentEvent = PaymentEventEnvelope &
  (CheckoutCompleted | InvoicePaid | InvoiceFailed | SubscriptionChanged | { kind: 'other' });

export interface PaymentEventEnvelope {
  provider: 'stripe';
  /** The provider's event id: an event is applied once. */
  id: string;
  /** The provider's own name for the event, recorded with its id. */
  type: string;
  /** When the provider created the event: older subscription states never move us back. */
  createdAt: Date;
}

/** A checkout was completed; `paid` is what it paid for, null when nothing was paid. */
export interface CheckoutCompleted {
  kind: 'checkout-completed';
  sessionId: string;
  /** The reference we gave the checkout (our order id), or another app's, or none. */
  orderRef: string | null;
  paid: PaidCheckout | null;
}

interface InvoiceFacts {
  /** The provider subscription the invoice belongs to (null: not a subscription's). */
  subscriptionId: string | null;
  invoiceId: string | null;
  /** The first invoice of a subscription, paid through its checkout. */
  first: boolean;
  amountCents: number;
}

/** A subscription's invoice was paid: the checkout's first one, or a renewal. */
export interface InvoicePaid extends InvoiceFacts {
  kind: 'invoice-paid';
  receiptUrl: string | null;
  /** The period the invoice pays for, when the invoice says. */
  periodStart: Date | null;
  periodEnd: Date | null;
}

/** Charging a subscription's invoice failed. */
export interface InvoiceFailed extends InvoiceFacts {
  kind: 'invoice-failed';
}

/** A subscription changed at the provider, or ended there (`ended`). */
export interface SubscriptionChanged {
  kind: 'subscription-changed';
  subscriptionId: string;
  ended: boolean;
  /** null: a provider state we do not map (the subscription keeps its status). */
  status: PaymentSubscriptionStatus | null;
  cancelAtPeriodEnd: boolean;
  periodStart: Date | null;
  periodEnd: Date | null;
}
