import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobPort } from '../../jobs/port.js';
import {
  publishInstanceJob,
  type PublishInstancePayload,
} from '../../jobs/publish-instance.job.js';
import type { Clock } from '../../lib/clock.js';
import { storeJobId } from '../schedules/index.js';
import { findInstancesWithoutLiveJob } from './reconciler.repository.js';
import { findCommentsWithoutJob } from './follow-ups.repository.js';
import { publishFirstCommentJob } from '../../jobs/publish-first-comment.job.js';

const RECONCILE_BATCH = 500;

/**
 * Queues a publish job for every due, unfinished instance that has none alive (a send that
 * failed after the schedule was saved or after a 'Publish now', a job lost with a crashed
 * database...). The worker runs it at start and then every interval (the recurring
 * `publication-reconciler` task, `jobs/recurring.ts`).
 */
export function createReconciler(deps: {
  db: Db;
  publishJobs: JobPort<PublishInstancePayload>;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The admin's publisher Stop: nothing is queued while it holds. */
  isStopped?: () => boolean;
  /** Queues a first comment's job (for comments due whose job was lost). */
  sendCommentJob?: (publicationId: string, at: Date) => Promise<unknown>;
}) {
  const { db, logger } = deps;
  let isReconciling = false;

  async function reconcile(): Promise<number> {
    if (isReconciling || deps.isStopped?.()) return 0;
    isReconciling = true;
    try {
      const now = deps.clock();
      const due = await findInstancesWithoutLiveJob(
        db,
        publishInstanceJob.name,
        now,
        RECONCILE_BATCH,
      );
      for (const { id: instanceId, due: dueAt, scheduledFor } of due) {
        // A job waiting for the instance's own time keeps the instance's key ('short' queue:
        // one waiting job per key), so one for an earlier publication needs a key of its own.
        const key =
          dueAt.getTime() < scheduledFor.getTime()
            ? `${instanceId}:due:${dueAt.getTime()}`
            : undefined;
        const jobId = await deps.publishJobs.send(
          { instanceId },
          { startAfter: now, ...(key ? { key } : {}) },
        );
        if (jobId) await storeJobId(db, instanceId, jobId);
      }
      if (due.length > 0) logger.info({ count: due.length }, 'queued missing publish jobs');
      // First comments due whose job went missing (a process died before sending it).
      const comments = deps.sendCommentJob
        ? await findCommentsWithoutJob(db, publishFirstCommentJob.name, now, RECONCILE_BATCH)
        : [];
      for (const publicationId of comments) await deps.sendCommentJob?.(publicationId, now);
      return due.length + comments.length;
    } finally {
      isReconciling = false;
    }
  }

  return { reconcile };
}
