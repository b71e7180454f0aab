import type { Container } from './container.js';
import { JOBS } from './jobs/index.js';
import { createJobWorker } from './jobs/worker.js';
import { startBillingRenewals } from './jobs/billing-renewals.js';
import { ORPHAN_SWEEP_INTERVAL_MS } from './jobs/orphan-sweep.job.js';
import { createReconciler } from './modules/publishing/reconciler.js';

/**
 * The background side of a process (ROLE=worker or all): works every listed job with the
 * container's services, and runs the publish reconciler. Web-only processes never start it.
 */
export function createWorker(container: Container) {
  const { config, logger } = container;
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };
  const jobs = createJobWorker({
    queue: container.queue,
    config,
    logger,
    jobs: JOBS,
    deps: container,
    track,
  });
  const reconciler = createReconciler({
    db: container.db,
    publishJobs: container.publishJobs,
    clock: container.clock,
    logger,
    intervalSeconds: config.publisher.reconcileIntervalSeconds,
  });
  let isStarted = false;
  let renewals: ReturnType<typeof startBillingRenewals> | null = null;
  let sweepTimer: NodeJS.Timeout | undefined;
  // Queues the orphan-upload sweep; with several workers the fixed key keeps one waiting.
  const queueSweep = () =>
    container.orphanSweepJobs.send({}).catch((error: unknown) => {
      logger.error({ err: error }, 'could not queue the orphan upload sweep');
      return null;
    });

  return {
    /** Publishes one instance now, as its job would (tests and tools). */
    publishInstance: (instanceId: string) => track(container.publishInstance(instanceId)),
    reconcile: reconciler.reconcile,
    /** Sends one customer's waiting notification mail now, as its job would (tests). */
    sendNotificationMail: (userId: string) => track(container.sendNotificationMail(userId)),
    /** Runs the orphan-upload sweep now, as its job would (tests). */
    sweepOrphanUploads: () => track(container.sweepOrphanUploads()),

    /** Works the queues, and reconciles at once and then every interval. */
    async start() {
      if (isStarted) return;
      isStarted = true;
      jobs.start();
      await reconciler.start();
      // Renews or lapses subscriptions at their period end, and expires stale checkouts.
      renewals = startBillingRenewals(container.services.billing, logger);
      // Uploads nothing references are deleted once an hour old (at start, then every 10 min).
      void queueSweep();
      sweepTimer = setInterval(() => void queueSweep(), ORPHAN_SWEEP_INTERVAL_MS);
      sweepTimer.unref();
    },

    /** Stops taking jobs and waits for the runs in flight to settle. */
    async stop() {
      isStarted = false;
      reconciler.stop();
      renewals?.stop();
      renewals = null;
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = undefined;
      await jobs.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
