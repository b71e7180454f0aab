import { notificationMailJob } from './notification-mail.job.js';
import { orphanSweepJob } from './orphan-sweep.job.js';
import { publishInstanceJob } from './publish-instance.job.js';
import { tokenSweepJob } from './token-sweep.job.js';

/**
 * Every background job. The queue creates a queue for each at start-up and the worker works
 * each one; adding a job means writing its definition file and listing it here.
 */
export const JOBS = [
  publishInstanceJob,
  notificationMailJob,
  orphanSweepJob,
  tokenSweepJob,
] as const;
