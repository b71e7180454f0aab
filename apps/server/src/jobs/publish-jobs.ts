import { z } from 'zod';
import { PUBLISH_QUEUE, type JobQueue } from './queue.js';

export const PublishJobSchema = z.object({ instanceId: z.uuid() });
export type PublishJob = z.infer<typeof PublishJobSchema>;

/** pg-boss's own retries cover a handler that crashed or threw (a database blip). */
const JOB_RETRY = { retryLimit: 5, retryDelay: 15, retryBackoff: true } as const;

/**
 * Queues the publish job of one instance. `key` defaults to the instance id: while a job
 * with that key waits, another send is a no-op (answers null).
 */
export async function sendPublishJob(
  queue: JobQueue,
  input: { instanceId: string; startAfter: Date; expireInSeconds: number; key?: string },
): Promise<string | null> {
  return queue.send(PUBLISH_QUEUE, { instanceId: input.instanceId } satisfies PublishJob, {
    startAfter: input.startAfter,
    singletonKey: input.key ?? input.instanceId,
    expireInSeconds: input.expireInSeconds,
    ...JOB_RETRY,
  });
}

export async function cancelPublishJobs(queue: JobQueue, jobIds: Array<string | null>) {
  const ids = jobIds.filter((id): id is string => !!id);
  if (ids.length === 0) return;
  await queue.cancel(PUBLISH_QUEUE, ids);
}
