import type { Container } from './container.js';
import { JOBS } from './jobs/index.js';
import { createJobWorker } from './jobs/worker.js';
import { startBillingRenewals } from './jobs/billing-renewals.js';
import { ORPHAN_SWEEP_INTERVAL_MS } from './jobs/orphan-sweep.job.js';
import { publishInstanceJob } from './jobs/publish-instance.job.js';
import { TOKEN_SWEEP_INTERVAL_MS } from './jobs/token-sweep.job.js';
import type { WorkerStats } from './modules/admin/index.js';
import { readPublisherState, createReconciler } from './modules/publishing/index.js';

/** How often a worker reads the admin's Stop/Start/Restart (Stop takes effect within this). */
export const CONTROL_POLL_MS = 1000;
/**
 * The embedded database never gathers planner statistics by itself (PostgreSQL's autovacuum
 * does): ANALYZE soon after start (after any migration) and then every hour, so its plans
 * follow the tables' growth.
 */
const FIRST_ANALYZE_MS = 30_000;
const ANALYZE_INTERVAL_MS = 60 * 60_000;

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
  const { liveSettings } = container;

  /** What the admin panel last decided (polled from the database by every worker). */
  let isPublisherStopped = false;
  let generation: number | undefined;
  async function pollControl() {
    try {
      const state = await readPublisherState(container.db);
      if (state.paused !== isPublisherStopped) {
        logger.info(
          { paused: state.paused },
          state.paused ? 'publisher stopped' : 'publisher started',
        );
      }
      isPublisherStopped = state.paused;
      if (generation !== undefined && state.generation !== generation) {
        logger.info('publisher restarting: re-reading settings, rebuilding network clients');
        container.restartPublisher();
      }
      generation = state.generation;
      await liveSettings.read();
    } catch (error) {
      logger.error({ err: error }, 'could not read the publisher state');
    }
  }

  const jobs = createJobWorker({
    queue: container.queue,
    config,
    logger,
    jobs: JOBS,
    deps: container,
    track,
    settings: () => liveSettings.current(),
    publisherStopped: () => isPublisherStopped,
  });
  const reconciler = createReconciler({
    db: container.db,
    publishJobs: container.publishJobs,
    clock: container.clock,
    logger,
    intervalSeconds: config.publisher.reconcileIntervalSeconds,
    // While stopped, nothing is queued; the due posts are found again after Start.
    isPaused: () => isPublisherStopped,
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
  // Queues the token sweep the same way (refresh ahead of expiry, the expiry warnings).
  let tokenSweepTimer: NodeJS.Timeout | undefined;
  const queueTokenSweep = () =>
    container.tokenSweepJobs.send({}).catch((error: unknown) => {
      logger.error({ err: error }, 'could not queue the token sweep');
      return null;
    });
  let controlTimer: NodeJS.Timeout | undefined;
  let analyzeTimer: NodeJS.Timeout | undefined;
  const analyze = async () => {
    try {
      await container.database.executeSql('analyze');
    } catch (error) {
      logger.warn({ err: error }, 'could not analyze the embedded database');
    }
  };

  return {
    /** Publishes one instance now, as its job would (tests and tools). */
    publishInstance: (instanceId: string) => track(container.publishInstance(instanceId)),
    reconcile: reconciler.reconcile,
    /** Sends one customer's waiting notification mail now, as its job would (tests). */
    sendNotificationMail: (userId: string) => track(container.sendNotificationMail(userId)),
    /** Runs the orphan-upload sweep now, as its job would (tests). */
    sweepOrphanUploads: () => track(container.sweepOrphanUploads()),
    /** Runs the token sweep now, as its job would (tests). */
    sweepTokens: () => track(container.sweepTokens()),
    /** Reads the admin's Stop/Start/Restart now instead of at the next poll. */
    pollControl,
    /** For the heartbeat: taking publish jobs or not, jobs in hand, jobs finished. */
    stats(): WorkerStats {
      const publish = jobs.stats(publishInstanceJob.name);
      return {
        publishing: isStarted && !isPublisherStopped,
        inFlight: publish.active,
        done: publish.done,
      };
    },

    /** Works the queues, and reconciles at once and then every interval. */
    async start() {
      if (isStarted) return;
      isStarted = true;
      await pollControl();
      controlTimer = setInterval(() => void pollControl(), CONTROL_POLL_MS);
      controlTimer.unref();
      jobs.start();
      await reconciler.start();
      // Renews or lapses subscriptions at their period end, and expires stale checkouts.
      renewals = startBillingRenewals(container.services.billing, logger);
      // Uploads nothing references are deleted once an hour old (at start, then every 10 min).
      void queueSweep();
      sweepTimer = setInterval(() => void queueSweep(), ORPHAN_SWEEP_INTERVAL_MS);
      sweepTimer.unref();
      // Tokens expiring within 7 days: refreshed, or the customer warned (at start, every 15 min).
      void queueTokenSweep();
      tokenSweepTimer = setInterval(() => void queueTokenSweep(), TOKEN_SWEEP_INTERVAL_MS);
      tokenSweepTimer.unref();
      if (container.database.kind === 'pglite') {
        analyzeTimer = setTimeout(() => {
          void analyze();
          analyzeTimer = setInterval(() => void analyze(), ANALYZE_INTERVAL_MS);
          analyzeTimer.unref();
        }, FIRST_ANALYZE_MS);
        analyzeTimer.unref();
      }
    },

    /** Stops taking jobs and waits for the runs in flight to settle. */
    async stop() {
      isStarted = false;
      if (controlTimer) clearInterval(controlTimer);
      controlTimer = undefined;
      reconciler.stop();
      renewals?.stop();
      renewals = null;
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = undefined;
      if (tokenSweepTimer) clearInterval(tokenSweepTimer);
      tokenSweepTimer = undefined;
      // (clearTimeout clears an interval too: they share one id space.)
      if (analyzeTimer) clearTimeout(analyzeTimer);
      analyzeTimer = undefined;
      await jobs.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
