import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * Reads the published posts' numbers that are due, batched per account and network, and the
 * accounts' followers once a day (`modules/metrics/metrics-poller.ts`). Its own queue, so
 * the reads never wait behind publishing nor hold it up; one waiting run at most (the key is
 * fixed), worked by one worker at a time. Queued every minute by the recurring task of the
 * same name (`recurring.ts`).
 */
export const metricsPollJob = defineJob({
  name: 'metrics-poll',
  payload: z.object({}),
  policy: {
    queuePolicy: 'short',
    retryLimit: 0,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: () => 900,
    concurrency: () => 1,
  },
  singletonKey: () => 'poll',
  createHandler: (deps: { pollMetrics: () => Promise<unknown> }) => async () => {
    await deps.pollMetrics();
  },
});
