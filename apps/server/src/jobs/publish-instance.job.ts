import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * Publishes one scheduled instance to its networks. One job per instance, keyed by the
 * instance id, so re-sending while one waits adds nothing; every step of publishing is
 * idempotent, so a retried or duplicated job is harmless.
 */
export const publishInstanceJob = defineJob({
  name: 'publish-instance',
  payload: z.object({ instanceId: z.uuid() }),
  policy: {
    queuePolicy: 'short',
    // pg-boss's own retries cover a handler that crashed or threw (a database blip); the
    // network retries are the publisher's own (new jobs at the retry time).
    retryLimit: 5,
    retryDelaySeconds: 15,
    retryBackoff: true,
    expireInSeconds: (config) => config.publisher.jobExpireSeconds,
    // The call lanes bound the calls (per account, per network, per process); this bounds the
    // jobs held at once, most of them waiting for their account's turn. Five times the calls
    // allowed, so that jobs waiting for busy accounts never leave the others without work
    // (and a lane refuses to queue more than a few calls: those are re-queued for later).
    concurrency: (config) => config.publisher.maxInFlight * 5,
    // Due times matter to the second: an empty queue is asked again soon (other kinds wait
    // longer, so that idle workers do not keep the database busy).
    idlePollMs: 200,
    // Stopped from the admin panel: due jobs wait in the queue until Start.
    stopped: (state) => state.publisherStopped,
  },
  singletonKey: (payload) => payload.instanceId,
  createHandler:
    (deps: { publishInstance: (instanceId: string) => Promise<unknown> }) =>
    async ({ instanceId }) => {
      await deps.publishInstance(instanceId);
    },
});

export type PublishInstancePayload = z.infer<typeof publishInstanceJob.payload>;
