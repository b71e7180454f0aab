import type { FastifyBaseLogger } from 'fastify';
import type { BillingService } from '../modules/billing/index.js';

/** How often a worker looks for subscriptions at their period end. */
export const RENEWAL_INTERVAL_MS = 60_000;

/**
 * Renews or lapses subscriptions at their period end (test checkout renewals, pending
 * cancellations, the end of a grace period) and expires unfinished checkouts. Safe on
 * several workers at once: each subscription is locked while it is handled, and a
 * renewal's order is unique per period.
 */
export function startBillingRenewals(
  billing: BillingService,
  logger: FastifyBaseLogger,
  intervalMs = RENEWAL_INTERVAL_MS,
) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await billing.runRenewals();
      if (result.renewed || result.lapsed || result.expired)
        logger.info(result, 'billing renewals done');
    } catch (error) {
      logger.error({ err: error }, 'billing renewals failed');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
