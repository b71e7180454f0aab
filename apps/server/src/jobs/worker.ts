import type { FastifyBaseLogger } from 'fastify';
import type { ResolvedConfig } from '../config.js';
import type { SettingValues } from '../lib/live-settings.js';
import type { BoundJob } from './job.js';
import type { JobQueue } from './job-queue.js';

/**
 * How long an idle loop waits before asking the queue again, unless its kind says otherwise
 * (`idlePollMs`: the publisher's asks every 200 ms). Seven kinds polled every 200 ms by each
 * worker were most of the queue's fetches in the realistic benchmark (1.1 per publication).
 */
const IDLE_POLL_MS = 1000;
/** At most this many jobs taken from the queue in one fetch. */
const FETCH_BATCH = 100;
/** Finished jobs are marked complete together: at most this many, at most this late. */
const COMPLETE_BATCH = 100;
const COMPLETE_DELAY_MS = 20;
/**
 * With jobs in hand, the loop tops up once a tenth of the kind's slots are free (or this long
 * after the first one freed up), not at every finished job: a fetch is a statement whatever
 * it takes, and fetching one job per finished job made fetches outnumber jobs (1.2 fetches
 * per publication in the realistic benchmark, each planned and run by PostgreSQL).
 */
const TOP_UP_SHARE = 0.1;
const TOP_UP_WAIT_MS = 100;

/**
 * Works every given job kind: one loop per kind, each holding at most the kind's
 * concurrency. A continuous pipeline rather than batches: whenever a job finishes another is
 * taken, so one slow job never holds back the others. A payload that fails its schema, or a
 * handler that throws, fails the job (pg-boss retries it per the definition's policy).
 */
export function createJobWorker(input: {
  queue: JobQueue;
  config: ResolvedConfig;
  logger: FastifyBaseLogger;
  jobs: ReadonlyArray<BoundJob>;
  /** Wraps each run (the caller tracks runs in flight to wait for them on stop). */
  track: <T>(run: Promise<T>) => Promise<T>;
  /** The admin's settings as last read (job concurrency follows them). */
  settings: () => SettingValues;
  /** Whether the admin stopped the publisher (as last polled). */
  publisherStopped: () => boolean;
}) {
  const { queue, logger } = input;
  let isStarted = false;
  const loops: Array<Promise<void>> = [];
  const wakers = new Set<() => void>();
  /** Per job kind: runs in hand now, and runs finished (completed or failed) since start. */
  const counters = new Map<string, { active: number; done: number }>();

  /**
   * Marks finished jobs complete in batches (one statement for many jobs, not one each).
   * Answers when the job's batch is written; a batch that fails leaves its jobs to expire and
   * run again, which every handler tolerates (they are idempotent).
   */
  function createCompleter(jobName: string) {
    let ids: string[] = [];
    let waiting: Array<() => void> = [];
    let timer: NodeJS.Timeout | undefined;
    const flush = async () => {
      const batch = ids;
      const written = waiting;
      ids = [];
      waiting = [];
      if (timer) clearTimeout(timer);
      timer = undefined;
      try {
        await queue.complete(jobName, batch);
      } catch (error) {
        logger.error({ err: error, job: jobName }, 'could not complete jobs');
      } finally {
        for (const resolve of written) resolve();
      }
    };
    return (id: string) =>
      new Promise<void>((resolve) => {
        ids.push(id);
        waiting.push(resolve);
        if (ids.length >= COMPLETE_BATCH) void flush();
        else timer ??= setTimeout(() => void flush(), COMPLETE_DELAY_MS);
      });
  }

  function workLoop(job: BoundJob) {
    const complete = createCompleter(job.name);
    const counter = { active: 0, done: 0 };
    counters.set(job.name, counter);
    let wakeUp: (() => void) | undefined;
    const wake = () => {
      wakeUp?.();
      wakeUp = undefined;
    };
    wakers.add(wake);
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timeout = setTimeout(resolve, ms);
        wakeUp = () => {
          clearTimeout(timeout);
          resolve();
        };
      });

    async function run(entry: { id: string; data: unknown }) {
      try {
        await job.handle(entry.data);
        await complete(entry.id);
        counter.done += 1;
      } catch (error) {
        logger.error(
          { err: error, job: job.name, jobId: entry.id },
          'job failed; it will be retried',
        );
        await queue
          .fail(job.name, entry.id, {
            message: error instanceof Error ? error.message : 'failed',
          })
          .catch((failError: unknown) =>
            logger.error({ err: failError, jobId: entry.id }, 'could not mark the job failed'),
          );
      }
    }

    const idlePollMs = job.policy.idlePollMs ?? IDLE_POLL_MS;
    return (async () => {
      /** When a slot first freed up while jobs were in hand, since the last fetch. */
      let freeSince: number | undefined;
      while (isStarted) {
        const concurrency = job.policy.concurrency(input.config, input.settings());
        const free = concurrency - counter.active;
        const isStopped = job.policy.stopped?.({ publisherStopped: input.publisherStopped() });
        if (free <= 0 || isStopped) {
          await pause(idlePollMs);
          continue;
        }
        if (counter.active > 0 && free < Math.max(1, Math.floor(concurrency * TOP_UP_SHARE))) {
          freeSince ??= Date.now();
          const waited = Date.now() - freeSince;
          if (waited < TOP_UP_WAIT_MS) {
            await pause(TOP_UP_WAIT_MS - waited);
            continue;
          }
        }
        freeSince = undefined;
        let entries: Array<{ id: string; data: unknown }>;
        try {
          // (Older pg-boss answered null for an empty queue.)
          const fetched =
            (await queue.fetch(job.name, {
              batchSize: Math.min(free, FETCH_BATCH),
              includeMetadata: true,
            })) ?? [];
          // The queue hands jobs out in the order they were sent; started in the order they
          // were due instead, so a backlog goes out in time order (an account's posts too).
          entries = fetched.sort((a, b) => a.startAfter.getTime() - b.startAfter.getTime());
        } catch (error) {
          if (!isStarted) break;
          logger.error({ err: error, job: job.name }, 'could not fetch jobs');
          await pause(1000);
          continue;
        }
        if (entries.length === 0) {
          await pause(idlePollMs);
          continue;
        }
        for (const entry of entries) {
          counter.active += 1;
          void input.track(run(entry)).finally(() => {
            counter.active -= 1;
            wake();
          });
        }
      }
    })();
  }

  return {
    /** Runs in hand and finished since start, for one job kind. */
    stats(jobName: string) {
      const counter = counters.get(jobName);
      return { active: counter?.active ?? 0, done: counter?.done ?? 0 };
    },
    start() {
      if (isStarted) return;
      isStarted = true;
      for (const job of input.jobs) loops.push(workLoop(job));
    },
    /** Stops taking jobs; the runs in flight are the tracker's to wait for. */
    async stop() {
      isStarted = false;
      for (const wake of wakers) wake();
      await Promise.all(loops.splice(0));
      wakers.clear();
    },
  };
}
