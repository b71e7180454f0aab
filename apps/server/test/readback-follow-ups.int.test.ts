import { type NetworkId, type ScheduledInstance } from '@cadence/shared';
import { startChaosProxy, type ChaosProxy } from '@cadence/fakes';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, publicationParts, publications, scheduledInstances } from '../src/db/schema.js';
import { createContainer } from '../src/container.js';
import { createLinkedInAdapter } from '../src/integrations/networks/linkedin.js';
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
 * A post whose answer was lost (`unconfirmed`) and which the read-back then found on its
 * network: its thread goes on from the second part and its first comment is posted, each
 * once, as after a worker that died between parts. The answers are lost by a chaos proxy in
 * front of the stand-in after it acted (`timeout-after`: the post exists).
 */
const READBACK_SECONDS = 120;
const COMMENT_DELAY_SECONDS = 90;

describe.each(engines)(
  'a post found by the read-back goes on with its follow-ups, on %s',
  (engine: Engine) => {
    let fakes: NetworkFakes;
    let t: TestApp;
    let token: string;
    let companyId: string;
    let sequence = 0;
    const proxies: ChaosProxy[] = [];

    beforeAll(async () => {
      fakes = await startNetworkFakes();
      t = await createTestApp(engine, {
        env: {
          ...fakes.env,
          PUBLIC_URL: 'http://cadence.example.test',
          FIRST_COMMENT_DELAY_SECONDS: String(COMMENT_DELAY_SECONDS),
        },
      });
      token = await createVerifiedAccount(t, { email: 'found@example.com' });
      await setTierByCommand(t, 'found@example.com', 'enterprise');
      companyId = await createCompany(t, token);
      await connectNetworks(t, fakes, token, companyId, ['twitter', 'linkedIn']);
    }, 180_000);
    afterAll(async () => {
      await Promise.all(proxies.map((proxy) => proxy.close()));
      await t?.close();
      await fakes?.close();
    });

    const db = () => t.infra.database.db;

    /** A post with a thread and a first comment, scheduled a minute ahead to `network`. */
    async function schedule(network: NetworkId, follow: { thread?: string[]; comment?: string }) {
      const content = `Found post ${++sequence} (${engine})`;
      const created = await createPost(t, { email: 'found@example.com', companyId, content });
      const thread = (follow.thread ?? []).map((part) => `${part} (${sequence}, ${engine})`);
      await db()
        .update(posts)
        .set({ thread, firstComment: follow.comment ?? null })
        .where(eq(posts.id, created.id));
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
      return { instanceId: data.instances[0]!.id, content, thread };
    }
    const publicationOf = async (instanceId: string) =>
      (await db().select().from(publications).where(eq(publications.instanceId, instanceId)))[0]!;
    const partsOf = async (publicationId: string, kind: 'thread' | 'comment') =>
      db()
        .select()
        .from(publicationParts)
        .where(
          and(eq(publicationParts.publicationId, publicationId), eq(publicationParts.kind, kind)),
        )
        .orderBy(asc(publicationParts.position));
    const instanceStatus = async (instanceId: string) =>
      (await db().select().from(scheduledInstances).where(eq(scheduledInstances.id, instanceId)))[0]
        ?.status;

    async function losingProxy(target: string, failing: (path: string, method: string) => boolean) {
      const proxy = await startChaosProxy(target, {
        failureRate: 0,
        failures: ['timeout-after'],
        holdMs: 30,
        mayFail: ({ path, method }) => failing(path, method),
      });
      proxies.push(proxy);
      return proxy;
    }

    /** A worker (a process of its own) whose adapter for `network` is `adapter`. */
    function workerWith(network: NetworkId, adapter: NetworkAdapter<never>) {
      const base = createNetworkRegistry(t.config.networks);
      return createWorker(
        createContainer(
          { config: t.config, logger: t.app.log, ...t.infra },
          {
            clock: t.clock,
            networks: { ...base, adapters: { ...base.adapters, [network]: adapter } },
          },
        ),
      );
    }

    it('an X thread whose first post was found goes on from part 2, each part once, whichever worker runs it', async () => {
      // Only the first post's answer is lost: the proxy fails while switched on.
      const proxy = await losingProxy(fakes.twitter.baseUrl, (path) =>
        path.startsWith('/2/tweets'),
      );
      const adapter = createXAdapter({ baseUrl: proxy.baseUrl }) as NetworkAdapter<never>;
      const workerA = workerWith('twitter', adapter);
      const workerB = workerWith('twitter', adapter);
      const { instanceId, content, thread } = await schedule('twitter', {
        thread: ['Second part', 'Third part'],
      });
      proxy.setFailureRate(1);
      t.clock.advance(61);
      await workerA.publishInstance(instanceId);
      proxy.setFailureRate(0);
      const lost = await publicationOf(instanceId);
      expect(lost.status).toBe('unconfirmed');
      expect(await partsOf(lost.id, 'thread')).toEqual([]); // the thread never started
      const onX = (text: string) => fakes.twitter.posts.filter((post) => post.text === text);
      expect(onX(content)).toHaveLength(1);
      expect(onX(thread[0]!)).toHaveLength(0);

      t.clock.advance(READBACK_SECONDS);
      expect(await workerA.readBack()).toBe(1);
      const found = await publicationOf(instanceId);
      expect(found).toMatchObject({ status: 'published', externalId: onX(content)[0]!.id });
      const waiting = await partsOf(found.id, 'thread');
      expect(waiting.map((part) => [part.position, part.status, part.content])).toEqual([
        [2, 'pending', thread[0]],
        [3, 'pending', thread[1]],
      ]);

      // The instance's job takes it up (two workers at once: each part still goes out once).
      await Promise.all([workerA.publishInstance(instanceId), workerB.publishInstance(instanceId)]);
      await workerA.publishInstance(instanceId);
      const sent = [content, ...thread].map(onX);
      expect(sent.map((each) => each.length)).toEqual([1, 1, 1]);
      expect(sent[1]![0]!.inReplyTo).toBe(sent[0]![0]!.id);
      expect(sent[2]![0]!.inReplyTo).toBe(sent[1]![0]!.id);
      expect((await partsOf(found.id, 'thread')).map((part) => part.status)).toEqual([
        'published',
        'published',
      ]);
      expect(await instanceStatus(instanceId)).toBe('published');
      // A later look takes nothing: the publication is settled.
      t.clock.advance(READBACK_SECONDS);
      expect(await workerA.readBack()).toBe(0);
    });

    it('the read-back asks the run of the instance whose found thread waits', async () => {
      const proxy = await losingProxy(fakes.twitter.baseUrl, (path) =>
        path.startsWith('/2/tweets'),
      );
      const worker = workerWith('twitter', createXAdapter({ baseUrl: proxy.baseUrl }));
      const { instanceId, content, thread } = await schedule('twitter', { thread: ['Only part'] });
      proxy.setFailureRate(1);
      t.clock.advance(61);
      await worker.publishInstance(instanceId);
      proxy.setFailureRate(0);
      t.clock.advance(READBACK_SECONDS);
      expect(await worker.readBack()).toBe(1);
      // Asked in the transaction that recorded the find (decision 130): nothing to make up.
      const [asked] = await db()
        .select({ runAt: scheduledInstances.runAt })
        .from(scheduledInstances)
        .where(eq(scheduledInstances.id, instanceId));
      expect(asked?.runAt?.getTime()).toBeLessThanOrEqual(t.clock().getTime());
      await worker.publishInstance(instanceId);
      const onX = (text: string) => fakes.twitter.posts.filter((post) => post.text === text);
      expect([content, ...thread].map((text) => onX(text).length)).toEqual([1, 1]);
      expect(onX(thread[0]!)[0]!.inReplyTo).toBe(onX(content)[0]!.id);
    });

    it('a LinkedIn post found by the read-back gets its first comment, once, after the delay', async () => {
      const proxy = await losingProxy(
        fakes.linkedIn.baseUrl,
        (path, method) => method === 'POST' && path.startsWith('/rest/posts'),
      );
      const worker = workerWith('linkedIn', createLinkedInAdapter({ baseUrl: proxy.baseUrl }));
      const { instanceId, content } = await schedule('linkedIn', {
        comment: 'The link is in this comment',
      });
      proxy.setFailureRate(1);
      t.clock.advance(61);
      await worker.publishInstance(instanceId);
      proxy.setFailureRate(0);
      const lost = await publicationOf(instanceId);
      expect(lost.status).toBe('unconfirmed');
      expect(await partsOf(lost.id, 'comment')).toEqual([]);

      t.clock.advance(READBACK_SECONDS);
      expect(await worker.readBack()).toBe(1);
      const found = await publicationOf(instanceId);
      const onLinkedIn = fakes.linkedIn.posts.filter((post) => post.text === content);
      expect(found).toMatchObject({ status: 'published', externalId: onLinkedIn[0]!.id });
      const [comment] = await partsOf(found.id, 'comment');
      expect(comment).toMatchObject({ status: 'pending', content: 'The link is in this comment' });
      expect(comment!.dueAt!.getTime() - t.clock().getTime()).toBe(COMMENT_DELAY_SECONDS * 1000);

      await worker.publishFirstComment(found.id); // too early: nothing
      expect(fakes.linkedIn.comments.filter((c) => c.postId === found.externalId)).toHaveLength(0);
      t.clock.advance(COMMENT_DELAY_SECONDS);
      await worker.publishFirstComment(found.id);
      await worker.publishFirstComment(found.id);
      expect(
        fakes.linkedIn.comments.filter((c) => c.postId === found.externalId).map((c) => c.message),
      ).toEqual(['The link is in this comment']);
      expect((await partsOf(found.id, 'comment'))[0]?.status).toBe('published');
      expect(await instanceStatus(instanceId)).toBe('published');
    });
  },
);
