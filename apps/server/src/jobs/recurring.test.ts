import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import {
  createRecurringRunner,
  recurringWork,
  type RecurringDeps,
  type RecurringTask,
} from './recurring.js';

const logger = createLogger('silent');
const nothing = () => Promise.resolve();

function workerDeps(kind: 'pglite' | 'postgres'): NonNullable<RecurringDeps['worker']> {
  return {
    pollPublisherControl: nothing,
    reconcile: () => Promise.resolve(0),
    releaseSilentLeases: () => Promise.resolve(0),
    readBack: () => Promise.resolve(0),
    runBillingRenewals: () => Promise.resolve({ renewed: 0, lapsed: 0, expired: 0 }),
    sweepPublicApi: () => Promise.resolve({ keys: 0, calls: 0 }),
    sweepWebhooks: () => Promise.resolve({ messages: 0, deliveries: 0 }),
    orphanSweepJobs: { send: () => Promise.resolve(null) },
    tokenSweepJobs: { send: () => Promise.resolve(null) },
    metricsPollJobs: { send: () => Promise.resolve(null) },
    dispatchWebhooks: () => Promise.resolve(0),
    database: { kind, executeSql: () => Promise.resolve({ rows: [] }) },
  };
}

const config = {
  publisher: { reconcileIntervalSeconds: 30, readBackAfterMs: 120_000 },
} as RecurringDeps['config'];

describe('the list of recurring work', () => {
  it('names every task with its interval and where it runs', () => {
    const tasks = recurringWork({
      config,
      logger,
      heartbeat: { beat: nothing },
      worker: workerDeps('pglite'),
    });
    expect(tasks.map(({ name, every, first, runsOn }) => ({ name, every, first, runsOn }))).toEqual(
      [
        { name: 'heartbeat', every: 5_000, first: 'at start', runsOn: 'every process' },
        { name: 'publisher-control', every: 1_000, first: 'awaited', runsOn: 'every worker' },
        {
          name: 'publication-reconciler',
          every: 30_000,
          first: 'awaited',
          runsOn: 'every worker',
        },
        {
          name: 'publish-lease-release',
          every: 5_000,
          first: 'at start',
          runsOn: 'every worker',
        },
        {
          name: 'publication-read-back',
          every: 15_000,
          first: 'at start',
          runsOn: 'every worker',
        },
        { name: 'billing-renewals', every: 60_000, first: 'at start', runsOn: 'every worker' },
        {
          name: 'public-api-sweep',
          every: 3_600_000,
          first: { afterMs: 60_000 },
          runsOn: 'every worker',
        },
        {
          name: 'webhook-sweep',
          every: 3_600_000,
          first: { afterMs: 90_000 },
          runsOn: 'every worker',
        },
        {
          name: 'orphan-upload-sweep',
          every: 600_000,
          first: 'at start',
          runsOn: 'one worker at a time',
        },
        { name: 'token-sweep', every: 900_000, first: 'at start', runsOn: 'one worker at a time' },
        {
          name: 'metrics-poll',
          every: 60_000,
          first: { afterMs: 20_000 },
          runsOn: 'one worker at a time',
        },
        { name: 'webhook-dispatch', every: 1_000, first: 'at start', runsOn: 'every worker' },
        {
          name: 'embedded-database-analyze',
          every: 3_600_000,
          first: { afterMs: 30_000 },
          runsOn: 'every worker',
        },
      ],
    );
  });

  it('schedules only what the caller can run: a web process its heartbeat, PostgreSQL no ANALYZE', () => {
    expect(recurringWork({ config, logger, heartbeat: { beat: nothing } })).toHaveLength(1);
    const onPostgres = recurringWork({ config, logger, worker: workerDeps('postgres') });
    expect(onPostgres.map((task) => task.name)).not.toContain('embedded-database-analyze');
    expect(onPostgres.map((task) => task.runsOn)).not.toContain('every process');
  });
});

describe('the recurring runner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const task = (overrides: Partial<RecurringTask>): RecurringTask => ({
    name: 'task',
    every: 1000,
    first: 'at start',
    runsOn: 'every worker',
    run: nothing,
    ...overrides,
  });

  it('waits for the awaited first runs, in list order, and runs each task every interval', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const runner = createRecurringRunner(
      [
        task({
          name: 'first',
          first: 'awaited',
          run: async () => {
            await new Promise((resolve) => setTimeout(resolve, 50));
            calls.push('first');
          },
        }),
        task({ name: 'second', run: () => Promise.resolve(void calls.push('second')) }),
        task({
          name: 'later',
          first: { afterMs: 2500 },
          run: () => Promise.resolve(void calls.push('later')),
        }),
      ],
      logger,
    );
    const started = runner.start();
    await vi.advanceTimersByTimeAsync(50);
    await started;
    expect(calls).toEqual(['first', 'second']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.filter((call) => call === 'second')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toContain('later');
    await runner.stop();
    const count = calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(count);
  });

  it('skips a tick while the previous run goes on, and stop waits for that run', async () => {
    vi.useFakeTimers();
    let started = 0;
    let finished = 0;
    const runner = createRecurringRunner(
      [
        task({
          run: async () => {
            started += 1;
            await new Promise((resolve) => setTimeout(resolve, 2500));
            finished += 1;
          },
        }),
      ],
      logger,
    );
    await runner.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(started).toBe(1);
    const stopped = runner.stop();
    await vi.advanceTimersByTimeAsync(500);
    await stopped;
    expect(finished).toBe(1);
  });

  it('logs a run that throws and runs the task again at the next tick', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const runner = createRecurringRunner(
      [
        task({
          run: () => {
            runs += 1;
            throw new Error('boom');
          },
        }),
      ],
      logger,
    );
    await runner.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    await runner.stop();
  });
});
