import type { FastifyBaseLogger } from 'fastify';
import type { ResolvedConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail.js';
import { createStripeProvider, loadStripe } from '../../integrations/payments/stripe.js';
import { createTestCheckoutProvider } from '../../integrations/payments/test-checkout.js';
import type { Clock } from '../../lib/clock.js';
import { createBillingService } from './billing.service.js';

/** Signed events older than this are refused (Stripe's own default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Billing with the provider the configuration picks: Stripe when `STRIPE_SECRET_KEY` is
 * set, the built-in test checkout otherwise. `stripeWebhook` is null without Stripe.
 */
export function createBilling(deps: {
  config: ResolvedConfig;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const { config } = deps;
  const stripeKey = config.stripe.secretKey;
  const stripe = stripeKey
    ? createStripeProvider({ secretKey: stripeKey, apiBase: config.stripe.apiBase })
    : null;
  const service = createBillingService({
    db: deps.db,
    provider: stripe ?? createTestCheckoutProvider(),
    paidCheckoutFromSession: stripe
      ? (session: Parameters<typeof stripe.paidCheckoutFromSession>[0]) =>
          stripe.paidCheckoutFromSession(session)
      : undefined,
    mailer: deps.mailer,
    clock: deps.clock,
    logger: deps.logger,
    publicUrl: config.publicUrl,
    contactEmail: config.contactEmail,
  });
  const secret = config.stripe.webhookSecret;
  const stripeWebhook =
    stripe && secret
      ? {
          verify: async (raw: Buffer, signature: string) =>
            (await loadStripe()).webhooks.constructEvent(
              raw,
              signature,
              secret,
              WEBHOOK_TOLERANCE_SECONDS,
              undefined,
              // Milliseconds: the SDK divides by 1000 itself.
              deps.clock().getTime(),
            ),
        }
      : null;
  return { service, stripeWebhook, provider: stripe ? 'stripe' : 'test' };
}
