import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ResolvedConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { Mailer } from '../integrations/mail.js';
import { createLocalStorage, type Storage } from '../integrations/storage.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { sendPendingNotificationMail } from '../modules/notifications/notifications.service.js';
import { createUploadsService } from '../modules/uploads/uploads.service.js';
import { NOTIFY_MAIL_QUEUE, NotifyMailJobSchema } from './notification-jobs.js';
import type { JobQueue } from './queue.js';

/** How often a worker deletes uploads nothing references (older than an hour). */
export const ORPHAN_SWEEP_INTERVAL_MS = 10 * 60_000;

export interface BackgroundJobsDeps {
  config: ResolvedConfig;
  database: Database;
  queue: JobQueue;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  clock?: Clock;
  storage?: Storage;
}

/**
 * The worker's jobs besides publishing: notification mails (a pg-boss queue, one job per
 * customer) and the orphan-upload sweep (on an interval). Web-only processes never start them.
 */
export function createBackgroundJobs(deps: BackgroundJobsDeps) {
  const { database, queue, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const uploads = createUploadsService({
    db: database.db,
    storage: deps.storage ?? createLocalStorage(path.join(deps.config.dataDir, 'uploads')),
    clock,
    logger,
  });
  const mailDeps = {
    db: database.db,
    queue,
    mailer: deps.mailer,
    clock,
    publicUrl: deps.config.publicUrl,
  };
  let timer: NodeJS.Timeout | undefined;
  let isWorking = false;

  const sweep = () =>
    uploads.sweepOrphans().catch((error: unknown) => {
      logger.error({ err: error }, 'orphan upload sweep failed');
      return 0;
    });

  return {
    sendNotificationMail: (userId: string) => sendPendingNotificationMail(mailDeps, userId),
    sweepOrphanUploads: () => uploads.sweepOrphans(),

    async start() {
      if (isWorking) return;
      isWorking = true;
      await queue.work(
        NOTIFY_MAIL_QUEUE,
        { pollingIntervalSeconds: 2, batchSize: 5 },
        async (jobs) => {
          for (const job of jobs) {
            await sendPendingNotificationMail(mailDeps, NotifyMailJobSchema.parse(job.data).userId);
          }
        },
      );
      void sweep();
      timer = setInterval(() => void sweep(), ORPHAN_SWEEP_INTERVAL_MS);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (!isWorking) return;
      isWorking = false;
      await queue.offWork(NOTIFY_MAIL_QUEUE);
    },
  };
}

export type BackgroundJobs = ReturnType<typeof createBackgroundJobs>;
