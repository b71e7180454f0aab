import type { Container } from './container.js';
import { bindJobs } from './jobs/index.js';
import { createJobWorker } from './jobs/worker.js';
import { createRecurringRunner, recurringWork } from './jobs/recurring.js';
import type { WorkerStats } from './modules/admin/index.js';
import {
  readPublisherState,
  createPublishLoop,
  createReconciler,
} from './modules/publishing/index.js';

/**
 * The background side of a process (ROLE=worker or all): publishes due instances (the publish
 * loop, straight from their table), works every listed job, each with the part of the
 * container's work it does, and runs the recurring tasks of worker processes
 * (`jobs/recurring.ts`). Web-only processes never start it.
 */
export function createWorker(container: Container) {
  const { infra, jobs: work } = container;
  const { config, logger, liveSettings } = infra;
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  /** What the admin panel last decided (polled from the database by every worker). */
  let isPublisherStopped = false;
  let generation: number | undefined;
  async function pollControl() {
    try {
      const state = await readPublisherState(infra.database.db);
      if (state.stopped !== isPublisherStopped) {
        logger.info(
          { stopped: state.stopped },
          state.stopped ? 'publisher stopped' : 'publisher started',
        );
      }
      isPublisherStopped = state.stopped;
      if (generation !== undefined && state.generation !== generation) {
        logger.info('publisher restarting: re-reading settings, rebuilding network clients');
        work.restartPublisher();
      }
      generation = state.generation;
      await liveSettings.read();
    } catch (error) {
      logger.error({ err: error }, 'could not read the publisher state');
    }
  }

  const jobs = createJobWorker({
    queue: infra.queue,
    config,
    logger,
    jobs: bindJobs(work),
    track,
    settings: () => liveSettings.current(),
    publisherStopped: () => isPublisherStopped,
  });
  const publishLoop = createPublishLoop({
    db: infra.database.db,
    clock: infra.clock,
    logger,
    // The call lanes bound the calls (per account, per network, per process); this bounds the
    // runs held at once, most of them waiting for their account's turn. Five times the calls
    // allowed, so that runs waiting for busy accounts never leave the others without work.
    concurrency: () => config.publisher.maxInFlight * 5,
    leaseSeconds: config.publisher.jobExpireSeconds,
    owner: infra.processId,
    publishInstance: (instanceId) => work.publishInstance(instanceId),
    track,
    // Stopped from the admin panel: due instances wait in their table until Start.
    isStopped: () => isPublisherStopped,
  });
  const reconciler = createReconciler({
    db: infra.database.db,
    clock: infra.clock,
    logger,
    // While stopped, nothing is queued; the due posts are found again after Start.
    isStopped: () => isPublisherStopped,
    sendCommentJob: infra.sendCommentJob,
  });
  const recurring = createRecurringRunner(
    recurringWork({
      config,
      logger,
      worker: {
        pollPublisherControl: pollControl,
        reconcile: reconciler.reconcile,
        releaseSilentLeases: () =>
          isPublisherStopped ? Promise.resolve(0) : publishLoop.releaseSilentLeases(),
        // While stopped, no look is taken (the statement that takes one checks it too).
        readBack: () => (isPublisherStopped ? Promise.resolve(0) : work.readBackUnconfirmed()),
        runBillingRenewals: work.runBillingRenewals,
        sweepPublicApi: work.sweepPublicApi,
        sweepWebhooks: work.sweepWebhooks,
        orphanSweepJobs: infra.orphanSweepJobs,
        tokenSweepJobs: infra.tokenSweepJobs,
        metricsPollJobs: infra.metricsPollJobs,
        dispatchWebhooks: work.dispatchWebhooks,
        database: infra.database,
      },
    }),
    logger,
  );
  let isStarted = false;

  return {
    /** Publishes one instance now, as its run would (tests and tools). */
    publishInstance: (instanceId: string) => track(work.publishInstance(instanceId)),
    /** Posts one publication's first comment now, as its job would (tests). */
    publishFirstComment: (publicationId: string) => track(work.publishFirstComment(publicationId)),
    reconcile: reconciler.reconcile,
    /** Lets go of silent processes' leases now, as its recurring task would (tests). */
    releaseSilentLeases: () => publishLoop.releaseSilentLeases(),
    /** Takes the read-back's due looks now, as its recurring task would (tests). */
    readBack: () => track(work.readBackUnconfirmed()),
    /** Sends one customer's waiting notification mail now, as its job would (tests). */
    sendNotificationMail: (userId: string) => track(work.sendNotificationMail(userId)),
    /** Runs the orphan-upload sweep now, as its job would (tests). */
    sweepOrphanUploads: () => track(work.sweepOrphanUploads()),
    /** Reads the due metrics now, as the metrics job would (tests). */
    pollMetrics: () => track(work.pollMetrics()),
    /** Runs the token sweep now, as its job would (tests). */
    sweepTokens: () => track(work.sweepTokens()),
    /**
     * Delivers every due webhook message now, one after the other, as the dispatch task and
     * the delivery jobs would (tests move the clock and call this). Answers the outcomes.
     */
    deliverDueWebhooks: () =>
      track(
        (async () => {
          const outcomes: string[] = [];
          for (const id of await container.services.webhooks.claimDue())
            outcomes.push(await work.deliverWebhook(id));
          return outcomes;
        })(),
      ),
    /** Reads the admin's Stop/Start/Restart now instead of at the next poll. */
    pollControl,
    /** For the heartbeat: taking publish runs or not, runs in hand, runs finished. */
    stats(): WorkerStats {
      const publish = publishLoop.stats();
      return {
        publishing: isStarted && !isPublisherStopped,
        inFlight: publish.active,
        done: publish.done,
      };
    },

    /**
     * Starts the recurring tasks (the publisher's state is read and the reconciler has run
     * once when this answers), then works the queues.
     */
    async start() {
      if (isStarted) return;
      isStarted = true;
      await recurring.start();
      publishLoop.start();
      jobs.start();
    },

    /** Stops the timers and taking jobs, and waits for the runs in flight to settle. */
    async stop() {
      isStarted = false;
      await recurring.stop();
      await Promise.all([publishLoop.stop(), jobs.stop()]);
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
