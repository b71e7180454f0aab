import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import {
  claimDueRuns,
  finishRuns,
  holdFailedRun,
  releaseSilentLeases,
  type ClaimedRun,
} from '../schedules/index.js';

/** An empty scan is made again after this: due times matter to the second. */
const IDLE_POLL_MS = 200;
/** At most this many instances taken in one claim. */
const CLAIM_BATCH = 100;
/** Finished runs let go of their leases together: at most this many, at most this late. */
const FINISH_BATCH = 100;
const FINISH_DELAY_MS = 20;
/**
 * With runs in hand, the loop tops up once a tenth of its slots are free (or this long after
 * the first one freed up), not at every finished run: a claim is a statement whatever it takes.
 */
const TOP_UP_SHARE = 0.1;
const TOP_UP_WAIT_MS = 100;

export interface PublishLoopDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Runs held at once by this process (most wait for their account's turn in the lanes). */
  concurrency: () => number;
  /** PUBLISH_JOB_EXPIRE_SECONDS: a run holds its instance this long, then another may take it. */
  leaseSeconds: number;
  /**
   * This process's heartbeat id, named on its leases so that others let them go once it falls
   * silent (decision 131); null when it does not beat (tests).
   */
  owner: string | null;
  /** Publishes one instance (the publisher's work for one run). */
  publishInstance: (instanceId: string) => Promise<unknown>;
  /** Wraps each run (the caller tracks runs in flight to wait for them on stop). */
  track: <T>(run: Promise<T>) => Promise<T>;
  /** Whether the admin stopped the publisher (as last polled): due instances wait. */
  isStopped: () => boolean;
}

/**
 * The publisher's loop (decision 130): takes due instances straight from
 * `scheduled_instances` (each instance is its own job), earliest first, and runs each with a
 * lease; a continuous pipeline, topped up in batches as runs finish. A run that ends lets go
 * of its lease (what was asked while it ran is due next); a run that throws holds the
 * instance for its backoff, then it is due again. A worker that dies leaves its leases to run
 * out, and the instances are taken again.
 */
export function createPublishLoop(deps: PublishLoopDeps) {
  const { db, logger } = deps;
  let isStarted = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  /** Runs in hand, runs finished, and turns of the loop (each a claim or a pause). */
  const counter = { active: 0, done: 0, turns: 0 };

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

  /** Lets go of finished runs' leases in batches (one statement for many runs). */
  const finish = (() => {
    let runs: ClaimedRun[] = [];
    let waiting: Array<() => void> = [];
    let timer: NodeJS.Timeout | undefined;
    const flush = async () => {
      const batch = runs;
      const written = waiting;
      runs = [];
      waiting = [];
      if (timer) clearTimeout(timer);
      timer = undefined;
      try {
        await finishRuns(db, batch);
      } catch (error) {
        // The leases run out instead, and the instances are run again: harmless.
        logger.error({ err: error }, 'could not let go of finished publish runs');
      } finally {
        for (const resolve of written) resolve();
      }
    };
    return (run: ClaimedRun) =>
      new Promise<void>((resolve) => {
        runs.push(run);
        waiting.push(resolve);
        if (runs.length >= FINISH_BATCH) void flush();
        else timer ??= setTimeout(() => void flush(), FINISH_DELAY_MS);
      });
  })();

  async function run(claimed: ClaimedRun) {
    try {
      await deps.publishInstance(claimed.id);
      await finish(claimed);
      counter.done += 1;
    } catch (error) {
      logger.error(
        { err: error, instanceId: claimed.id },
        'publish run failed; it will be run again',
      );
      await holdFailedRun(db, claimed, deps.clock()).catch((holdError: unknown) =>
        logger.error(
          { err: holdError, instanceId: claimed.id },
          'could not hold the failed run (its lease runs out instead)',
        ),
      );
    }
  }

  async function work() {
    /** When a slot first freed up while runs were in hand, since the last claim. */
    let freeSince: number | undefined;
    while (isStarted) {
      counter.turns += 1;
      const concurrency = deps.concurrency();
      const free = concurrency - counter.active;
      if (free <= 0 || deps.isStopped()) {
        await pause(IDLE_POLL_MS);
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
      let claimed: ClaimedRun[];
      try {
        const now = deps.clock();
        claimed = await claimDueRuns(
          db,
          now,
          new Date(now.getTime() + deps.leaseSeconds * 1000),
          Math.min(free, CLAIM_BATCH),
          deps.owner,
        );
      } catch (error) {
        if (!isStarted) break;
        logger.error({ err: error }, 'could not take due publish runs');
        await pause(1000);
        continue;
      }
      if (claimed.length === 0) {
        await pause(IDLE_POLL_MS);
        continue;
      }
      // Started in the order they fell due, so a backlog goes out in time order.
      for (const entry of claimed) {
        counter.active += 1;
        void deps.track(run(entry)).finally(() => {
          counter.active -= 1;
          wake();
        });
      }
    }
  }

  return {
    /** Runs in hand now, runs finished since start, and the loop's turns (tests wait for them). */
    stats: () => ({ ...counter }),
    /**
     * Lets go of the leases of processes that fell silent (the recurring
     * `publish-lease-release` task): their instances are due at once. Answers how many.
     */
    async releaseSilentLeases() {
      const released = await releaseSilentLeases(db, deps.clock());
      if (released > 0) {
        logger.info({ count: released }, 'took over the publish runs of a silent process');
        wake();
      }
      return released;
    },
    start() {
      if (isStarted) return;
      isStarted = true;
      loop = work();
    },
    /** Stops taking instances; the runs in flight are the tracker's to wait for. */
    async stop() {
      isStarted = false;
      wake();
      await loop;
      loop = undefined;
    },
  };
}

export type PublishLoop = ReturnType<typeof createPublishLoop>;
