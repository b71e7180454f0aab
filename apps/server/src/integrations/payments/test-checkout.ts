import type { PaymentProvider } from './provider.js';

/**
 * The built-in test checkout: no money moves. The payment page is ours
 * (`/checkout/test/{order}`), and its Pay / Decline buttons call the billing service
 * directly, which confirms or fails the order through the same path as Stripe's events.
 * Its subscriptions are renewed (or lapsed) by the renewal job.
 */
export function createTestCheckoutProvider(): PaymentProvider {
  return {
    id: 'test',
    startCheckout(input) {
      return Promise.resolve({
        paymentUrl: `/checkout/test/${input.orderId}`,
        sessionId: `test_${input.orderId}`,
        customerId: null,
        expiresAt: null,
      });
    },
    // The test checkout is settled by the billing service itself, never read back.
    readPaidCheckout: () => Promise.resolve(null),
    setCancelAtPeriodEnd: () => Promise.resolve(),
    cancelNow: () => Promise.resolve(),
  };
}
