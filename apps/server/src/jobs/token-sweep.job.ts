import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * Refreshes tokens that expire within seven days where the network allows it, and warns
 * the customer seven days and one day before an expiry only a reconnect can renew
 * (`modules/connections/token-sweep.ts`, decision 092). One waiting sweep at most: the key
 * is fixed. Queued every 15 minutes by the recurring task of the same name (`recurring.ts`).
 */
export const tokenSweepJob = defineJob({
  name: 'token-sweep',
  payload: z.object({}),
  policy: {
    queuePolicy: 'short',
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: () => 900,
    concurrency: () => 1,
  },
  singletonKey: () => 'sweep',
  createHandler: (deps: { sweepTokens: () => Promise<unknown> }) => async () => {
    await deps.sweepTokens();
  },
});
