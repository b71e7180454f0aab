import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import type { PaidCheckout } from './provider.js';
import { translateStripeEvent } from './stripe-events.js';

const CREATED = 1_790_000_000;
const event = (type: string, object: unknown) =>
  ({
    id: 'evt_1',
    object: 'event',
    type,
    created: CREATED,
    data: { object },
  }) as unknown as Stripe.Event;
const at = (seconds: number) => new Date(seconds * 1000);
const PAID: PaidCheckout = {
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  periodStart: at(100),
  periodEnd: at(200),
  invoiceId: 'in_1',
  receiptUrl: null,
};
const noRead = () => Promise.reject(new Error('not expected to read'));

describe('translateStripeEvent', () => {
  it('keeps the envelope and turns types billing does not act on into "other"', async () => {
    expect(await translateStripeEvent(event('charge.refunded', {}), noRead)).toEqual({
      provider: 'stripe',
      id: 'evt_1',
      type: 'charge.refunded',
      createdAt: at(CREATED),
      kind: 'other',
    });
  });

  it('reads back a paid subscription checkout, and nothing for an unpaid one', async () => {
    const read = vi.fn(() => Promise.resolve(PAID));
    const session = { id: 'cs_1', mode: 'subscription', client_reference_id: 'order-1' };
    expect(
      await translateStripeEvent(
        event('checkout.session.completed', { ...session, payment_status: 'paid' }),
        read,
      ),
    ).toMatchObject({
      kind: 'checkout-completed',
      sessionId: 'cs_1',
      orderRef: 'order-1',
      paid: PAID,
    });
    expect(read).toHaveBeenCalledTimes(1);
    expect(
      await translateStripeEvent(
        event('checkout.session.completed', {
          id: 'cs_2',
          mode: 'subscription',
          payment_status: 'unpaid',
        }),
        read,
      ),
    ).toMatchObject({ kind: 'checkout-completed', orderRef: null, paid: null });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('says which subscription an invoice is for, whether it is the first, and its period', async () => {
    const invoice = {
      id: 'in_2',
      billing_reason: 'subscription_cycle',
      amount_paid: null,
      amount_due: 1900,
      hosted_invoice_url: 'https://invoice.example/in_2',
      parent: { subscription_details: { subscription: { id: 'sub_1' } } },
      lines: { data: [{ period: { start: 300, end: 0 } }] },
    };
    expect(await translateStripeEvent(event('invoice.paid', invoice), noRead)).toMatchObject({
      kind: 'invoice-paid',
      subscriptionId: 'sub_1',
      invoiceId: 'in_2',
      first: false,
      amountCents: 1900,
      receiptUrl: 'https://invoice.example/in_2',
      periodStart: at(300),
      periodEnd: null,
    });
    expect(
      await translateStripeEvent(
        event('invoice.payment_failed', {
          ...invoice,
          billing_reason: 'subscription_create',
          amount_paid: 500,
          parent: null,
        }),
        noRead,
      ),
    ).toEqual(
      expect.objectContaining({
        kind: 'invoice-failed',
        subscriptionId: null,
        first: true,
        amountCents: 1900,
      }),
    );
  });

  it('maps subscription states to ours, and leaves one it does not know to billing', async () => {
    const subscription = (status: string, extra: Record<string, unknown> = {}) => ({
      id: 'sub_1',
      status,
      cancel_at_period_end: false,
      items: { data: [{ current_period_start: 100, current_period_end: 200 }] },
      ...extra,
    });
    const translate = async (type: string, object: unknown) =>
      translateStripeEvent(event(type, object), noRead);
    expect(
      await translate('customer.subscription.updated', subscription('trialing')),
    ).toMatchObject({
      kind: 'subscription-changed',
      subscriptionId: 'sub_1',
      ended: false,
      status: 'active',
      cancelAtPeriodEnd: false,
      periodStart: at(100),
      periodEnd: at(200),
    });
    expect(
      await translate('customer.subscription.updated', subscription('unpaid', { cancel_at: 900 })),
    ).toMatchObject({ status: 'past_due', cancelAtPeriodEnd: true });
    for (const unknown of ['constructor', 'toString', 'a_new_state'])
      expect(await translate('customer.subscription.updated', subscription(unknown))).toMatchObject(
        { status: null },
      );
    expect(
      await translate(
        'customer.subscription.deleted',
        subscription('active', { cancel_at_period_end: true, items: null }),
      ),
    ).toMatchObject({
      ended: true,
      status: 'cancelled',
      cancelAtPeriodEnd: false,
      periodStart: null,
      periodEnd: null,
    });
  });
});
