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

/** Job loops per process, each taking a small batch and publishing its jobs concurrently. */
const WORK_LOOPS = 4;
const BATCH_SIZE = 10;
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

  return {
    publishInstance: (instanceId: string) => track(publishInstance(instanceId)),
    reconcile,

    /** Works the queue and reconciles at once and then every interval. */
    async start() {
      if (isStarted) return;
      isStarted = true;
      for (let loop = 0; loop < WORK_LOOPS; loop++) {
        await queue.work(
          PUBLISH_QUEUE,
          { batchSize: BATCH_SIZE, pollingIntervalSeconds: 0.5 },
          async (jobs) => {
            const results = await Promise.allSettled(
              jobs.map((job) =>
                track(publishInstance(PublishJobSchema.parse(job.data).instanceId)),
              ),
            );
            const failure = results.find((result) => result.status === 'rejected');
            // pg-boss retries the batch; every step is idempotent, so that is safe.
            if (failure) throw failure.reason;
          },
        );
      }
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
      if (isStarted) await queue.offWork(PUBLISH_QUEUE);
      isStarted = false;
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
