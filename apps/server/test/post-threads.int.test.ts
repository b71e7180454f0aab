import {
  API_PATHS,
  POST_VARIANT_MESSAGES,
  type NetworkId,
  type Post,
  type ScheduledInstance,
} from '@cadence/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  publicationParts,
  publications,
  scheduledInstances,
  socialConnections,
} from '../src/db/schema.js';
import { createContainer } from '../src/container.js';
import { createLogger } from '../src/logger.js';
import { apiClient } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import {
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

describe.each(engines)('threads on %s', (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let token: string;
  let companyId: string;
  let sequence = 0;
  const { call } = apiClient(() => t.app);

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: { ...fakes.env, PUBLISH_RETRY_BASE_MS: '10' } });
    token = await createVerifiedAccount(t, { email: 'threads@example.com' });
    await setTierByCommand(t, 'threads@example.com', 'enterprise');
    companyId = await createCompany(t, token);
    await connectNetworks(t, fakes, token, companyId, ['twitter', 'bluesky', 'threads']);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const db = () => t.infra.database.db;
  const inMinutes = (minutes: number) =>
    new Date(t.clock().getTime() + minutes * 60_000).toISOString();

  /** A post with a thread, scheduled five minutes ahead to `networks`: its instance. */
  async function scheduleThread(networks: string[], thread: string[]) {
    const root = `Thread ${++sequence} starts here`;
    const created = await call<Post>('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: root,
      thread: thread.map((part) => `${part} (${sequence})`),
    });
    expect(created.status, created.body).toBe(201);
    const scheduled = await call<{ instances: ScheduledInstance[] }>('POST', '/schedules', token, {
      post_id: created.json.data.id,
      social_account_type: networks,
      schedule_date: inMinutes(5),
    });
    expect(scheduled.status, scheduled.body).toBe(201);
    return {
      root,
      parts: created.json.data.thread,
      instanceId: scheduled.json.data.instances[0]!.id,
    };
  }
  const partsOf = async (instanceId: string, network: NetworkId) => {
    const [publication] = await db()
      .select()
      .from(publications)
      .where(and(eq(publications.instanceId, instanceId), eq(publications.network, network)));
    const rows = await db()
      .select()
      .from(publicationParts)
      .where(eq(publicationParts.publicationId, publication!.id))
      .orderBy(asc(publicationParts.position));
    return { publication: publication!, rows };
  };
  const instanceStatus = async (instanceId: string) =>
    (await db().select().from(scheduledInstances).where(eq(scheduledInstances.id, instanceId)))[0]
      ?.status;

  it('refuses a part over a thread network’s limit, and an empty part', async () => {
    const over = await call('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: 'Root',
      platforms: ['twitter', 'threads'],
      thread: ['fine', 'x'.repeat(281)],
    });
    expect(over.status).toBe(400);
    expect(over.json.code).toBe('POST_TEXT_OVER_LIMIT');
    expect(over.json.message).toBe(POST_VARIANT_MESSAGES.threadPartOver(3, 'X', 281, 280));
    const empty = await call('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: 'Root',
      thread: ['fine', '  '],
    });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe(POST_VARIANT_MESSAGES.threadPartEmpty(3));
  });

  it('posts each part as a reply to the one before on X, Bluesky and Threads', async () => {
    const { root, parts, instanceId } = await scheduleThread(
      ['twitter', 'bluesky', 'threads'],
      ['Second part', 'Third part'],
    );
    t.clock.advance(600);
    await t.publisher.publishInstance(instanceId);

    const x = [root, ...parts].map((text) => fakes.twitter.posts.filter((p) => p.text === text));
    expect(x.map((found) => found.length)).toEqual([1, 1, 1]);
    expect(x[0]![0]!.inReplyTo).toBeUndefined();
    expect(x[1]![0]!.inReplyTo).toBe(x[0]![0]!.id);
    expect(x[2]![0]!.inReplyTo).toBe(x[1]![0]!.id);

    const sky = [root, ...parts].map((text) => fakes.bluesky.posts.filter((p) => p.text === text));
    expect(sky.map((found) => found.length)).toEqual([1, 1, 1]);
    expect(sky[1]![0]!.reply?.root.uri).toBe(sky[0]![0]!.uri);
    expect(sky[1]![0]!.reply?.parent.uri).toBe(sky[0]![0]!.uri);
    expect(sky[2]![0]!.reply?.root.uri).toBe(sky[0]![0]!.uri);
    expect(sky[2]![0]!.reply?.parent.uri).toBe(sky[1]![0]!.uri);

    const threads = [root, ...parts].map((text) =>
      fakes.threads.posts.filter((p) => p.text === text),
    );
    expect(threads.map((found) => found.length)).toEqual([1, 1, 1]);
    expect(threads[1]![0]!.replyToId).toBe(threads[0]![0]!.id);
    expect(threads[2]![0]!.replyToId).toBe(threads[1]![0]!.id);

    const stored = await partsOf(instanceId, 'bluesky');
    expect(stored.rows.map((row) => [row.position, row.status])).toEqual([
      [2, 'published'],
      [3, 'published'],
    ]);
    expect(stored.rows[0]!.externalId).toBe(sky[1]![0]!.uri);
    expect(await instanceStatus(instanceId)).toBe('published');
  });

  it('resumes a thread whose worker was stopped between parts: no part twice', async () => {
    const { root, parts, instanceId } = await scheduleThread(
      ['twitter'],
      ['Part two', 'Part three', 'Part four'],
    );
    const [connection] = await db()
      .select()
      .from(socialConnections)
      .where(
        and(eq(socialConnections.companyId, companyId), eq(socialConnections.network, 'twitter')),
      );
    // Worker A: when X receives part 2, A's turn for the account is taken (first in line), so
    // A stops after storing part 2's id and before claiming part 3, as a worker killed there.
    let releaseA = () => {};
    const held = new Promise<void>((resolve) => {
      releaseA = resolve;
    });
    let holding: Promise<unknown> | undefined;
    const stop = fakes.twitter.onPost((post) => {
      if (post.text !== parts[0]) return;
      holding = t.container.infra.lanes.run(
        { account: connection!.id, network: 'twitter', order: 0 },
        () => held,
      );
    });
    t.clock.advance(600);
    const workerA = t.publisher.publishInstance(instanceId);
    // A has stored part 2 and waits for its turn for part 3.
    for (let tries = 0; tries < 200; tries++) {
      const { rows } = await partsOf(instanceId, 'twitter');
      if (rows[0]?.externalId) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    stop();
    let stored = await partsOf(instanceId, 'twitter');
    expect(stored.rows.map((row) => row.status)).toEqual(['published', 'pending', 'pending']);
    expect(await instanceStatus(instanceId)).toBe('publishing'); // not finished: parts wait

    // Worker B, another process on the same database, takes the instance up after A's job
    // expired (the reconciler's job): it resumes with part 3.
    t.clock.advance(t.config.publisher.jobExpireSeconds + 1);
    const workerB = createContainer(
      {
        config: t.config,
        logger: createLogger('silent'),
        database: t.infra.database,
        queue: t.infra.queue,
        mailer: t.infra.mailer,
      },
      { clock: t.clock },
    );
    await workerB.jobs.publishInstance(instanceId);
    stored = await partsOf(instanceId, 'twitter');
    expect(stored.rows.map((row) => row.status)).toEqual(['published', 'published', 'published']);
    expect(await instanceStatus(instanceId)).toBe('published');

    // A comes back (it was never told): its claim of part 3 matches nothing, it sends nothing.
    releaseA();
    await holding;
    await workerA;
    const sent = [root, ...parts].map((text) => fakes.twitter.posts.filter((p) => p.text === text));
    expect(sent.map((found) => found.length)).toEqual([1, 1, 1, 1]);
    expect(sent[2]![0]!.inReplyTo).toBe(sent[1]![0]!.id);
    expect(sent[3]![0]!.inReplyTo).toBe(sent[2]![0]!.id);
    expect(await instanceStatus(instanceId)).toBe('published');
  });

  it('stops at a part X refuses, shows where, and Retry resumes there', async () => {
    const { root, parts, instanceId } = await scheduleThread(
      ['twitter'],
      ['Part B', 'Part C', 'Part D'],
    );
    // Part 3 is refused once (its text is the network's business: an invalid request).
    let count = 0;
    const stop = fakes.twitter.onPost(() => {
      count += 1;
      if (count === 2) fakes.twitter.failNext('invalid', 1, 'POST /2/tweets');
    });
    t.clock.advance(600);
    await t.publisher.publishInstance(instanceId);
    stop();
    let stored = await partsOf(instanceId, 'twitter');
    expect(stored.rows.map((row) => row.status)).toEqual(['published', 'failed', 'pending']);
    expect(await instanceStatus(instanceId)).toBe('published'); // the post itself is out

    // The Scheduling list says where it stopped.
    const list = await call<{ rows: ScheduledInstance[] }>(
      'GET',
      '/schedules?page=1&pageSize=100',
      token,
    );
    expect(list.status, list.body).toBe(200);
    const publication = list.json.data.rows
      .flatMap((row) => row.schedule_data)
      .find((item) => item.id === stored.publication.id) as { thread: unknown } | undefined;
    expect(publication?.thread).toMatchObject({
      total: 4,
      posted: 2,
      stopped_at: { part: 3, part_id: stored.rows[1]!.id, status: 'failed' },
    });

    const retried = await call('POST', `/publication-parts/${stored.rows[1]!.id}/retry`, token);
    expect(retried.status, retried.body).toBe(200);
    await t.publisher.publishInstance(instanceId);
    stored = await partsOf(instanceId, 'twitter');
    expect(stored.rows.map((row) => row.status)).toEqual(['published', 'published', 'published']);
    const sent = [root, ...parts].map((text) => fakes.twitter.posts.filter((p) => p.text === text));
    expect(sent.map((found) => found.length)).toEqual([1, 1, 1, 1]);
    expect(sent[2]![0]!.inReplyTo).toBe(sent[1]![0]!.id);

    const again = await call('POST', `/publication-parts/${stored.rows[1]!.id}/retry`, token);
    expect(again.status).toBe(409);
  });
});
