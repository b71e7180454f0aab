import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../src/jobs/index.js';
import { bindJob } from '../src/jobs/job.js';
import { createJobs } from '../src/jobs/port.js';
import { publishFirstCommentJob } from '../src/jobs/publish-first-comment.job.js';
import { createJobWorker } from '../src/jobs/worker.js';
import { engines } from './helpers/databases.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Our job definitions on the real queue: what is sent is what the worker's handler gets. */
describe.each(engines)('job definitions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the queue of every listed job with its policy', async () => {
    for (const job of JOBS) {
      const queue = await t.infra.queue.getQueue(job.name);
      expect(queue?.policy).toBe(job.policy.queuePolicy);
    }
  });

  // The publisher's instances are not jobs (decision 130); a publication's first comment is.
  const commentPort = () => createJobs(t.infra.queue, t.config).port(publishFirstCommentJob);

  it('sends a first-comment job with its payload, key and retry policy, and cancels it', async () => {
    const port = commentPort();
    const publicationId = randomUUID();
    const startAfter = new Date(Date.now() + 3_600_000);
    const jobId = await port.send({ publicationId }, { startAfter });
    expect(jobId).toBeTruthy();
    const stored = await t.infra.queue.getJobById(publishFirstCommentJob.name, jobId!);
    expect(stored).toMatchObject({
      data: { publicationId },
      singletonKey: publicationId,
      state: 'created',
      retryLimit: publishFirstCommentJob.policy.retryLimit,
      retryDelay: publishFirstCommentJob.policy.retryDelaySeconds,
      retryBackoff: true,
    });
    expect(Number(stored?.expireInSeconds)).toBe(t.config.publisher.jobExpireSeconds);
    expect(stored?.startAfter.getTime()).toBe(startAfter.getTime());
    // The 'short' policy: while one waits, another send with the same key adds nothing.
    expect(await port.send({ publicationId }, { startAfter })).toBeNull();
    await port.cancel([jobId, null]);
    expect((await t.infra.queue.getJobById(publishFirstCommentJob.name, jobId!))?.state).toBe(
      'cancelled',
    );
  });

  it('refuses to send a payload its schema refuses', async () => {
    await expect(commentPort().send({ publicationId: 'not-a-uuid' })).rejects.toThrow();
  });

  it("works a sent job with the definition's handler, and fails a job whose payload is wrong", async () => {
    const handled: string[] = [];
    const inFlight: Array<Promise<unknown>> = [];
    const worker = createJobWorker({
      queue: t.infra.queue,
      config: t.config,
      logger: t.app.log,
      jobs: [
        bindJob(publishFirstCommentJob, {
          publishFirstComment: (publicationId: string) => {
            handled.push(publicationId);
            return Promise.resolve();
          },
        }),
      ],
      track: (run) => {
        inFlight.push(run);
        return run;
      },
      settings: () => t.container.infra.liveSettings.current(),
      publisherStopped: () => false,
    });
    const publicationId = randomUUID();
    const goodId = await commentPort().send({ publicationId });
    // Written past the port (as an old or foreign producer might): the worker must refuse it.
    const badId = await t.infra.queue.send(publishFirstCommentJob.name, { publicationId: 42 });
    worker.start();
    try {
      await expect
        .poll(
          async () => (await t.infra.queue.getJobById(publishFirstCommentJob.name, goodId!))?.state,
          { timeout: 30_000, interval: 200 },
        )
        .toBe('completed');
      await expect
        .poll(
          async () => (await t.infra.queue.getJobById(publishFirstCommentJob.name, badId!))?.state,
          { timeout: 30_000, interval: 200 },
        )
        .toMatch(/^(retry|failed)$/);
    } finally {
      await worker.stop();
      await Promise.allSettled(inFlight);
    }
    expect(handled).toEqual([publicationId]);
  });
});
