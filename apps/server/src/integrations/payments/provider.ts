/**
 * The payment providers behind one interface: Stripe when `STRIPE_SECRET_KEY` is set,
 * otherwise the built-in test checkout. Both end in the same billing code path
 * (`confirmOrder` / `failOrder` and the renewal functions of `modules/billing`). What a
 * provider tells us by webhook reaches billing as our own `PaymentEvent` (`events.ts`).
 */
export interface CheckoutInput {
  orderId: string;
  /** The account's provider customer from an earlier checkout, reused. */
  customerId: string | null;
  email: string;
  name: string;
  userId: string;
  planName: string;
  interval: 'month' | 'year';
  intervalCount: number;
  /** The recurring price in cents (sale and override applied). */
  recurringCents: number;
  /** Taken off the first charge (proration credit of an upgrade). */
  firstChargeCreditCents: number;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutStart {
  paymentUrl: string;
  sessionId: string;
  customerId: string | null;
  expiresAt: Date | null;
}

/** What a provider says about a paid checkout, read server-side. */
export interface PaidCheckout {
  subscriptionId: string | null;
  customerId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  invoiceId: string | null;
  receiptUrl: string | null;
}

export interface PaymentProvider {
  readonly id: 'test' | 'stripe';
  startCheckout(input: CheckoutInput): Promise<CheckoutStart>;
  /** A checkout's state, read from the provider (null: not paid yet). */
  readPaidCheckout(sessionId: string): Promise<PaidCheckout | null>;
  /** Cancel at period end (true) or take that back (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a provider subscription now (the old one, after an upgrade replaced it). */
  cancelNow(subscriptionId: string): Promise<void>;
}

export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
