import {
  NETWORK_IDS,
  SCHEDULE_MESSAGES,
  type NetworkId,
  type ScheduledInstance,
} from '@cadence/shared';
import { startChaosProxy, type ChaosFailure, type ChaosProxy } from '@cadence/fakes';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  publications,
  scheduledInstances,
  serviceHeartbeats,
  systemLogs,
} from '../src/db/schema.js';
import { SILENT_AFTER_MS } from '../src/db/process-liveness.js';
import { createContainer } from '../src/container.js';
import { createBlueskyAdapter, recordKeyOf } from '../src/integrations/networks/bluesky.js';
import { createNetworkRegistry } from '../src/integrations/networks/registry.js';
import type { NetworkAdapter } from '../src/integrations/networks/types.js';
import { createXAdapter } from '../src/integrations/networks/x.js';
import { createWorker } from '../src/worker.js';
import { engines, type Engine } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { createPost } from './helpers/posts.js';
import {
  createTestApp,
  createVerifiedAccount,
  postJson,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

/**
 * The read-back: a publication whose answer was lost (`unconfirmed`) is looked for on its
 * network READBACK_AFTER_SECONDS later (120 by default) and once more after the same wait.
 * The answers are lost by the chaos proxy in front of a stand-in, after it acted
 * (`timeout-after`: the post exists) or before (`timeout-before`: it does not), or by a
 * worker that died mid-call. The test clock moves; nothing sleeps.
 */
const READBACK_SECONDS = 120;
let sequence = 0;

describe.each(engines)('read back before asking a person, on %s', (engine: Engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let token: string;
  const proxies: ChaosProxy[] = [];

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, {
      env: { ...fakes.env, PUBLIC_URL: 'http://cadence.example.test' },
    });
    token = await createVerifiedAccount(t, { email: 'owner@example.com' });
    await setTierByCommand(t, 'owner@example.com', 'enterprise');
    const companyId = await createCompany(t, token);
    await connectNetworks(t, fakes, token, companyId, NETWORK_IDS);
    schedule = async (network: NetworkId) => {
      const content = `Read-back post ${++sequence} (${engine})`;
      const created = await createPost(t, { email: 'owner@example.com', companyId, content });
      const response = await postJson(
        t.app,
        '/schedules',
        {
          social_account_type: [network],
          post_id: created.id,
          schedule_date: new Date(t.clock().getTime() + 60_000).toISOString(),
        },
        { authorization: `Bearer ${token}` },
      );
      if (response.status !== 201) throw new Error(`schedule failed: ${response.body}`);
      const data = response.json.data as unknown as { instances: ScheduledInstance[] };
      return { instanceId: data.instances[0]!.id, content };
    };
  });
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await t?.close();
    await fakes?.close();
  });

  let schedule: (network: NetworkId) => Promise<{ instanceId: string; content: string }>;
  const db = () => t.infra.database.db;
  const publicationOf = async (instanceId: string) =>
    (await db().select().from(publications).where(eq(publications.instanceId, instanceId)))[0]!;
  const instanceOf = async (instanceId: string) =>
    (await db().select().from(scheduledInstances).where(eq(scheduledInstances.id, instanceId)))[0]!;
  const logsOf = async (instanceId: string) =>
    (
      await db()
        .select()
        .from(systemLogs)
        .where(eq(systemLogs.instanceId, instanceId))
        .orderBy(asc(systemLogs.createdAt))
    ).map((log) => log.message);
  const lookAgainLater = () => t.clock.advance(READBACK_SECONDS);

  /**
   * A proxy in front of a stand-in that loses the answers of the calls under `failing` while
   * switched on, and passes every other call.
   */
  async function losingProxy(target: string, failure: ChaosFailure, failing: string[]) {
    const proxy = await startChaosProxy(target, {
      failureRate: 0,
      failures: [failure],
      holdMs: 30,
      mayFail: ({ path }) => failing.some((each) => path.startsWith(each)),
    });
    proxies.push(proxy);
    return proxy;
  }

  /**
   * A worker whose adapter for `network` goes through `adapter` (the rest as configured),
   * beating as `processId` when given.
   */
  function workerWith(network: NetworkId, adapter: NetworkAdapter<never>, processId?: string) {
    return workerWithAdapters({ [network]: adapter }, processId);
  }
  function workerWithAdapters(
    adapters: Partial<Record<NetworkId, NetworkAdapter<never>>>,
    processId?: string,
  ) {
    const base = createNetworkRegistry(t.config.networks);
    return createWorker(
      createContainer(
        { config: t.config, logger: t.app.log, ...t.infra, processId },
        {
          clock: t.clock,
          networks: { ...base, adapters: { ...base.adapters, ...adapters } },
        },
      ),
    );
  }

  /** The publication's claim is left by a worker that died mid-call: unconfirmed, nothing sent. */
  async function loseAnswerOf(instanceId: string) {
    t.clock.advance(61);
    await db()
      .update(publications)
      .set({ status: 'publishing', claimedAt: t.clock(), attempts: 1 })
      .where(eq(publications.instanceId, instanceId));
    t.clock.advance(t.config.publisher.jobExpireSeconds + 1);
    await t.publisher.publishInstance(instanceId);
    expect((await publicationOf(instanceId)).status).toBe('unconfirmed');
  }

  /**
   * An X post whose publishing call's answer the proxy loses (`failure`: after the stand-in
   * acted, or before it saw the call), published by a worker going through that proxy: it
   * ends unconfirmed.
   */
  async function loseXAnswer(failure: ChaosFailure) {
    const proxy = await losingProxy(fakes.twitter.baseUrl, failure, ['/2/tweets']);
    const worker = workerWith('twitter', createXAdapter({ baseUrl: proxy.baseUrl }));
    const { instanceId, content } = await schedule('twitter');
    proxy.setFailureRate(1);
    t.clock.advance(61);
    await worker.publishInstance(instanceId);
    proxy.setFailureRate(0);
    expect((await publicationOf(instanceId)).status).toBe('unconfirmed');
    return { proxy, worker, instanceId, content };
  }

  it('finds an X post whose answer was lost after the stand-in accepted it, and marks it published', async () => {
    const { worker, instanceId, content } = await loseXAnswer('timeout-after');
    const onX = () => fakes.twitter.posts.filter((post) => post.text === content);
    expect(onX()).toHaveLength(1);

    t.clock.advance(READBACK_SECONDS - 1);
    expect(await worker.readBack()).toBe(0); // not yet
    t.clock.advance(1);
    expect(await worker.readBack()).toBe(1);
    const row = await publicationOf(instanceId);
    expect(row).toMatchObject({
      status: 'published',
      externalId: onX()[0]!.id,
      readBackAt: null,
      attempts: 1,
    });
    expect(row.externalUrl).toContain(onX()[0]!.id);
    expect(onX()).toHaveLength(1); // no second post
    expect((await instanceOf(instanceId)).status).toBe('published');
    expect(await logsOf(instanceId)).toEqual([
      SCHEDULE_MESSAGES.unconfirmed,
      SCHEDULE_MESSAGES.foundAfterLostAnswer('X'),
    ]);
  });

  /** A process's heartbeat row, last written `secondsAgo` before the test clock. */
  async function beatAs(id: string, secondsAgo: number) {
    const at = new Date(t.clock().getTime() - secondsAgo * 1000);
    await db()
      .insert(serviceHeartbeats)
      .values({ id, role: 'worker', host: 'elsewhere', pid: 1, startedAt: at, lastBeatAt: at })
      .onConflictDoUpdate({ target: serviceHeartbeats.id, set: { lastBeatAt: at } });
  }

  it('takes over the look of a worker that fell silent, not the look of one that beats', async () => {
    const { proxy, worker, instanceId, content } = await loseXAnswer('timeout-after');
    lookAgainLater();

    // Another worker takes the look (a 5-minute lease) and is killed while it reads.
    const holder = `elsewhere:${instanceId}`;
    await beatAs(holder, 0);
    let answerLate: (found: null) => void = () => {};
    const dying = workerWith(
      'twitter',
      {
        ...createXAdapter({ baseUrl: proxy.baseUrl }),
        findPublished: () => new Promise<null>((resolve) => (answerLate = resolve)),
      },
      holder,
    );
    const lateLook = dying.readBack();
    await vi.waitFor(async () => expect((await publicationOf(instanceId)).readBackBy).toBe(holder));
    // While it beats, its look is its own.
    t.clock.advance(SILENT_AFTER_MS / 1000 - 1);
    expect(await worker.readBack()).toBe(0);
    // Silent for SILENT_AFTER_MS: taken over at once, well before its lease runs out.
    t.clock.advance(2);
    expect(await worker.readBack()).toBe(1);
    const onX = fakes.twitter.posts.filter((post) => post.text === content);
    expect(onX).toHaveLength(1);
    const found = {
      status: 'published',
      externalId: onX[0]!.id,
      readBackAt: null,
      readBackBy: null,
      readBacks: 1,
    };
    expect(await publicationOf(instanceId)).toMatchObject(found);
    // The killed worker's late answer ("not there") changes nothing: the look is not its own.
    answerLate(null);
    expect(await lateLook).toBe(1);
    expect(await publicationOf(instanceId)).toMatchObject(found);
    expect(await logsOf(instanceId)).toEqual([
      SCHEDULE_MESSAGES.unconfirmed,
      SCHEDULE_MESSAGES.foundAfterLostAnswer('X'),
    ]);
  });

  it('sends an X post the stand-in never received again after two reads, once, whichever worker looks', async () => {
    const { worker, instanceId, content } = await loseXAnswer('timeout-before');
    const onX = () => fakes.twitter.posts.filter((post) => post.text === content);
    expect(onX()).toHaveLength(0);

    lookAgainLater();
    expect(await worker.readBack()).toBe(1);
    expect(await publicationOf(instanceId)).toMatchObject({
      status: 'unconfirmed',
      readBacks: 1,
      readBacksAbsent: 1,
    });
    lookAgainLater();
    // Two workers look at once: one takes the look, and the post goes back to pending once.
    const taken = await Promise.all([worker.readBack(), t.publisher.readBack()]);
    expect(taken.reduce((sum, each) => sum + each, 0)).toBe(1);
    const again = await publicationOf(instanceId);
    expect(again).toMatchObject({ status: 'pending', errorCode: 'not_found', externalId: null });
    const instance = await instanceOf(instanceId);
    expect(instance.status).toBe('pending');
    // Its run is asked at once, in the read-back's transaction (decision 130).
    expect(instance.runAt?.getTime()).toBeLessThanOrEqual(t.clock().getTime());

    await worker.publishInstance(instanceId); // the asked run's work
    expect(onX()).toHaveLength(1);
    expect(await publicationOf(instanceId)).toMatchObject({ status: 'published', attempts: 2 });
    expect(await logsOf(instanceId)).toEqual([
      SCHEDULE_MESSAGES.unconfirmed,
      SCHEDULE_MESSAGES.notFoundSendingAgain('X'),
      'Published to X',
    ]);
  });

  it("settles Bluesky by the record: the PDS's answer lost, a second attempt under the same key creates nothing", async () => {
    const proxy = await losingProxy(fakes.bluesky.baseUrl, 'timeout-after', [
      '/xrpc/com.atproto.repo.createRecord',
      '/xrpc/com.atproto.repo.getRecord',
    ]);
    fakes.bluesky.namePds(proxy.baseUrl);
    try {
      const adapter = createBlueskyAdapter({
        serviceUrl: proxy.baseUrl,
        allowHosts: ['127.0.0.1'],
      }) as NetworkAdapter<never>;
      const worker = workerWith('bluesky', adapter);
      const { instanceId, content } = await schedule('bluesky');
      const onBluesky = () => fakes.bluesky.posts.filter((post) => post.text === content);
      // The record is made, its answer lost, and the look right after lost too.
      proxy.setFailureRate(1);
      t.clock.advance(61);
      await worker.publishInstance(instanceId);
      proxy.setFailureRate(0);
      const lost = await publicationOf(instanceId);
      expect(lost.status).toBe('unconfirmed');
      expect(onBluesky()).toHaveLength(1);
      const key = recordKeyOf({
        id: lost.id,
        scheduledFor: (await instanceOf(instanceId)).scheduledFor,
      });
      expect(onBluesky()[0]!.uri.endsWith(`/${key}`)).toBe(true);

      // The customer says it is not there: the second attempt names the same record.
      const absent = await postJson(
        t.app,
        `/publications/${lost.id}/confirm-absent`,
        {},
        { authorization: `Bearer ${token}` },
      );
      expect(absent.status).toBe(200);
      await worker.publishInstance(instanceId);
      expect(onBluesky()).toHaveLength(1);
      expect(fakes.bluesky.refusedKeys).toContain(key);
      expect(await publicationOf(instanceId)).toMatchObject({
        status: 'published',
        externalId: onBluesky()[0]!.uri,
      });
    } finally {
      fakes.bluesky.namePds(fakes.bluesky.baseUrl);
    }
  });

  it('sends a Bluesky post the PDS never made again after two looks, under its own record key', async () => {
    const { instanceId, content } = await schedule('bluesky');
    await loseAnswerOf(instanceId);
    const row = await publicationOf(instanceId);
    const key = recordKeyOf({
      id: row.id,
      scheduledFor: (await instanceOf(instanceId)).scheduledFor,
    });
    expect(fakes.bluesky.posts.filter((post) => post.text === content)).toHaveLength(0);
    lookAgainLater();
    await t.publisher.readBack();
    expect(await publicationOf(instanceId)).toMatchObject({ status: 'unconfirmed', readBacks: 1 });
    lookAgainLater();
    await t.publisher.readBack();
    expect((await publicationOf(instanceId)).status).toBe('pending');
    await t.publisher.publishInstance(instanceId);
    const posted = fakes.bluesky.posts.filter((post) => post.text === content);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.uri.endsWith(`/${key}`)).toBe(true);
  });

  it('leaves a publication unconfirmed, with its buttons, when the network refuses the read', async () => {
    const { instanceId } = await schedule('twitter');
    await loseAnswerOf(instanceId);
    lookAgainLater();
    fakes.twitter.failNext('unauthorized', 1, 'GET /2/users/me');
    expect(await t.publisher.readBack()).toBe(1);
    const row = await publicationOf(instanceId);
    expect(row).toMatchObject({ status: 'unconfirmed', readBackAt: null });
    expect((await logsOf(instanceId)).at(-1)).toBe(
      SCHEDULE_MESSAGES.cannotLookBack('X', 'Unauthorized'),
    );
    lookAgainLater();
    lookAgainLater();
    expect(await t.publisher.readBack()).toBe(0); // never looked at again
    const marked = await postJson(
      t.app,
      `/publications/${row.id}/mark-published`,
      { url: 'https://x.com/cadence_test/status/1' },
      { authorization: `Bearer ${token}` },
    );
    expect(marked.status).toBe(200);
  });

  it('does not take a look-alike post made before the claim for the lost one', async () => {
    const { instanceId, content } = await schedule('threads');
    await loseAnswerOf(instanceId);
    const claimedAt = (await publicationOf(instanceId)).claimedAt!;
    const lookAlike = fakes.threads.postedEarlier(content, claimedAt.getTime() - 60_000);
    lookAgainLater();
    await t.publisher.readBack();
    lookAgainLater();
    await t.publisher.readBack();
    expect((await publicationOf(instanceId)).status).toBe('pending');
    await t.publisher.publishInstance(instanceId);
    const row = await publicationOf(instanceId);
    expect(row.status).toBe('published');
    expect(row.externalId).not.toBe(lookAlike.id);
    expect(fakes.threads.posts.filter((post) => post.text === content)).toHaveLength(2);
  });

  it('leaves it unconfirmed when the network keeps failing the read', async () => {
    const { instanceId } = await schedule('facebook');
    await loseAnswerOf(instanceId);
    for (let look = 1; look <= 4; look++) {
      lookAgainLater();
      fakes.facebook.failNext('server-error', 1, 'posts');
      expect(await t.publisher.readBack()).toBe(1);
    }
    expect(await publicationOf(instanceId)).toMatchObject({
      status: 'unconfirmed',
      readBacks: 4,
      readBacksAbsent: 0,
      readBackAt: null,
    });
  });

  it('takes the next due look when one ends, while a look the network holds up is still out', async () => {
    const held = await schedule('twitter');
    const gated = await schedule('bluesky');
    const later = await schedule('twitter');
    for (const { instanceId } of [held, gated, later]) await loseAnswerOf(instanceId);
    const dueAt = async ({ instanceId }: { instanceId: string }) =>
      (await publicationOf(instanceId)).readBackAt!.getTime();
    // The first two looks are due; the third falls due 10 s later, while they are out.
    t.clock.advance(Math.max(0, (await dueAt(gated)) - t.clock().getTime()) / 1000);
    await db()
      .update(publications)
      .set({ readBackAt: new Date(t.clock().getTime() + 10_000) })
      .where(eq(publications.instanceId, later.instanceId));

    const { twitter: x, bluesky } = createNetworkRegistry(t.config.networks).adapters;
    let answerHeld: (found: null) => void = () => {};
    let openGate: () => void = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const worker = workerWithAdapters({
      twitter: {
        ...x,
        // X does not answer the look for the first post (until the client would give up).
        findPublished: (input, credentials, window) =>
          input.text === held.content
            ? new Promise<null>((resolve) => (answerHeld = resolve))
            : x.findPublished(input, credentials, window),
      },
      bluesky: {
        ...bluesky,
        findPublished: async (input, credentials, window) => {
          await gate;
          return bluesky.findPublished(input, credentials, window);
        },
      },
    });
    const run = worker.readBack();
    await vi.waitFor(async () => {
      for (const each of [held, gated]) {
        expect(await dueAt(each)).toBeGreaterThan(t.clock().getTime());
      }
    });
    t.clock.advance(10);
    openGate();
    // The Bluesky look ends; its place goes to the look that fell due, while X still holds
    // the first.
    await vi.waitFor(async () =>
      expect(await publicationOf(later.instanceId)).toMatchObject({
        readBacks: 1,
        readBacksAbsent: 1,
      }),
    );
    expect(await publicationOf(gated.instanceId)).toMatchObject({ readBacks: 1 });
    expect(await publicationOf(held.instanceId)).toMatchObject({ readBacks: 0 });
    answerHeld(null);
    expect(await run).toBe(3);
    expect(await publicationOf(held.instanceId)).toMatchObject({
      status: 'unconfirmed',
      readBacks: 1,
      readBacksAbsent: 1,
    });
  });
});
