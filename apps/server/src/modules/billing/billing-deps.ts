import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import type { Clock } from '../../lib/clock.js';

/** What every part of billing is built with (the container's, through `createBilling`). */
export interface BillingDeps {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
  publicUrl: string;
  contactEmail: string | null;
  /** The customer's saved time zone (the settings module's), for dates we write to them. */
  savedTimeZone: (userId: string) => Promise<string | null | undefined>;
}

/** Work to do after a transaction has committed (mails, calls to the provider). */
export type AfterCommit = Array<() => Promise<unknown>>;

export async function runAfterCommit(after: AfterCommit) {
  for (const step of after) await step();
}
