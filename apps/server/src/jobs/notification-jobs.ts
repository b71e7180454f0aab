import { z } from 'zod';
import type { JobQueue } from './queue.js';

/** One job per customer with notification mail waiting; its data is `{ userId }`. */
export const NOTIFY_MAIL_QUEUE = 'notification-mail';

export const NotifyMailJobSchema = z.object({ userId: z.uuid() });

/**
 * Queues the customer's notification mail after `delaySeconds`. While one waits, another
 * send is a no-op (the queue keeps one queued job per key), so a burst becomes one digest.
 */
export async function sendNotifyMailJob(
  queue: JobQueue,
  input: { userId: string; delaySeconds: number },
) {
  return queue.send(
    NOTIFY_MAIL_QUEUE,
    { userId: input.userId },
    {
      startAfter: input.delaySeconds,
      singletonKey: input.userId,
      retryLimit: 5,
      retryDelay: 60,
      retryBackoff: true,
    },
  );
}
