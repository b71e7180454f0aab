import type { FastifyBaseLogger } from 'fastify';
import type { ResolvedConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail.js';
import { createStripeProvider } from '../../integrations/payments/stripe.js';
import { createStripeWebhook } from '../../integrations/payments/stripe-events.js';
import { createTestCheckoutProvider } from '../../integrations/payments/test-checkout.js';
import type { Clock } from '../../lib/clock.js';
import type { BillingDeps } from './billing-deps.js';
import { createBillingService } from './billing.service.js';

/**
 * Billing with the provider the configuration picks: Stripe when `STRIPE_SECRET_KEY` is
 * set, the built-in test checkout otherwise. `stripeWebhook` (null without Stripe and its
 * webhook secret) turns what arrives at Stripe's webhook into our own payment events.
 */
export function createBilling(deps: {
  config: ResolvedConfig;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
  savedTimeZone: BillingDeps['savedTimeZone'];
}) {
  const { config } = deps;
  const stripeKey = config.stripe.secretKey;
  const stripe = stripeKey
    ? createStripeProvider({ secretKey: stripeKey, apiBase: config.stripe.apiBase })
    : null;
  const service = createBillingService({
    db: deps.db,
    provider: stripe ?? createTestCheckoutProvider(),
    mailer: deps.mailer,
    clock: deps.clock,
    logger: deps.logger,
    publicUrl: config.publicUrl,
    contactEmail: config.contactEmail,
    savedTimeZone: deps.savedTimeZone,
  });
  const secret = config.stripe.webhookSecret;
  const stripeWebhook =
    stripe && secret
      ? createStripeWebhook({
          secret,
          clock: deps.clock,
          readPaidCheckout: (session) => stripe.paidCheckoutFromSession(session),
        })
      : null;
  return { service, stripeWebhook, provider: stripe ? 'stripe' : 'test' };
}
