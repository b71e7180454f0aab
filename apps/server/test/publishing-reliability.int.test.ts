import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { NetworkId, Services } from '@cadence/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  posts,
  publications,
  scheduledInstances,
  schedules,
  socialConnections,
} from '../src/db/schema.js';
import { CHAOS_FAILURES, startChaosProxy, type ChaosProxy } from '@cadence/fakes';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import {
  createTestApp,
  createVerifiedAccount,
  sendJson,
  type TestApp,
  setTierByCommand,
  accountIdOf,
} from './helpers/test-app.js';

/**
 * Several real worker processes (the built server, ROLE=worker) on one PostgreSQL database
 * publish a burst of due instances: every publication must reach its network exactly once,
 * also when a worker is killed in the middle.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NETWORKS: NetworkId[] = ['twitter', 'facebook', 'linkedIn', 'bluesky', 'threads'];
const BURST = 500;
const JOB_EXPIRE_SECONDS = 8;

describe.skipIf(!process.env.TEST_DATABASE_URL)('publishing with several workers', () => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let userId: string;
  let companyId: string;
  let adminToken: string;
  const workers = new Set<ChildProcess>();

  function startWorker(name: string, env: Record<string, string> = {}) {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...fakes.env,
        ROLE: 'worker',
        DATABASE_URL: t.config.databaseUrl,
        DATA_DIR: t.config.dataDir,
        APP_SECRET: t.config.appSecret,
        LOG_LEVEL: 'info',
        PUBLISH_JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS),
        PUBLISH_RECONCILE_SECONDS: '1',
        PUBLISH_CONCURRENCY_PER_NETWORK: '10',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    workers.add(child);
    child.on('exit', () => workers.delete(child));
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<ChildProcess>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not start: ${output}`)), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Cadence worker is ready')) {
          clearTimeout(timer);
          resolve(child);
        }
      });
      child.on('exit', (code) => reject(new Error(`${name} exited with ${code}: ${output}`)));
    });
  }

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['build.mjs'], { cwd: serverDir });
    fakes = await startNetworkFakes();
    // The sender sets a job's expiry, so the test app uses the workers' short one too.
    t = await createTestApp('postgres', {
      env: {
        ...fakes.env,
        PUBLISH_JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS),
        // Seeds the live setting every worker reads: quick retries for the chaos case.
        PUBLISH_RETRY_BASE_MS: '200',
      },
    });
    const token = await createVerifiedAccount(t, { email: 'burst@example.com' });
    adminToken = token; // the first verified account is the instance's admin
    await setTierByCommand(t, 'burst@example.com', 'enterprise');
    companyId = await createCompany(t, token);
    await connectNetworks(t, fakes, token, companyId, NETWORKS);
    userId = await accountIdOf(t, 'burst@example.com');
  }, 300_000);

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await t?.close();
    await fakes?.close();
  });

  /** BURST posts, each scheduled at `at` to one network (in turn), inserted as the API would. */
  async function insertBurst(label: string, at: Date, size = BURST) {
    const { db } = t.infra.database;
    const connections = await db
      .select()
      .from(socialConnections)
      .where(eq(socialConnections.companyId, companyId));
    const rows = Array.from({ length: size }, (_, k) => ({
      postId: randomUUID(),
      scheduleId: randomUUID(),
      instanceId: randomUUID(),
      content: `Burst ${label} post ${k}`,
      networks: [NETWORKS[k % NETWORKS.length]!],
    }));
    await db.transaction(async (tx) => {
      await tx
        .insert(posts)
        .values(rows.map((row) => ({ id: row.postId, userId, companyId, content: row.content })));
      await tx.insert(schedules).values(
        rows.map((row) => ({
          id: row.scheduleId,
          userId,
          postId: row.postId,
          networks: row.networks,
          firstAt: at,
        })),
      );
      await tx.insert(scheduledInstances).values(
        rows.map((row) => ({
          id: row.instanceId,
          scheduleId: row.scheduleId,
          postId: row.postId,
          userId,
          scheduledFor: at,
        })),
      );
      await tx.insert(publications).values(
        rows.flatMap((row) =>
          row.networks.map((network) => {
            const connection = connections.find((c) => c.network === network)!;
            return {
              instanceId: row.instanceId,
              network,
              connectionId: connection.id,
              accountName: connection.accountName,
            };
          }),
        ),
      );
    });
    for (let start = 0; start < rows.length; start += 50) {
      await Promise.all(
        rows
          .slice(start, start + 50)
          .map((row) => t.container.infra.publishRuns.publishAt(row.instanceId, at)),
      );
    }
    return rows;
  }

  async function statusCounts(instanceIds: string[]) {
    const result = await t.infra.database.db
      .select({ status: publications.status, total: sql<number>`count(*)::int` })
      .from(publications)
      .where(inArray(publications.instanceId, instanceIds))
      .groupBy(publications.status);
    return Object.fromEntries(result.map((row) => [row.status, row.total])) as Record<
      string,
      number
    >;
  }

  /** Whether `check` comes true within `timeoutMs` (asked every quarter second). */
  function waitUntil(check: () => Promise<boolean>, timeoutMs: number) {
    return vi
      .waitFor(async () => expect(await check()).toBe(true), { timeout: timeoutMs, interval: 250 })
      .then(
        () => true,
        () => false,
      );
  }

  /** Texts the fakes refused as a second attempt of the same account's post. */
  const refusedDuplicates = () => [
    ...fakes.twitter.refusedDuplicates.map((text) => `twitter|${text}`),
    ...fakes.facebook.refusedDuplicates.map((text) => `facebook|${text}`),
    ...fakes.linkedIn.refusedDuplicates.map((text) => `linkedIn|${text}`),
  ];

  /** How many times each network received each text. */
  function receivedCounts() {
    const texts: Record<NetworkId, string[]> = {
      twitter: fakes.twitter.posts.map((post) => post.text ?? ''),
      facebook: fakes.facebook.posts.map((post) => post.message ?? ''),
      linkedIn: fakes.linkedIn.posts.map((post) => post.text),
      bluesky: fakes.bluesky.posts.map((post) => post.text),
      threads: fakes.threads.posts.map((post) => post.text ?? ''),
      instagram: [],
    };
    const counts = new Map<string, number>();
    for (const [network, list] of Object.entries(texts)) {
      for (const text of list) {
        const key = `${network}|${text}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    return counts;
  }

  it('publishes a burst of 500 due instances exactly once across three workers', async () => {
    await Promise.all(['w1', 'w2', 'w3'].map((name) => startWorker(name)));
    const rows = await insertBurst('one', new Date(Date.now() + 1000));
    const ids = rows.map((row) => row.instanceId);
    const isDone = await waitUntil(async () => {
      const counts = await statusCounts(ids);
      return (counts.published ?? 0) === BURST;
    }, 120_000);
    expect(isDone, JSON.stringify(await statusCounts(ids))).toBe(true);
    const received = receivedCounts();
    for (const row of rows) {
      for (const network of row.networks) {
        expect(received.get(`${network}|${row.content}`), `${network} ${row.content}`).toBe(1);
      }
    }
    expect([...received.values()].every((count) => count === 1)).toBe(true);
    const publishedInstances = async () =>
      (
        await t.infra.database.db
          .select({ total: sql<number>`count(*)::int` })
          .from(scheduledInstances)
          .where(
            sql`${scheduledInstances.id} in ${ids} and ${scheduledInstances.status} = 'published'`,
          )
      )[0]?.total;
    // The instance's own status follows its last publication by a moment.
    await waitUntil(async () => (await publishedInstances()) === BURST, 30_000);
    expect(await publishedInstances()).toBe(BURST);
  }, 240_000);

  it('loses and doubles nothing when a worker is killed mid-burst', async () => {
    const [victim] = [...workers];
    const rows = await insertBurst('two', new Date(Date.now() + 500));
    const ids = rows.map((row) => row.instanceId);
    await waitUntil(async () => ((await statusCounts(ids)).published ?? 0) >= 100, 60_000);
    victim!.kill('SIGKILL');
    await new Promise((resolve) => victim!.once('exit', resolve));
    const inFlightAtKill = (await statusCounts(ids)).publishing ?? 0;
    await startWorker('w4');
    const isSettled = await waitUntil(async () => {
      const counts = await statusCounts(ids);
      return (counts.published ?? 0) + (counts.unconfirmed ?? 0) === BURST;
    }, 120_000);
    const counts = await statusCounts(ids);
    expect(isSettled, JSON.stringify(counts)).toBe(true);
    // Only calls in flight when the worker died may be unconfirmed.
    expect(counts.unconfirmed ?? 0, `in flight at the kill: ${inFlightAtKill}`).toBeLessThanOrEqual(
      inFlightAtKill,
    );
    const received = receivedCounts();
    const states = await t.infra.database.db
      .select({
        instanceId: publications.instanceId,
        network: publications.network,
        status: publications.status,
      })
      .from(publications)
      .where(inArray(publications.instanceId, ids));
    for (const row of rows) {
      for (const network of row.networks) {
        const state = states.find((s) => s.instanceId === row.instanceId && s.network === network);
        const times = received.get(`${network}|${row.content}`) ?? 0;
        if (state?.status === 'published') expect(times, `${network} ${row.content}`).toBe(1);
        else expect(times, `${network} ${row.content}`).toBeLessThanOrEqual(1);
      }
    }
    expect([...received.values()].every((count) => count === 1)).toBe(true);
  }, 240_000);

  it('holds a due burst on two workers while the publisher is stopped from the admin API, then publishes each once', async () => {
    // Exactly two worker processes (the tests above leave three).
    while (workers.size > 2) {
      const [extra] = [...workers];
      extra!.kill('SIGTERM');
      await new Promise((resolve) => extra!.once('exit', resolve));
    }
    while (workers.size < 2) await startWorker(`w${workers.size + 5}`);
    const livePids = () => new Set([...workers].map((worker) => worker.pid));
    const admin = (method: 'GET' | 'POST', url: string) =>
      sendJson(t.app, method, url, undefined, adminToken);
    /** The two workers' processes as the publisher card shows them (from their heartbeats). */
    async function workerProcesses() {
      const services = (await admin('GET', '/admin/services')).json.data as unknown as Services;
      const card = services.services.find((service) => service.id === 'publisher')!;
      return card.processes.filter((process) => livePids().has(process.pid));
    }
    const allAre = async (status: string) => {
      const statuses = (await workerProcesses()).map((process) => process.status);
      return statuses.length === 2 && statuses.every((each) => each === status);
    };
    expect(await waitUntil(() => allAre('running'), 30_000)).toBe(true);

    const stopped = await admin('POST', '/admin/services/publisher/stop');
    expect(stopped.status).toBe(200);
    // Both workers have seen the switch (their heartbeats say they take no jobs).
    expect(await waitUntil(() => allAre('stopped'), 30_000)).toBe(true);

    const dueAt = new Date(Date.now() + 500);
    const rows = await insertBurst('three', dueAt);
    const ids = rows.map((row) => row.instanceId);
    const sentWhileStopped = () => {
      const received = receivedCounts();
      return rows.filter((row) =>
        row.networks.some((network) => (received.get(`${network}|${row.content}`) ?? 0) > 0),
      ).length;
    };
    // No fixed wait: each worker beats again from well past the due time, having polled its
    // queue and the reconciler many times by then; a send would have come before that beat.
    const quietUntil = dueAt.getTime() + 5_000;
    const beats = await vi.waitFor(
      async () => {
        const found = await workerProcesses();
        expect(found).toHaveLength(2);
        for (const beat of found) expect(Date.parse(beat.last_beat)).toBeGreaterThan(quietUntil);
        return found;
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(sentWhileStopped()).toBe(0);
    expect((await statusCounts(ids)).pending).toBe(BURST);
    expect(beats.map((beat) => beat.status)).toEqual(['stopped', 'stopped']);

    const started = await admin('POST', '/admin/services/publisher/start');
    expect(started.status).toBe(200);
    const isDone = await waitUntil(
      async () => ((await statusCounts(ids)).published ?? 0) === BURST,
      120_000,
    );
    expect(isDone, JSON.stringify(await statusCounts(ids))).toBe(true);
    const received = receivedCounts();
    for (const row of rows) {
      for (const network of row.networks) {
        expect(received.get(`${network}|${row.content}`), `${network} ${row.content}`).toBe(1);
      }
    }
    expect([...received.values()].every((count) => count === 1)).toBe(true);
  }, 240_000);

  it('publishes each post at most once, and settles every one, while the networks fail 20% of calls and a worker is killed', async () => {
    // Every network behind a proxy that fails one call in five (500, 429 with Retry-After,
    // timeouts before and after the network received the call, connection resets), seeded.
    const proxies = {} as Record<NetworkId, ChaosProxy>;
    for (const [index, network] of NETWORKS.entries()) {
      proxies[network] = await startChaosProxy(fakes[network].baseUrl, {
        latencyMs: [5, 40],
        failureRate: 0.2,
        retryAfterSeconds: [1, 1],
        // A timeout ends in a dropped connection after 1.5 s instead of the adapters' 15 s.
        holdMs: 1500,
        seed: 1700 + index,
      });
    }
    fakes.bluesky.namePds(proxies.bluesky.baseUrl);
    try {
      while (workers.size > 0) {
        const [worker] = [...workers];
        worker!.kill('SIGTERM');
        await new Promise((resolve) => worker!.once('exit', resolve));
      }
      const chaosEnv = {
        X_API_BASE_URL: proxies.twitter.baseUrl,
        FACEBOOK_GRAPH_BASE_URL: proxies.facebook.baseUrl,
        LINKEDIN_API_BASE_URL: proxies.linkedIn.baseUrl,
        BLUESKY_SERVICE_URL: proxies.bluesky.baseUrl,
        THREADS_API_BASE_URL: proxies.threads.baseUrl,
        // Bluesky's PDS (the proxy) is on loopback, which the address guard refuses otherwise.
        FETCH_ALLOW_HOSTS: '127.0.0.1',
      };
      await Promise.all(['c1', 'c2', 'c3'].map((name) => startWorker(name, chaosEnv)));
      const size = 120;
      const rows = await insertBurst('chaos', new Date(Date.now() + 500), size);
      const ids = rows.map((row) => row.instanceId);
      await waitUntil(async () => ((await statusCounts(ids)).published ?? 0) >= 25, 30_000);
      const [victim] = [...workers];
      victim!.kill('SIGKILL');
      await new Promise((resolve) => victim!.once('exit', resolve));
      await startWorker('c4', chaosEnv);

      // Nothing is lost: every publication ends published, failed or unconfirmed.
      const isSettled = await waitUntil(async () => {
        const counts = await statusCounts(ids);
        return (counts.published ?? 0) + (counts.failed ?? 0) + (counts.unconfirmed ?? 0) === size;
      }, 60_000);
      const counts = await statusCounts(ids);
      const open = await t.infra.database.db
        .select({
          network: publications.network,
          status: publications.status,
          attempts: publications.attempts,
          error: publications.lastError,
          next: publications.nextAttemptAt,
        })
        .from(publications)
        .where(
          sql`${publications.instanceId} in ${ids} and ${publications.status} in ('pending', 'publishing')`,
        );
      expect(isSettled, JSON.stringify({ counts, open, at: new Date() })).toBe(true);
      const injected = Object.values(proxies).map((proxy) => proxy.failures());
      for (const kind of CHAOS_FAILURES) {
        expect(
          injected.reduce((sum, each) => sum + each[kind], 0),
          `${kind} injected`,
        ).toBeGreaterThan(0);
      }
      // Most still went out (retries), so the checks below are about many real posts.
      expect(counts.published ?? 0).toBeGreaterThan(size / 2);

      // Nothing is doubled, and each state is what the networks saw: a published post was
      // received once; a failed one never (only calls that certainly created nothing are
      // retried and may fail for good); an unconfirmed one at most once (a timeout after the
      // network received the call is unconfirmed, and that is allowed).
      const received = receivedCounts();
      const texts = new Set(rows.map((row) => row.content));
      expect(
        refusedDuplicates().filter((key) => texts.has(key.slice(key.indexOf('|') + 1))),
      ).toEqual([]);
      const states = await t.infra.database.db
        .select({
          instanceId: publications.instanceId,
          network: publications.network,
          status: publications.status,
        })
        .from(publications)
        .where(inArray(publications.instanceId, ids));
      for (const row of rows) {
        for (const network of row.networks) {
          const state = states.find(
            (s) => s.instanceId === row.instanceId && s.network === network,
          );
          const times = received.get(`${network}|${row.content}`) ?? 0;
          const label = `${network} ${row.content} (${state?.status})`;
          if (state?.status === 'published') expect(times, label).toBe(1);
          else if (state?.status === 'failed') expect(times, label).toBe(0);
          else expect(times, label).toBeLessThanOrEqual(1);
        }
      }
      expect([...received.values()].every((count) => count === 1)).toBe(true);
    } finally {
      fakes.bluesky.namePds(fakes.bluesky.baseUrl);
      await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
    }
  }, 120_000);
});
