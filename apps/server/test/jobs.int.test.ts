import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/databases.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe.each(engines)('job queue on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs a job sent to the queue on the same database', async () => {
    const queue = t.services.queue;
    await queue.createQueue('probe');
    const received = new Promise<unknown>((resolve) => {
      void queue.work<{ value: number }>('probe', { pollingIntervalSeconds: 0.5 }, ([job]) => {
        resolve(job?.data);
        return Promise.resolve();
      });
    });
    const id = await queue.send('probe', { value: 42 });
    expect(id).toBeTruthy();
    await expect(received).resolves.toEqual({ value: 42 });
  });

  it('holds a delayed job until its start time', async () => {
    const queue = t.services.queue;
    await queue.createQueue('later');
    const id = await queue.send('later', {}, { startAfter: new Date(Date.now() + 3_600_000) });
    const [job] = await queue.fetch('later');
    expect(job).toBeUndefined();
    const stored = await queue.getJobById('later', id!);
    expect(stored?.state).toBe('created');
  });
});
