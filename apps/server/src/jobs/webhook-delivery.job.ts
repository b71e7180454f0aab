import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * One attempt to deliver one webhook message (an event for one endpoint). Its own queue, so
 * deliveries never wait behind publishing nor hold it up. The job is not retried by the
 * queue: the outbox row says when the next attempt is due (WEBHOOK_RETRY_SCHEDULE), and the
 * `webhook-dispatch` task queues it then.
 */
export const webhookDeliveryJob = defineJob({
  name: 'webhook-delivery',
  payload: z.object({ messageId: z.uuid() }),
  policy: {
    queuePolicy: 'standard',
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    // Ten seconds for the endpoint, and room to record the outcome.
    expireInSeconds: () => 30,
    concurrency: () => 8,
  },
  createHandler:
    (deps: { deliverWebhook: (messageId: string) => Promise<unknown> }) =>
    async ({ messageId }) => {
      await deps.deliverWebhook(messageId);
    },
});

export type WebhookDeliveryPayload = z.infer<typeof webhookDeliveryJob.payload>;
