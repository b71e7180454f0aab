import type { BillingDeps } from './billing-deps.js';
import { createBillingMails } from './billing-mails.js';
import { createCatalogue } from './catalogue.js';
import { createOrders } from './orders.js';
import { createPaymentEvents } from './payment-events.js';
import { createRenewals } from './renewals.js';
import { createSubscription } from './subscription.js';

export type { BillingDeps } from './billing-deps.js';

/**
 * Billing, put together from its parts: the catalogue (`catalogue.ts`), orders and the one
 * confirm path (`orders.ts`), the customer's subscription (`subscription.ts`), renewals
 * (`renewals.ts`), provider events in our words (`payment-events.ts`) and billing's mails
 * (`billing-mails.ts`).
 */
export function createBillingService(deps: BillingDeps) {
  const mails = createBillingMails(deps);
  const catalogue = createCatalogue(deps, mails);
  const orders = createOrders(deps, mails);
  const subscription = createSubscription(deps);
  const renewals = createRenewals(deps, mails);

  return {
    catalogue: catalogue.catalogue,
    preview: catalogue.preview,

    createOrder: orders.createOrder,
    getOrder: orders.getOrder,
    testCheckout: orders.testCheckout,
    billingHistory: orders.billingHistory,
    /** The one way an order becomes paid; true when this call applied it. */
    confirmOrder: orders.confirmOrder,
    failOrder: orders.failOrder,

    customerSubscription: subscription.customerSubscription,
    cancel: subscription.cancel,
    resume: subscription.resume,
    cancelForAccountDeletion: subscription.cancelForAccountDeletion,

    runRenewals: renewals.runRenewals,
    failTestRenewal: renewals.failTestRenewal,

    /** A payment provider's event, translated by its adapter (`integrations/payments`). */
    applyPaymentEvent: createPaymentEvents(deps, orders, mails),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
