import { metricsPollJob } from './metrics-poll.job.js';
import { notificationMailJob } from './notification-mail.job.js';
import { orphanSweepJob } from './orphan-sweep.job.js';
import { publishFirstCommentJob } from './publish-first-comment.job.js';
import { tokenSweepJob } from './token-sweep.job.js';
import { webhookDeliveryJob } from './webhook-delivery.job.js';
import { bindJob, type BoundJob } from './job.js';

/**
 * Every background job. The queue creates a queue for each at start-up and the worker works
 * each one; adding a job means writing its definition file, listing it here and giving it
 * its deps in `bindJobs`. (What runs on a clock is in `recurring.ts`; publishing a scheduled
 * instance is not a job here: the publish loop takes due instances from their own table,
 * decision 130.)
 */
export const JOBS = [
  publishFirstCommentJob,
  notificationMailJob,
  orphanSweepJob,
  tokenSweepJob,
  webhookDeliveryJob,
  metricsPollJob,
] as const;

/** The work the jobs do (the container's `jobs`). */
export interface JobWork {
  publishFirstComment: (publicationId: string) => Promise<unknown>;
  sendNotificationMail: (userId: string) => Promise<unknown>;
  sweepOrphanUploads: () => Promise<unknown>;
  sweepTokens: () => Promise<unknown>;
  deliverWebhook: (messageId: string) => Promise<unknown>;
  pollMetrics: () => Promise<unknown>;
}

/** Every listed job with its handler, each given only the part of the work it does. */
export function bindJobs(work: JobWork): BoundJob[] {
  return [
    bindJob(publishFirstCommentJob, { publishFirstComment: work.publishFirstComment }),
    bindJob(notificationMailJob, { sendNotificationMail: work.sendNotificationMail }),
    bindJob(orphanSweepJob, { sweepOrphanUploads: work.sweepOrphanUploads }),
    bindJob(tokenSweepJob, { sweepTokens: work.sweepTokens }),
    bindJob(webhookDeliveryJob, { deliverWebhook: work.deliverWebhook }),
    bindJob(metricsPollJob, { pollMetrics: work.pollMetrics }),
  ];
}
