import { formatUsd } from '@cadence/shared';
import type { BillingDeps } from './billing-deps.js';
import * as repo from './billing.repository.js';

/** A date as the customer reads it, in their time zone ("Mar 3, 2026"). */
export function dateText(date: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(date);
}

/**
 * Billing's e-mails: the receipt of a payment, a failed renewal and the end of a plan. A
 * mail that cannot be sent is logged and never undoes what it tells of.
 */
export function createBillingMails(deps: BillingDeps) {
  const { db, logger, publicUrl } = deps;

  /** The customer's time zone for the dates we write to them (UTC until they choose one). */
  async function zoneOf(userId: string) {
    return (await deps.savedTimeZone(userId)) ?? 'UTC';
  }

  async function mailUser(userId: string, subject: string, lines: string[]) {
    try {
      const user = await repo.findUser(db, userId);
      if (!user) return;
      const text = [`Hello ${user.name},`, '', ...lines, '', '- Cadence'].join('\n');
      const html = text
        .split('\n')
        .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
        .join('');
      await deps.mailer.send({ to: user.email, subject, text, html });
    } catch (error) {
      logger.error({ err: error, userId }, 'billing e-mail could not be sent');
    }
  }

  return {
    zoneOf,

    async receipt(orderId: string) {
      const row = await repo.orderWithPlan(db, orderId);
      if (!row) return;
      const zone = await zoneOf(row.order.userId);
      const range =
        row.order.periodStart && row.order.periodEnd
          ? `${dateText(row.order.periodStart, zone)} - ${dateText(row.order.periodEnd, zone)}`
          : '';
      await mailUser(row.order.userId, `Your Cadence receipt: ${row.plan.name}`, [
        `Thank you for your payment of ${formatUsd(row.order.amountCents)} for the ${row.plan.name} plan.`,
        range ? `Billing period: ${range}.` : '',
        `Receipt: ${row.order.receiptUrl ?? `${publicUrl}/receipts/${row.order.id}`}`,
      ]);
    },

    async failedRenewal(userId: string, planName: string, graceEnds: Date) {
      const zone = await zoneOf(userId);
      await mailUser(userId, 'Your Cadence payment failed', [
        `We could not renew your ${planName} plan.`,
        `Please update your payment details by ${dateText(graceEnds, zone)}; after that your account returns to the Free plan. Nothing you made is deleted.`,
        `Plans: ${publicUrl}/subscriptions`,
      ]);
    },

    async lapsed(userId: string, planName: string, reason: 'grace' | 'cancelled') {
      await mailUser(userId, 'Your Cadence plan has ended', [
        reason === 'grace'
          ? `We could not collect the payment for your ${planName} plan, so your account is now on the Free plan.`
          : `Your ${planName} plan has ended and your account is now on the Free plan.`,
        'Everything you made is kept; above the Free limits you cannot add more until you upgrade.',
        `Plans: ${publicUrl}/subscriptions`,
      ]);
    },
  };
}

export type BillingMails = ReturnType<typeof createBillingMails>;
