import type { FastifyBaseLogger } from 'fastify';
import type { ResolvedConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { metricsPollJob } from './metrics-poll.job.js';
import { orphanSweepJob } from './orphan-sweep.job.js';
import { tokenSweepJob } from './token-sweep.job.js';

/**
 * Where a recurring task runs (decision 107):
 * - 'every process': each process, web ones too, on its own timer (each must report itself).
 * - 'every worker': each worker process (ROLE=worker|all) on its own timer; the work is safe
 *   side by side (row locks, unique keys, one-waiting-per-key jobs).
 * - 'one worker at a time': each worker's timer queues a pg-boss job under a fixed key; the
 *   queue keeps one waiting whatever the number of workers, and one worker works it (its
 *   handler, `<name>.job.ts`, runs the container's work).
 */
export type RunsOn = 'every process' | 'every worker' | 'one worker at a time';

export interface RecurringTask {
  name: string;
  /** Milliseconds between two runs (the timer counts from the start). */
  every: number;
  /**
   * The first run: at start, and `start()` waits for it ('awaited'); at start without
   * waiting ('at start'); or this many milliseconds after the start.
   */
  first: 'awaited' | 'at start' | { afterMs: number };
  runsOn: RunsOn;
  run: () => Promise<unknown>;
}

/** Queues one job of a 'one worker at a time' task (its payload is empty, its key fixed). */
interface SweepPort {
  send(payload: object): Promise<string | null>;
}

/**
 * What the tasks use, and no more: a process gives `heartbeat`, a worker gives `worker`.
 * Each part schedules the tasks it can run.
 */
export interface RecurringDeps {
  config: Pick<ResolvedConfig, 'publisher'>;
  logger: FastifyBaseLogger;
  heartbeat?: { beat(): Promise<void> };
  worker?: {
    /** Reads the admin's Stop/Start/Restart and the live settings (logs its own failures). */
    pollPublisherControl(): Promise<void>;
    /** Queues a job for each due first comment without one (skipped while stopped). */
    reconcile(): Promise<unknown>;
    /** Lets go of the publish leases of processes that fell silent (skipped while stopped). */
    releaseSilentLeases(): Promise<number>;
    /** Looks on the networks for unconfirmed publications whose look is due. */
    readBack(): Promise<unknown>;
    runBillingRenewals(): Promise<{ renewed: number; lapsed: number; expired: number }>;
    /** Deletes the public API's idempotency keys past 24 h and its calls past 30 days. */
    sweepPublicApi(): Promise<{ keys: number; calls: number }>;
    /** Deletes webhook events and delivery attempts past their 30 days. */
    sweepWebhooks(): Promise<{ messages: number; deliveries: number }>;
    orphanSweepJobs: SweepPort;
    tokenSweepJobs: SweepPort;
    metricsPollJobs: SweepPort;
    /** Queues a delivery job for each due webhook message (the outbox's relay). */
    dispatchWebhooks(): Promise<number>;
    database: Pick<Database, 'kind' | 'executeSql'>;
  };
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

/**
 * Every recurring task of the server, with its interval and where it runs: the one list.
 * (Jobs queued by an event, `publish-first-comment` and `notification-mail`, are not
 * recurring: they are in `JOBS`, `index.ts`; nor is publishing due posts: the worker's publish
 * loop.) `createRecurringRunner` below runs them all the same way.
 */
export function recurringWork(deps: RecurringDeps): RecurringTask[] {
  const { logger, heartbeat, worker } = deps;
  const tasks: RecurringTask[] = [];
  if (heartbeat) {
    tasks.push({
      // The admin panel's Service Monitoring: this process's CPU, memory and, on workers,
      // the publisher's counters. A process silent for 30 s shows as error.
      name: 'heartbeat',
      every: 5 * SECOND_MS,
      first: 'at start',
      runsOn: 'every process',
      run: () => heartbeat.beat(),
    });
  }
  if (!worker) return tasks;
  tasks.push(
    {
      // The admin's Stop takes effect within this; read before the worker takes any job.
      name: 'publisher-control',
      every: 1 * SECOND_MS,
      first: 'awaited',
      runsOn: 'every worker',
      run: () => worker.pollPublisherControl(),
    },
    {
      // Due first comments whose job is gone get one (PUBLISH_RECONCILE_SECONDS).
      name: 'publication-reconciler',
      every: deps.config.publisher.reconcileIntervalSeconds * SECOND_MS,
      first: 'awaited',
      runsOn: 'every worker',
      run: () =>
        worker
          .reconcile()
          .catch((error: unknown) => logger.error({ err: error }, 'reconcile failed')),
    },
    {
      // A killed worker's instances are taken over once its heartbeat falls silent (30 s),
      // not when their leases run out (PUBLISH_JOB_EXPIRE_SECONDS).
      name: 'publish-lease-release',
      every: 5 * SECOND_MS,
      first: 'at start',
      runsOn: 'every worker',
      run: () =>
        worker
          .releaseSilentLeases()
          .catch((error: unknown) => logger.error({ err: error }, 'lease release failed')),
    },
    {
      // Unconfirmed publications looked for on their networks (READBACK_AFTER_SECONDS after
      // the answer was lost): published, sent again, or left to the customer. Each look is
      // taken with a lease in one statement, so workers side by side never share one.
      name: 'publication-read-back',
      every:
        Math.min(
          Math.max(1, Math.round(deps.config.publisher.readBackAfterMs / 4 / SECOND_MS)),
          15,
        ) * SECOND_MS,
      first: 'at start',
      runsOn: 'every worker',
      run: () =>
        worker
          .readBack()
          .catch((error: unknown) => logger.error({ err: error }, 'read-back failed')),
    },
    {
      // Renews or lapses subscriptions at their period end, and expires stale checkouts.
      // Safe on several workers at once: each subscription is locked while it is handled,
      // and a renewal's order is unique per period.
      name: 'billing-renewals',
      every: 1 * MINUTE_MS,
      first: 'at start',
      runsOn: 'every worker',
      run: async () => {
        try {
          const result = await worker.runBillingRenewals();
          if (result.renewed || result.lapsed || result.expired)
            logger.info(result, 'billing renewals done');
        } catch (error) {
          logger.error({ err: error }, 'billing renewals failed');
        }
      },
    },
    {
      // Idempotency-Keys past their 24 hours and API calls past 30 days. Plain deletes by
      // time: safe on several workers at once.
      name: 'public-api-sweep',
      every: 60 * MINUTE_MS,
      first: { afterMs: 60 * SECOND_MS },
      runsOn: 'every worker',
      run: async () => {
        try {
          const swept = await worker.sweepPublicApi();
          if (swept.keys || swept.calls) logger.info(swept, 'public API sweep done');
        } catch (error) {
          logger.error({ err: error }, 'public API sweep failed');
        }
      },
    },
    {
      // Webhook events and their attempts past 30 days (settled ones). Plain deletes by
      // time: safe on several workers at once.
      name: 'webhook-sweep',
      every: 60 * MINUTE_MS,
      first: { afterMs: 90 * SECOND_MS },
      runsOn: 'every worker',
      run: async () => {
        try {
          const swept = await worker.sweepWebhooks();
          if (swept.messages || swept.deliveries) logger.info(swept, 'webhook sweep done');
        } catch (error) {
          logger.error({ err: error }, 'webhook sweep failed');
        }
      },
    },
    {
      // Uploads nothing references are deleted once an hour old.
      name: orphanSweepJob.name,
      every: 10 * MINUTE_MS,
      first: 'at start',
      runsOn: 'one worker at a time',
      run: () =>
        worker.orphanSweepJobs.send({}).catch((error: unknown) => {
          logger.error({ err: error }, 'could not queue the orphan upload sweep');
          return null;
        }),
    },
    {
      // Tokens expiring within 7 days: refreshed, or the customer warned.
      name: tokenSweepJob.name,
      every: 15 * MINUTE_MS,
      first: 'at start',
      runsOn: 'one worker at a time',
      run: () =>
        worker.tokenSweepJobs.send({}).catch((error: unknown) => {
          logger.error({ err: error }, 'could not queue the token sweep');
          return null;
        }),
    },
    {
      // Published posts' numbers and accounts' followers read from the networks (on their
      // own queue, never in the publisher's way); the job reads only what is due.
      name: metricsPollJob.name,
      every: 1 * MINUTE_MS,
      first: { afterMs: 20 * SECOND_MS },
      runsOn: 'one worker at a time',
      run: () =>
        worker.metricsPollJobs.send({}).catch((error: unknown) => {
          logger.error({ err: error }, 'could not queue the metrics poll');
          return null;
        }),
    },
    {
      // The webhook outbox: each due message (new, or its retry time come) gets a delivery
      // job. Safe side by side: a message is claimed with SKIP LOCKED and held a minute.
      name: 'webhook-dispatch',
      every: 1 * SECOND_MS,
      first: 'at start',
      runsOn: 'every worker',
      run: () =>
        worker
          .dispatchWebhooks()
          .catch((error: unknown) => logger.error({ err: error }, 'webhook dispatch failed')),
    },
  );
  if (worker.database.kind === 'pglite') {
    tasks.push({
      // The embedded database never gathers planner statistics by itself (PostgreSQL's
      // autovacuum does): ANALYZE soon after start (after any migration) and then every
      // hour, so its plans follow the tables' growth. One process owns it (decision 001).
      name: 'embedded-database-analyze',
      every: 60 * MINUTE_MS,
      first: { afterMs: 30 * SECOND_MS },
      runsOn: 'every worker',
      run: async () => {
        try {
          await worker.database.executeSql('analyze');
        } catch (error) {
          logger.warn({ err: error }, 'could not analyze the embedded database');
        }
      },
    });
  }
  return tasks;
}

/**
 * Runs recurring tasks on timers (unref'd: they never keep the process alive). A task's
 * next tick is skipped while its previous run is still going; a run that throws is logged
 * and the next tick runs as usual. `stop` clears the timers and waits for the runs in flight.
 */
export function createRecurringRunner(tasks: RecurringTask[], logger: FastifyBaseLogger) {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let isStarted = false;

  function runOnce(task: RecurringTask) {
    const current = running.get(task.name);
    if (current) return current;
    const run = (async () => {
      try {
        await task.run();
      } catch (error) {
        logger.error({ err: error, task: task.name }, 'recurring task failed');
      }
    })();
    running.set(task.name, run);
    void run.finally(() => running.delete(task.name));
    return run;
  }

  function repeat(task: RecurringTask) {
    const timer = setInterval(() => void runOnce(task), task.every);
    timer.unref();
    timers.add(timer);
  }

  return {
    /** Starts every task's timer, in list order, waiting for the 'awaited' first runs. */
    async start() {
      if (isStarted) return;
      isStarted = true;
      for (const task of tasks) {
        if (!isStarted) return;
        if (typeof task.first === 'object') {
          const timer = setTimeout(() => {
            timers.delete(timer);
            void runOnce(task);
            repeat(task);
          }, task.first.afterMs);
          timer.unref();
          timers.add(timer);
          continue;
        }
        repeat(task);
        const first = runOnce(task);
        if (task.first === 'awaited') await first;
      }
    },
    async stop() {
      isStarted = false;
      // (clearTimeout clears an interval too: they share one id space.)
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running.values()]);
    },
  };
}

export type RecurringRunner = ReturnType<typeof createRecurringRunner>;
