import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * Sends one customer's waiting notification mail. One job per customer, keyed by the
 * account and sent with a delay: while one waits, another send adds nothing, so a burst of
 * failures becomes one digest (decision 023).
 */
export const notificationMailJob = defineJob({
  name: 'notification-mail',
  payload: z.object({ userId: z.uuid() }),
  policy: {
    queuePolicy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: () => 120,
    concurrency: () => 2,
  },
  singletonKey: (payload) => payload.userId,
  createHandler:
    (deps: { sendNotificationMail: (userId: string) => Promise<unknown> }) =>
    async ({ userId }) => {
      await deps.sendNotificationMail(userId);
    },
});

export type NotificationMailPayload = z.infer<typeof notificationMailJob.payload>;
