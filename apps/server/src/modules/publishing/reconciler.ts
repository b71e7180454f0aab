import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { findCommentsWithoutJob } from './follow-ups.repository.js';
import { publishFirstCommentJob } from '../../jobs/publish-first-comment.job.js';

const RECONCILE_BATCH = 500;

/**
 * Queues a job for every first comment due whose job is gone (a process that died before
 * sending it). The worker runs it at start and then every interval (the recurring
 * `publication-reconciler` task, `jobs/recurring.ts`). Instances need no such pass: each is
 * its own job in `scheduled_instances`, its run asked in the statement or transaction that
 * gives it work (decision 130).
 */
export function createReconciler(deps: {
  db: Db;
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
    if (isReconciling || deps.isStopped?.() || !deps.sendCommentJob) return 0;
    isReconciling = true;
    try {
      const now = deps.clock();
      const comments = await findCommentsWithoutJob(
        db,
        publishFirstCommentJob.name,
        now,
        RECONCILE_BATCH,
      );
      for (const publicationId of comments) await deps.sendCommentJob(publicationId, now);
      if (comments.length > 0) {
        logger.info({ count: comments.length }, 'queued missing first-comment jobs');
      }
      return comments.length;
    } finally {
      isReconciling = false;
    }
  }

  return { reconcile };
}
