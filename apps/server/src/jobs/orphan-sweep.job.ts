import { z } from 'zod';
import { defineJob } from './job.js';

/** How often a worker queues the sweep (one waits at a time, whatever the number of workers). */
export const ORPHAN_SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes uploaded files nothing references once they are an hour old (logos never attached,
 * media of a form never sent). One waiting sweep at most: the key is fixed.
 */
export const orphanSweepJob = defineJob({
  name: 'orphan-upload-sweep',
  payload: z.object({}),
  policy: {
    queuePolicy: 'short',
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: () => 600,
    concurrency: () => 1,
  },
  singletonKey: () => 'sweep',
  createHandler: (deps: { sweepOrphanUploads: () => Promise<unknown> }) => async () => {
    await deps.sweepOrphanUploads();
  },
});
