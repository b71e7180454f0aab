import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrationsFolder } from '../src/db/migrate.js';
import { SILENT_AFTER_MS } from '../src/db/process-liveness.js';
import { startJobQueue, stopJobQueue } from '../src/jobs/job-queue.js';
import { createLogger } from '../src/logger.js';
import { createHeartbeat } from '../src/modules/admin/index.js';
import { scheduledInstances, schedules, serviceHeartbeats } from '../src/db/schema.js';
import { createPublishLoop, type PublishLoop } from '../src/modules/publishing/index.js';
import {
  claimDueRuns,
  createPublishRuns,
  finishRuns,
  releaseSilentLeases,
} from '../src/modules/schedules/index.js';
import { createPostgresDatabase, engines, type Engine } from './helpers/databases.js';
import { createPost } from './helpers/posts.js';
import { createTestApp, createVerifiedAccount, type TestApp } from './helpers/test-app.js';

/**
 * Scheduled instances are their own publish jobs (decision 130): taken from their table by due
 * time under a lease, never by two workers at once, never lost.
 */
describe.each(engines)('publish runs on %s', (engine) => {
  let t: TestApp;
  let userId: string;
  let postId: string;
  const loops: PublishLoop[] = [];
  const db = () => t.infra.database.db;
  const LEASE_SECONDS = 60;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createVerifiedAccount(t, { email: 'runs@example.com' });
    const post = await createPost(t, {
      email: 'runs@example.com',
      companyId: null,
      content: 'Runs',
    });
    userId = post.userId;
    postId = post.id;
  });
  afterAll(async () => {
    await Promise.all(loops.map((loop) => loop.stop()));
    await t?.close();
  });

  /** `count` instances whose run is asked at `at` (the clock's now by default). */
  async function insertInstances(count: number, at = t.clock()) {
    const [schedule] = await db()
      .insert(schedules)
      .values({ userId, postId, networks: ['twitter'], firstAt: at })
      .returning();
    const rows = await db()
      .insert(scheduledInstances)
      .values(
        Array.from({ length: count }, () => ({
          scheduleId: schedule!.id,
          postId,
          userId,
          scheduledFor: at,
          runAt: at,
        })),
      )
      .returning({ id: scheduledInstances.id });
    return rows.map((row) => row.id);
  }
  const rowOf = async (id: string) =>
    (await db().select().from(scheduledInstances).where(eq(scheduledInstances.id, id)))[0]!;
  const claim = (limit: number) => {
    const now = t.clock();
    return claimDueRuns(db(), now, new Date(now.getTime() + LEASE_SECONDS * 1000), limit);
  };
  /** Lets go of everything left from an earlier test, so each starts with nothing due. */
  const clearRuns = () => db().update(scheduledInstances).set({ runAt: null, leaseUntil: null });

  /** A publish loop on the test's clock, publishing with `publish`. */
  function loopWith(
    publish: (instanceId: string) => Promise<unknown>,
    options: { isStopped?: () => boolean; owner?: string } = {},
  ) {
    const loop = createPublishLoop({
      db: db(),
      clock: t.clock,
      logger: t.app.log,
      concurrency: () => 10,
      leaseSeconds: LEASE_SECONDS,
      owner: options.owner ?? null,
      publishInstance: publish,
      track: (run) => run,
      isStopped: options.isStopped ?? (() => false),
    });
    loops.push(loop);
    loop.start();
    return loop;
  }
  /** Waits until the loop has turned `count` more times (each turn would have taken what is due). */
  async function turns(loop: PublishLoop, count = 3) {
    const from = loop.stats().turns;
    await vi.waitFor(() => expect(loop.stats().turns).toBeGreaterThanOrEqual(from + count), {
      timeout: 10_000,
      interval: 20,
    });
  }
  const waitFor = (check: () => Promise<void> | void) =>
    vi.waitFor(check, { timeout: 10_000, interval: 20 });

  it("never gives one instance to two workers' claims, however many claim at once", async () => {
    await clearRuns();
    const ids = await insertInstances(120);
    t.clock.advance(1);
    const taken: string[] = [];
    // Eight workers, each taking 10 at a time until nothing is left (on PostgreSQL each claim
    // is on its own pooled connection, at the same time).
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (;;) {
          const runs = await claim(10);
          if (runs.length === 0) return;
          taken.push(...runs.map((run) => run.id));
        }
      }),
    );
    expect(taken).toHaveLength(ids.length);
    expect(new Set(taken)).toEqual(new Set(ids));
    // Held now: a further claim finds nothing.
    expect(await claim(100)).toEqual([]);
  });

  it('takes the earliest due first and leaves the ones not due yet', async () => {
    await clearRuns();
    const now = t.clock();
    const [later] = await insertInstances(1, new Date(now.getTime() + 1000));
    const [early] = await insertInstances(1, new Date(now.getTime() - 5000));
    const [middle] = await insertInstances(1, new Date(now.getTime() - 1000));
    expect((await claim(10)).map((run) => run.id)).toEqual([early, middle]);
    t.clock.advance(1);
    expect((await claim(10)).map((run) => run.id)).toEqual([later]);
  });

  it("takes a killed worker's instance again once its lease has run out", async () => {
    await clearRuns();
    const [id] = await insertInstances(1);
    // A worker takes it and dies (it never lets go).
    const [held] = await claim(10);
    expect(held?.id).toBe(id);
    t.clock.advance(LEASE_SECONDS - 1);
    expect(await claim(10)).toEqual([]);
    t.clock.advance(1);
    const [again] = await claim(10);
    expect(again).toMatchObject({ id, dueAt: held!.leaseUntil });
    // The dead worker's late finish does not let go of the new holder's lease.
    await finishRuns(db(), [held!]);
    expect((await rowOf(id!)).leaseUntil?.getTime()).toBe(again!.leaseUntil.getTime());
  });

  /** A process's heartbeat row, last written `secondsAgo` before the test clock. */
  async function beatAs(id: string, secondsAgo: number) {
    const at = new Date(t.clock().getTime() - secondsAgo * 1000);
    await db()
      .insert(serviceHeartbeats)
      .values({ id, role: 'worker', host: 'bench', pid: 1, startedAt: at, lastBeatAt: at })
      .onConflictDoUpdate({ target: serviceHeartbeats.id, set: { lastBeatAt: at } });
  }
  const claimAs = (owner: string, limit = 10) => {
    const now = t.clock();
    return claimDueRuns(db(), now, new Date(now.getTime() + LEASE_SECONDS * 1000), limit, owner);
  };

  it('lets go at once of the leases of a process that fell silent, not of one that beats', async () => {
    await clearRuns();
    const [alive, killed, gone] = await insertInstances(3);
    await beatAs('host:1:alive', 5);
    await beatAs('host:2:killed', 5);
    expect((await claimAs('host:1:alive', 1)).map((run) => run.id)).toEqual([alive]);
    expect((await claimAs('host:2:killed', 1)).map((run) => run.id)).toEqual([killed]);
    // The third holder stopped and removed its row: silent as well.
    expect((await claimAs('host:3:gone', 1)).map((run) => run.id)).toEqual([gone]);
    expect(await releaseSilentLeases(db(), t.clock())).toBe(1);
    // Its beats stop: silent once the last is SILENT_AFTER_MS old (a second more here), well
    // before the lease would run out.
    t.clock.advance(SILENT_AFTER_MS / 1000 - 4);
    await beatAs('host:1:alive', 0);
    expect(await releaseSilentLeases(db(), t.clock())).toBe(1);
    expect((await claimAs('host:1:alive')).map((run) => run.id).sort()).toEqual(
      [killed, gone].sort(),
    );
    expect((await rowOf(alive!)).leaseOwner).toBe('host:1:alive');
  });

  it.runIf(engine === 'postgres')(
    'lets go at once of the leases of a process whose connection ended, its beats still fresh',
    async () => {
      await clearRuns();
      const [id] = await insertInstances(1);
      const heartbeat = createHeartbeat({
        db: db(),
        role: 'worker',
        logger: createLogger('silent'),
        openSession: t.infra.database.openSession,
        now: t.clock,
      });
      const beating = async () =>
        (
          await db().select().from(serviceHeartbeats).where(eq(serviceHeartbeats.id, heartbeat.id))
        )[0]!;
      try {
        await heartbeat.beat();
        const first = await beating();
        expect(first.backendPid).toEqual(expect.any(Number));
        expect(first.backendStartedAt).toBeInstanceOf(Date);
        expect((await claimAs(heartbeat.id, 1)).map((run) => run.id)).toEqual([id]);
        expect(await releaseSilentLeases(db(), t.clock())).toBe(0);
        // The process dies: PostgreSQL sees its connection end (here, ended from the server side).
        await db().execute(sql`select pg_terminate_backend(${first.backendPid})`);
        await waitFor(async () => expect(await releaseSilentLeases(db(), t.clock())).toBe(1));
        expect((await rowOf(id!)).leaseOwner).toBeNull();
        // A process that lived through a lost connection beats on a new one and counts again.
        await heartbeat.beat();
        expect((await beating()).backendPid).not.toBe(first.backendPid);
        expect((await claimAs(heartbeat.id, 1)).map((run) => run.id)).toEqual([id]);
        expect(await releaseSilentLeases(db(), t.clock())).toBe(0);
      } finally {
        await heartbeat.remove();
      }
      // Once it has stopped and removed its row, what it still held is let go.
      expect(await releaseSilentLeases(db(), t.clock())).toBe(1);
    },
  );

  it('keeps the backoff of a run that threw whoever held it', async () => {
    await clearRuns();
    const [id] = await insertInstances(1);
    let calls = 0;
    // Its holder names itself and never beats: silent from the start.
    const loop = loopWith(
      () => {
        calls += 1;
        return Promise.reject(new Error('database blip'));
      },
      { owner: 'host:4:silent' },
    );
    await waitFor(async () => expect((await rowOf(id!)).runFailures).toBe(1));
    await loop.stop();
    expect((await rowOf(id!)).leaseOwner).toBeNull();
    expect(await releaseSilentLeases(db(), t.clock())).toBe(0);
    expect(await claim(10)).toEqual([]);
    expect(calls).toBe(1);
  });

  it('takes it again with the publish loop when the worker holding it hangs', async () => {
    await clearRuns();
    const [id] = await insertInstances(1);
    const calls: string[] = [];
    const hung = loopWith((instanceId) => {
      calls.push(`hung:${instanceId}`);
      return new Promise(() => undefined);
    });
    await waitFor(() => expect(calls).toEqual([`hung:${id}`]));
    await hung.stop();
    const healthy = loopWith((instanceId) => {
      calls.push(`healthy:${instanceId}`);
      return Promise.resolve();
    });
    await turns(healthy);
    expect(calls).toEqual([`hung:${id}`]);
    t.clock.advance(LEASE_SECONDS);
    await waitFor(() => expect(calls).toEqual([`hung:${id}`, `healthy:${id}`]));
    await waitFor(async () => expect((await rowOf(id!)).leaseUntil).toBeNull());
    expect((await rowOf(id!)).runAt).toBeNull();
    await healthy.stop();
  });

  it('keeps a run asked while one runs, and runs it after', async () => {
    await clearRuns();
    const [id] = await insertInstances(1);
    const runs = createPublishRuns(db());
    let release: () => void = () => undefined;
    let calls = 0;
    const loop = loopWith(async () => {
      calls += 1;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    await waitFor(() => expect(calls).toBe(1));
    // A retry time, a Publish now: asked while the run works.
    await runs.publishAt(id!, t.clock());
    await runs.publishAt(id!, new Date(t.clock().getTime() + 30_000));
    expect((await rowOf(id!)).runAt?.getTime()).toBe(t.clock().getTime());
    release();
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(async () => expect((await rowOf(id!)).leaseUntil).toBeNull());
    expect((await rowOf(id!)).runAt).toBeNull();
    await turns(loop);
    expect(calls).toBe(2);
    await loop.stop();
  });

  it('asks the earliest run, and a later ask never delays it', async () => {
    await clearRuns();
    const [id] = await insertInstances(1, new Date(t.clock().getTime() + 3_600_000));
    const runs = createPublishRuns(db());
    const soon = new Date(t.clock().getTime() + 60_000);
    await runs.publishAt(id!, soon);
    await runs.publishAt(id!, new Date(t.clock().getTime() + 120_000));
    expect((await rowOf(id!)).runAt?.getTime()).toBe(soon.getTime());
  });

  it('runs again after its backoff a run that threw, doubling the wait', async () => {
    await clearRuns();
    const [id] = await insertInstances(1);
    let calls = 0;
    const loop = loopWith(() => {
      calls += 1;
      return calls <= 2 ? Promise.reject(new Error('database blip')) : Promise.resolve();
    });
    await waitFor(async () => expect((await rowOf(id!)).runFailures).toBe(1));
    const first = await rowOf(id!);
    expect(first.leaseUntil?.getTime()).toBe(t.clock().getTime() + 15_000);
    await turns(loop);
    expect(calls).toBe(1);
    t.clock.advance(15);
    await waitFor(async () => expect((await rowOf(id!)).runFailures).toBe(2));
    expect((await rowOf(id!)).leaseUntil?.getTime()).toBe(t.clock().getTime() + 30_000);
    t.clock.advance(29);
    await turns(loop);
    expect(calls).toBe(2);
    t.clock.advance(1);
    await waitFor(() => expect(calls).toBe(3));
    await waitFor(async () =>
      expect(await rowOf(id!)).toMatchObject({ runFailures: 0, leaseUntil: null, runAt: null }),
    );
    await loop.stop();
  });

  it('holds due instances while the publisher is stopped, and takes them after Start', async () => {
    await clearRuns();
    const ids = await insertInstances(3);
    let isStopped = true;
    const published: string[] = [];
    const loop = loopWith(
      (instanceId) => {
        published.push(instanceId);
        return Promise.resolve();
      },
      { isStopped: () => isStopped },
    );
    await turns(loop);
    expect(published).toEqual([]);
    const held = await db()
      .select()
      .from(scheduledInstances)
      .where(inArray(scheduledInstances.id, ids));
    expect(held.every((row) => row.runAt !== null && row.leaseUntil === null)).toBe(true);
    isStopped = false;
    await waitFor(() => expect(new Set(published)).toEqual(new Set(ids)));
    await loop.stop();
  });
});

/** The migration that made instances their own jobs gives each one with work its run. */
describe.each(engines)('the due-time migration on %s', (engine: Engine) => {
  let database: Database;
  let folder: string;
  let dropPostgres: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'cadence-runs-migration-'));
    if (engine === 'postgres') {
      const created = await createPostgresDatabase();
      dropPostgres = () => created.drop();
      databaseUrl = created.url;
      database = await openDatabase({ databaseUrl });
    } else {
      database = await openDatabase({});
    }
  });
  afterAll(async () => {
    await database?.close();
    await dropPostgres?.();
    await rm(folder, { recursive: true, force: true });
  });

  const migrate = (migrations: string) =>
    database.kind === 'pglite'
      ? migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrations })
      : migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrations });

  it('backfills the run of every instance with work, and removes the old publish jobs', async () => {
    // The migrations before it, as a database made before it has them.
    const before = path.join(folder, 'before');
    await cp(migrationsFolder(), before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    journal.entries = journal.entries.filter((entry) => entry.tag < '0038');
    await writeFile(journalFile, JSON.stringify(journal));
    await migrate(before);

    const run = (text: string) => database.executeSql(text);
    const user = randomUUID();
    const post = randomUUID();
    const schedule = randomUUID();
    const at = '2026-11-21T09:00:00.000Z';
    const retryAt = '2026-11-21T09:10:00.000Z';
    await run(
      `insert into users (id, name, email, password_hash) values ('${user}', 'A', 'a@example.com', 'x')`,
    );
    await run(`insert into posts (id, user_id, content) values ('${post}', '${user}', 'Hello')`);
    await run(
      `insert into schedules (id, user_id, post_id, networks, first_at) values ('${schedule}', '${user}', '${post}', '["twitter"]', '${at}')`,
    );
    const instance = async (status: string) => {
      const id = randomUUID();
      await run(
        `insert into scheduled_instances (id, schedule_id, post_id, user_id, scheduled_for, status, job_id)
          values ('${id}', '${schedule}', '${post}', '${user}', '${at}', '${status}', 'job-${id}')`,
      );
      return id;
    };
    const publication = async (instanceId: string, status: string, extra = '') => {
      const id = randomUUID();
      const [columns, values] = extra ? extra.split('|') : ['', ''];
      await run(
        `insert into publications (id, instance_id, network, status${columns}) values ('${id}', '${instanceId}', 'twitter', '${status}'${values})`,
      );
      return id;
    };
    const waiting = await instance('pending');
    const retrying = await instance('pending');
    await publication(retrying, 'pending', `, next_attempt_at|, '${retryAt}'`);
    const running = await instance('publishing');
    const retried = await instance('failed');
    await publication(retried, 'pending', `, due_at|, '${retryAt}'`);
    const threaded = await instance('published');
    const root = await publication(threaded, 'published');
    await run(
      `insert into publication_parts (publication_id, kind, position, content, status, due_at) values ('${root}', 'thread', 1, 'Part', 'pending', '${retryAt}')`,
    );
    const done = await instance('published');
    await publication(done, 'published');
    const cancelled = await instance('cancelled');
    // The publish queue as pg-boss kept it before, with a job waiting, beside another kind's.
    const boss = await startJobQueue(database, databaseUrl, createLogger('silent'));
    await boss.createQueue('publish-instance', { name: 'publish-instance', policy: 'short' });
    await boss.send('publish-instance', { instanceId: waiting }, { singletonKey: waiting });
    await boss.send('notification-mail', { userId: user });
    await stopJobQueue(boss);

    await migrate(migrationsFolder());

    const { rows } = await run('select id, run_at, lease_until, status from scheduled_instances');
    const runAt = (id: string) => {
      const row = (rows as Array<{ id: string; run_at: string | Date | null }>).find(
        (each) => each.id === id,
      );
      return row?.run_at ? new Date(row.run_at).toISOString() : null;
    };
    expect(runAt(waiting)).toBe(at);
    expect(runAt(retrying)).toBe(retryAt);
    expect(runAt(running)).toBe(at);
    expect(runAt(retried)).toBe(retryAt);
    expect(runAt(threaded)).toBe(retryAt);
    expect(runAt(done)).toBeNull();
    expect(runAt(cancelled)).toBeNull();
    // An unfinished instance without a run would never be published.
    const orphans = await run(
      "select count(*)::int as n from scheduled_instances where status in ('pending', 'publishing') and run_at is null",
    );
    expect(orphans.rows[0]).toEqual({ n: 0 });
    const jobs = await run('select name from pgboss.job order by name');
    expect(jobs.rows).toEqual([{ name: 'notification-mail' }]);
    const queues = await run('select name from pgboss.queue');
    expect(queues.rows.map((row) => row.name)).not.toContain('publish-instance');
    const columns = await run(
      "select column_name from information_schema.columns where table_name = 'scheduled_instances' and column_name = 'job_id'",
    );
    expect(columns.rows).toEqual([]);
  });
});
