import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * Deletes uploaded files nothing references once they are an hour old (logos never attached,
 * media of a form never sent). One waiting sweep at most: the key is fixed. Queued every
 * 10 minutes by the recurring task of the same name (`recurring.ts`).
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
