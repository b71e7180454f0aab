import path from 'node:path';
import { NETWORK_IDS, type NetworkId } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ResolvedConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createLocalStorage, type Storage } from '../../integrations/storage.js';
import { PublishJobSchema, sendPublishJob } from '../../jobs/publish-jobs.js';
import { PUBLISH_QUEUE, type JobQueue } from '../../jobs/queue.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { deriveKey } from '../../lib/keys.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { createConnectionsService } from '../connections/connections.service.js';
import { createNetworkRegistry, type NetworkRegistry } from '../connections/network-registry.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { createInstancePublisher } from './publish-instance.js';
import { findInstancesWithoutLiveJob, storeJobId } from './publishing.repository.js';
import { createSemaphore } from './semaphore.js';

export interface PublisherDeps {
  config: ResolvedConfig;
  database: Database;
  queue: JobQueue;
  logger: FastifyBaseLogger;
  clock?: Clock;
  storage?: Storage;
  networks?: NetworkRegistry;
}

/** How long an idle worker waits before asking the queue again. */
const IDLE_POLL_MS = 200;
/** At most this many jobs taken from the queue in one fetch. */
const FETCH_BATCH = 50;
const RECONCILE_BATCH = 500;

/**
 * The publisher: the publish-job handler, the reconciler, and (after `start`) the queue
 * workers. Web-only processes never start it; tests may call `publishInstance` directly.
 */
export function createPublisher(deps: PublisherDeps) {
  const { config, database, queue, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const registry = deps.networks ?? createNetworkRegistry(config.networks);
  const semaphores = Object.fromEntries(
    NETWORK_IDS.map((network) => [
      network,
      createSemaphore(config.publisher.concurrencyPerNetwork),
    ]),
  ) as Record<NetworkId, ReturnType<typeof createSemaphore>>;
  const notifications = createNotificationsService({
    db: database.db,
    queue,
    clock,
    logger,
    mailDelaySeconds: config.notifyMailDelaySeconds,
  });
  const publishInstance = createInstancePublisher({
    db: database.db,
    queue,
    clock,
    logger,
    storage: deps.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads')),
    registry,
    connections: createConnectionsService({
      db: database.db,
      registry,
      box: createSecretBox(deriveKey(config.appSecret, 'credentials')),
      clock,
      logger,
    }),
    notify: (event) => notifications.record(event),
    publicUrl: config.publicUrl,
    missedAfterMs: config.publisher.missedAfterMs,
    jobExpireSeconds: config.publisher.jobExpireSeconds,
    retryBaseMs: config.publisher.retryBaseMs,
    semaphores,
  });

  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  let isReconciling = false;
  /** Queues a job for every due, unfinished instance that has none alive. */
  async function reconcile(): Promise<number> {
    if (isReconciling) return 0;
    isReconciling = true;
    try {
      const ids = await findInstancesWithoutLiveJob(
        database.db,
        PUBLISH_QUEUE,
        clock(),
        RECONCILE_BATCH,
      );
      for (const instanceId of ids) {
        const jobId = await sendPublishJob(queue, {
          instanceId,
          startAfter: new Date(),
          expireInSeconds: config.publisher.jobExpireSeconds,
        });
        if (jobId) await storeJobId(database.db, instanceId, jobId);
      }
      if (ids.length > 0) logger.info({ count: ids.length }, 'queued missing publish jobs');
      return ids.length;
    } finally {
      isReconciling = false;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let isStarted = false;
  let loop: Promise<void> | undefined;

  // A continuous pipeline rather than batches: whenever a job finishes, another is taken,
  // so one slow network never holds back the others. The per-network semaphores bound the
  // calls; this bounds the jobs held at once (enough to keep every network busy).
  const capacity = config.publisher.concurrencyPerNetwork * NETWORK_IDS.length;
  let active = 0;
  let wakeUp: (() => void) | undefined;
  const wake = () => {
    wakeUp?.();
    wakeUp = undefined;
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timeout);
        resolve();
      };
    });

  async function runJob(job: { id: string; data: unknown }) {
    try {
      await publishInstance(PublishJobSchema.parse(job.data).instanceId);
      await queue.complete(PUBLISH_QUEUE, job.id);
    } catch (error) {
      // pg-boss retries the job later; every step of publishing is idempotent.
      logger.error({ err: error, jobId: job.id }, 'publish job failed; it will be retried');
      await queue
        .fail(PUBLISH_QUEUE, job.id, { message: error instanceof Error ? error.message : 'failed' })
        .catch((failError: unknown) =>
          logger.error({ err: failError, jobId: job.id }, 'could not mark the job failed'),
        );
    }
  }

  async function runJobLoop() {
    while (isStarted) {
      const free = capacity - active;
      if (free <= 0) {
        await pause(IDLE_POLL_MS);
        continue;
      }
      let jobs: Array<{ id: string; data: unknown }>;
      try {
        // (Older pg-boss answered null for an empty queue.)
        jobs = (await queue.fetch(PUBLISH_QUEUE, { batchSize: Math.min(free, FETCH_BATCH) })) ?? [];
      } catch (error) {
        if (!isStarted) break;
        logger.error({ err: error }, 'could not fetch publish jobs');
        await pause(1000);
        continue;
      }
      if (jobs.length === 0) {
        await pause(IDLE_POLL_MS);
        continue;
      }
      for (const job of jobs) {
        active += 1;
        void track(runJob(job)).finally(() => {
          active -= 1;
          wake();
        });
      }
    }
  }

  return {
    publishInstance: (instanceId: string) => track(publishInstance(instanceId)),
    reconcile,

    /** Works the queue and reconciles at once and then every interval. */
    async start() {
      if (isStarted) return;
      isStarted = true;
      loop = runJobLoop();
      const runReconcile = () =>
        reconcile().catch((error: unknown) => logger.error({ err: error }, 'reconcile failed'));
      await runReconcile();
      timer = setInterval(
        () => void runReconcile(),
        config.publisher.reconcileIntervalSeconds * 1000,
      );
      timer.unref();
    },

    /** Stops taking jobs and waits for the calls in flight to settle. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      isStarted = false;
      wake();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
