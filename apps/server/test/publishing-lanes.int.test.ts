/**
 * Decision 093: calls are limited per account, never per network, so a slow or rate-limited
 * account holds up nothing but itself; and an account's posts go out in order.
 */
import type { NetworkId, ScheduledInstance } from '@cadence/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publications, scheduledInstances } from '../src/db/schema.js';
import { startChaosProxy } from '@cadence/fakes';
import { engines, type Engine } from './helpers/databases.js';
import { connectNetworks, createCompany, startNetworkFakes } from './helpers/networks.js';
import { createPost } from './helpers/posts.js';
import {
  createRunningClock,
  createTestApp,
  createVerifiedAccount,
  postJson,
  setTierByCommand,
} from './helpers/test-app.js';

let sequence = 0;

type Fakes = Awaited<ReturnType<typeof startNetworkFakes>>;

/** An owner with two entities ('A' and 'B') connected to the given networks. */
async function setUp(
  engine: Engine,
  fakes: Fakes,
  options: { env?: Record<string, string>; running?: boolean; networks: readonly NetworkId[] },
) {
  const t = await createTestApp(engine, {
    env: { ...fakes.env, PUBLISH_RETRY_BASE_MS: '10', ...options.env },
    ...(options.running ? { clock: createRunningClock(), startPublisher: true } : {}),
  });
  const token = await createVerifiedAccount(t, { email: 'owner@example.com' });
  await setTierByCommand(t, 'owner@example.com', 'enterprise');
  const entities: Record<'A' | 'B', string> = {
    A: await createCompany(t, token, 'Entity A'),
    B: await createCompany(t, token, 'Entity B'),
  };
  for (const companyId of Object.values(entities)) {
    await connectNetworks(t, fakes, token, companyId, options.networks);
  }

  /** A post of the entity due `due` ms from now, or at the instant `due` when a Date. */
  async function schedule(entity: 'A' | 'B', networks: readonly NetworkId[], due: number | Date) {
    const content = `Lane post ${++sequence}`;
    const created = await createPost(t, {
      email: 'owner@example.com',
      companyId: entities[entity],
      content,
    });
    const response = await postJson(
      t.app,
      '/schedules',
      {
        social_account_type: networks,
        post_id: created.id,
        schedule_date: (typeof due === 'number'
          ? new Date(t.clock().getTime() + due)
          : due
        ).toISOString(),
      },
      { authorization: `Bearer ${token}` },
    );
    if (response.status !== 201) throw new Error(`schedule failed: ${response.body}`);
    const data = response.json.data as unknown as { instances: ScheduledInstance[] };
    return { instanceId: data.instances[0]!.id, content };
  }

  const rowsOf = (instanceIds: string[]) =>
    t.infra.database.db
      .select({
        instanceId: publications.instanceId,
        network: publications.network,
        status: publications.status,
        attempts: publications.attempts,
        publishedAt: publications.publishedAt,
        nextAttemptAt: publications.nextAttemptAt,
        scheduledFor: scheduledInstances.scheduledFor,
      })
      .from(publications)
      .innerJoin(scheduledInstances, eq(scheduledInstances.id, publications.instanceId))
      .where(inArray(publications.instanceId, instanceIds));

  /** Waits until every publication of the instances is settled (at most 30 s). */
  function settled(instanceIds: string[]) {
    return vi.waitFor(
      async () => {
        const rows = await rowsOf(instanceIds);
        const open = rows.filter((row) => row.status === 'pending' || row.status === 'publishing');
        expect(open, 'publications still open').toEqual([]);
        return rows;
      },
      { timeout: 30_000, interval: 100 },
    );
  }

  return { t, schedule, rowsOf, settled };
}

const lateness = (row: { publishedAt: Date | null; scheduledFor: Date }) =>
  row.publishedAt!.getTime() - row.scheduledFor.getTime();

describe.each(engines)('publishing lanes on %s', (engine) => {
  describe('with the worker running', () => {
    const SLOW_MS = 3_000;
    let fakes: Fakes;
    let env: Awaited<ReturnType<typeof setUp>>;
    const proxies: Array<Awaited<ReturnType<typeof startChaosProxy>>> = [];
    let linkedInDelay = 0;
    let linkedInProxy: Awaited<ReturnType<typeof startChaosProxy>>;

    beforeAll(async () => {
      fakes = await startNetworkFakes();
      // LinkedIn answers slowly (once connected); X within a varying 0-150 ms, which would
      // reorder calls made side by side.
      const linkedIn = await startChaosProxy(fakes.linkedIn.baseUrl, {
        latencyMs: () => linkedInDelay,
      });
      const x = await startChaosProxy(fakes.twitter.baseUrl, { latencyMs: [0, 150] });
      proxies.push(linkedIn, x);
      env = await setUp(engine, fakes, {
        running: true,
        networks: ['twitter', 'linkedIn'],
        env: {
          LINKEDIN_API_BASE_URL: linkedIn.baseUrl,
          X_API_BASE_URL: x.baseUrl,
          // Two calls in flight in the whole process: a pool that slow calls could fill.
          PUBLISH_MAX_IN_FLIGHT: '2',
        },
      });
      linkedInDelay = SLOW_MS;
      linkedInProxy = linkedIn;
    });
    afterAll(async () => {
      await env?.t.close();
      await Promise.all(proxies.map((proxy) => proxy.close()));
      await fakes?.close();
    });

    it("a slow network does not delay another network's posts", async () => {
      linkedInProxy.resetPeakInFlight();
      const scheduled = [
        await env.schedule('A', ['linkedIn'], 1500),
        await env.schedule('A', ['linkedIn'], 1500),
        await env.schedule('A', ['twitter'], 1500),
        await env.schedule('B', ['twitter'], 1500),
        await env.schedule('A', ['twitter'], 1500),
      ];
      const rows = await env.settled(scheduled.map((post) => post.instanceId));
      expect(rows.map((row) => row.status)).toEqual(Array(5).fill('published'));
      const x = rows.filter((row) => row.network === 'twitter').map(lateness);
      const linkedIn = rows.filter((row) => row.network === 'linkedIn').map(lateness);
      // LinkedIn's two calls to one account go one after the other: the proxy never held
      // two at once (counted where they arrive, so no clock or write lag blurs it), and the
      // first is out only after a slow call (less a little: the clocks of the timer, the
      // database and the running clock differ by milliseconds). Every X post is out before
      // even one slow call could end.
      expect(linkedInProxy.peakInFlight()).toBe(1);
      expect(Math.min(...linkedIn)).toBeGreaterThan(SLOW_MS - 250);
      expect(Math.max(...x)).toBeLessThan(SLOW_MS);
    });

    it("publishes one account's posts in the order of their times", async () => {
      // Created latest-first, so the queue holds them in the opposite order to their times.
      // A third of a second apart: posts due within one fetch of the worker go out in the
      // order their loads finish (decision 093), which a busy machine may shuffle.
      const posts = [];
      const base = env.t.clock().getTime() + 2500;
      for (let index = 4; index >= 0; index--) {
        const due = new Date(base + index * 300);
        posts.push({ index, ...(await env.schedule('B', ['twitter'], due)) });
      }
      const rows = await env.settled(posts.map((post) => post.instanceId));
      expect(rows.map((row) => row.status)).toEqual(Array(5).fill('published'));
      const byTime = [...posts].sort((a, b) => a.index - b.index).map((post) => post.content);
      const received = fakes.twitter.posts
        .map((post) => post.text ?? '')
        .filter((text) => byTime.includes(text));
      expect(received).toEqual(byTime);
    });
  });

  describe('a rate limit', () => {
    let fakes: Fakes;
    let env: Awaited<ReturnType<typeof setUp>>;

    beforeAll(async () => {
      fakes = await startNetworkFakes();
      env = await setUp(engine, fakes, { networks: ['twitter'] });
    });
    afterAll(async () => {
      await env?.t.close();
      await fakes?.close();
    });

    it('pauses the account that got a 429 and leaves another account of the network publishing', async () => {
      const { t } = env;
      const first = await env.schedule('A', ['twitter'], 1000);
      fakes.twitter.failNext('rate-limited', 1);
      t.clock.advance(2);
      await t.publisher.publishInstance(first.instanceId);
      const [limited] = await env.rowsOf([first.instanceId]);
      expect(limited).toMatchObject({ status: 'pending', attempts: 1 });

      // A's next post waits for the pause without a call; B's goes out.
      const second = await env.schedule('A', ['twitter'], 1000);
      const other = await env.schedule('B', ['twitter'], 1000);
      t.clock.advance(2);
      const before = fakes.twitter.posts.length;
      await Promise.all([
        t.publisher.publishInstance(second.instanceId),
        t.publisher.publishInstance(other.instanceId),
      ]);
      const texts = fakes.twitter.posts.slice(before).map((post) => post.text);
      expect(texts).toEqual([other.content]);
      const [waiting] = await env.rowsOf([second.instanceId]);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
      expect(waiting!.nextAttemptAt!.getTime()).toBeGreaterThan(t.clock().getTime());

      // After the pause both of A's posts go out, once each.
      t.clock.advance(120);
      await t.publisher.publishInstance(first.instanceId);
      await t.publisher.publishInstance(second.instanceId);
      const rows = await env.rowsOf([first.instanceId, second.instanceId, other.instanceId]);
      expect(rows.map((row) => row.status)).toEqual(['published', 'published', 'published']);
      const all = fakes.twitter.posts.map((post) => post.text);
      for (const post of [first, second, other]) {
        expect(all.filter((text) => text === post.content)).toHaveLength(1);
      }
    });
  });
});
