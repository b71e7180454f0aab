import {
  PUBLICATION_MESSAGES,
  SCHEDULE_MESSAGES,
  type NetworkId,
  type PublicationActionResult,
  type ScheduledInstance,
} from '@cadence/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publications, scheduledInstances, systemLogs } from '../src/db/schema.js';
import { standInWebUrls } from '../demo/fakes.js';
import { apiCall } from './helpers/api.js';
import { engines, type Engine } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { createPost } from './helpers/posts.js';
import {
  createRunningClock,
  createTestApp,
  createVerifiedAccount,
  type TestApp,
  setTierByCommand,
} from './helpers/test-app.js';

const NETWORKS = ['twitter', 'bluesky'] as const satisfies readonly NetworkId[];
const ACTIONS = ['retry', 'confirm-absent', 'mark-published', 'publish-now'] as const;
let sequence = 0;

async function setUp(engine: Engine, options: { running?: boolean; asTheDemo?: boolean } = {}) {
  const fakes = await startNetworkFakes();
  // The demo's configuration: each network's website is its stand-in (demo/fakes.ts).
  const webUrls = options.asTheDemo ? standInWebUrls({ ...fakes, x: fakes.twitter }) : {};
  const t = await createTestApp(engine, {
    env: {
      ...fakes.env,
      ...webUrls,
      PUBLIC_URL: 'http://cadence.example.test',
      PUBLISH_RETRY_BASE_MS: '10',
    },
    ...(options.running ? { clock: createRunningClock(), startPublisher: true } : {}),
  });
  const token = await createVerifiedAccount(t, { email: 'owner@example.com' });
  await setTierByCommand(t, 'owner@example.com', 'enterprise');
  const companyId = await createCompany(t, token);
  await connectNetworks(t, fakes, token, companyId, NETWORKS);
  const stranger = await createVerifiedAccount(t, { email: 'stranger@example.com' });

  /** A fresh post (unique text: the networks refuse duplicates) scheduled ahead. */
  async function schedule(networks: readonly NetworkId[], inSeconds = 60) {
    const content = `Action post ${++sequence} from Cadence`;
    const post = await createPost(t, { email: 'owner@example.com', companyId, content });
    const response = await apiCall<{ instances: ScheduledInstance[] }>(
      t.app,
      'POST',
      '/schedules',
      token,
      {
        social_account_type: networks,
        post_id: post.id,
        schedule_date: new Date(t.clock().getTime() + inSeconds * 1000).toISOString(),
      },
    );
    if (response.status !== 201) throw new Error(`schedule failed: ${response.body}`);
    const instance = response.json.data.instances[0]!;
    const idOf = (network: NetworkId) =>
      instance.schedule_data.find((item) => item.network === network)!.id;
    return { instanceId: instance.id, postId: post.id, content, idOf };
  }

  return { fakes, t, token, stranger, schedule };
}

type Env = Awaited<ReturnType<typeof setUp>>;

function helpers(get: () => Env) {
  const db = () => get().t.infra.database.db;
  return {
    act: (
      action: (typeof ACTIONS)[number],
      publicationId: string,
      body?: object,
      token: string | null = get().token,
    ) =>
      apiCall<PublicationActionResult>(
        get().t.app,
        'POST',
        `/publications/${publicationId}/${action}`,
        token,
        body,
      ),
    publication: async (id: string) =>
      (await db().select().from(publications).where(eq(publications.id, id)))[0]!,
    instance: async (id: string) =>
      (await db().select().from(scheduledInstances).where(eq(scheduledInstances.id, id)))[0]!,
    logsOf: (instanceId: string) =>
      db()
        .select()
        .from(systemLogs)
        .where(eq(systemLogs.instanceId, instanceId))
        .orderBy(asc(systemLogs.createdAt)),
    countOn: (network: (typeof NETWORKS)[number], content: string) => {
      const { fakes } = get();
      const texts =
        network === 'twitter'
          ? fakes.twitter.posts.map((post) => post.text ?? '')
          : fakes.bluesky.posts.map((post) => post.text);
      return texts.filter((text) => text.includes(content)).length;
    },
  };
}

/** Two answers of a racing pair: exactly one 200 and one 409, in either order. */
function expectOneWinner(
  answers: Array<{
    status: number;
    json: { code?: string | undefined; message?: string | undefined };
  }>,
) {
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  const loser = answers.find((answer) => answer.status === 409)!;
  expect(loser.json.code).toBe('PUBLICATION_STATE_CHANGED');
  return loser;
}

describe.each(engines)('publication actions on %s', (engine) => {
  let env: Env;
  let t: TestApp;
  let fakes: NetworkFakes;
  const h = helpers(() => env);

  beforeAll(async () => {
    env = await setUp(engine);
    ({ t, fakes } = env);
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  /** Moves past the scheduled time and runs the job's handler, as a worker would. */
  const runDue = async (instanceId: string, seconds = 61) => {
    t.clock.advance(seconds);
    await t.publisher.publishInstance(instanceId);
  };
  /** Twice at once, as two workers holding duplicate jobs would. */
  const runTwice = (instanceId: string) =>
    Promise.all([t.publisher.publishInstance(instanceId), t.publisher.publishInstance(instanceId)]);
  /** A claim whose worker died mid-call, judged unconfirmed by the next job. */
  const makeUnconfirmed = async (instanceId: string, publicationId: string) => {
    t.clock.advance(61);
    await t.infra.database.db
      .update(publications)
      .set({ status: 'publishing', claimedAt: t.clock(), attempts: 1 })
      .where(eq(publications.id, publicationId));
    await runDue(instanceId, t.config.publisher.jobExpireSeconds + 1);
    expect((await h.publication(publicationId)).status).toBe('unconfirmed');
  };

  it('retries a failed post once, however often Retry is clicked', async () => {
    const { instanceId, content, idOf } = await env.schedule(['twitter']);
    fakes.twitter.failNext('invalid', 1, 'POST /2/tweets');
    await runDue(instanceId);
    expect((await h.publication(idOf('twitter'))).status).toBe('failed');
    expect((await h.instance(instanceId)).status).toBe('failed');

    const answers = await Promise.all([
      h.act('retry', idOf('twitter')),
      h.act('retry', idOf('twitter')),
    ]);
    const loser = expectOneWinner(answers);
    expect(loser.json.message).toBe('This post is already waiting to be published.');
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(winner.json.message).toBe(PUBLICATION_MESSAGES.done.retry);
    expect(winner.json.data.publication).toMatchObject({
      id: idOf('twitter'),
      status: 'pending',
      error: null,
    });
    expect(winner.json.data.instance_status).toBe('pending');
    const waiting = await h.publication(idOf('twitter'));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: null });
    expect(waiting.dueAt?.getTime()).toBe(t.clock().getTime());

    // Its run is asked at once (decision 130).
    const queued = await h.instance(instanceId);
    expect(queued.status).toBe('pending');
    expect(queued.runAt?.getTime()).toBe(t.clock().getTime());

    // Asked again before it went: nothing more is queued.
    const early = await h.act('publish-now', idOf('twitter'));
    expect(early.status).toBe(409);

    await runTwice(instanceId);
    expect(h.countOn('twitter', content)).toBe(1);
    expect((await h.publication(idOf('twitter'))).status).toBe('published');
    expect((await h.instance(instanceId)).status).toBe('published');
    const logs = await h.logsOf(instanceId);
    expect(logs.map((log) => [log.status, log.message])).toEqual([
      ['error', expect.stringContaining('X: ')],
      ['pending', PUBLICATION_MESSAGES.log.retry],
      ['success', 'Published to X'],
    ]);

    const late = await h.act('retry', idOf('twitter'));
    expect(late.status).toBe(409);
    expect(late.json.message).toBe('This post is already published.');
  });

  it("does not miss a retry of an old post, and still misses the others' old copies", async () => {
    const { instanceId, content, idOf } = await env.schedule(['twitter', 'bluesky']);
    fakes.twitter.failNext('invalid', 1, 'POST /2/tweets');
    fakes.bluesky.failNext('server-error', 1, 'com.atproto.repo.createRecord');
    await runDue(instanceId);
    expect((await h.publication(idOf('twitter'))).status).toBe('failed');
    expect((await h.publication(idOf('bluesky'))).status).toBe('pending');

    t.clock.advance(2 * 24 * 3600); // the server was away for two days
    expect((await h.act('retry', idOf('twitter'))).status).toBe(200);
    await t.publisher.publishInstance(instanceId);
    expect(h.countOn('twitter', content)).toBe(1);
    expect(h.countOn('bluesky', content)).toBe(0);
    expect((await h.publication(idOf('twitter'))).status).toBe('published');
    expect((await h.publication(idOf('bluesky'))).status).toBe('missed');
    expect((await h.instance(instanceId)).status).toBe('partial');

    // A missed copy can be retried too, and then goes out.
    expect((await h.act('retry', idOf('bluesky'))).status).toBe(200);
    expect((await h.instance(instanceId)).status).toBe('pending');
    await runTwice(instanceId);
    expect(h.countOn('bluesky', content)).toBe(1);
    expect((await h.instance(instanceId)).status).toBe('published');
    expect(
      (await h.logsOf(instanceId)).map((log) => log.message).filter((m) => m.includes('Missed')),
    ).toEqual([SCHEDULE_MESSAGES.missed]);
  });

  it('posts an unconfirmed post again, once, when the customer checked it is not there', async () => {
    const { instanceId, content, idOf } = await env.schedule(['bluesky']);
    await makeUnconfirmed(instanceId, idOf('bluesky'));
    expect(h.countOn('bluesky', content)).toBe(0);

    const loser = expectOneWinner(
      await Promise.all([
        h.act('confirm-absent', idOf('bluesky')),
        h.act('confirm-absent', idOf('bluesky')),
      ]),
    );
    expect(loser.json.message).toBe('This post is already waiting to be published.');
    // The other tab still offers 'mark published': too late, it is queued.
    expect(
      (await h.act('mark-published', idOf('bluesky'), { url: 'https://bsky.app/x' })).status,
    ).toBe(409);

    await runTwice(instanceId);
    expect(h.countOn('bluesky', content)).toBe(1);
    expect((await h.publication(idOf('bluesky'))).status).toBe('published');
    expect((await h.instance(instanceId)).status).toBe('published');
    const messages = (await h.logsOf(instanceId)).map((log) => log.message);
    expect(messages).toContain(PUBLICATION_MESSAGES.log['confirm-absent']);
  });

  it('marks an unconfirmed post published with its link, posting nothing', async () => {
    const { instanceId, content, idOf } = await env.schedule(['twitter', 'bluesky']);
    await makeUnconfirmed(instanceId, idOf('twitter'));
    expect((await h.publication(idOf('bluesky'))).status).toBe('published');
    expect((await h.instance(instanceId)).status).toBe('partial');

    const id = idOf('twitter');
    const refused = [
      [{}, 'VALIDATION_FAILED'],
      [{ url: '' }, 'VALIDATION_FAILED'],
      [{ url: 'x.com/acme/status/1' }, 'INVALID_URL'],
      [{ url: 'http://x.com/acme/status/1' }, 'INVALID_URL'],
      [{ url: 'javascript:alert(1)//x.com' }, 'INVALID_URL'],
      [{ url: 'https://bsky.app/profile/acme/post/1' }, 'LINK_NOT_ON_NETWORK'],
      [{ url: 'https://x.com.evil.example/acme/status/1' }, 'LINK_NOT_ON_NETWORK'],
      [{ url: `https://x.com/${'a'.repeat(3000)}` }, 'VALIDATION_FAILED'],
    ] as const;
    for (const [body, code] of refused) {
      const answer = await h.act('mark-published', id, body);
      expect([answer.status, answer.json.code], JSON.stringify(body).slice(0, 60)).toEqual([
        400,
        code,
      ]);
    }
    expect((await h.act('mark-published', id)).status).toBe(400); // no body at all
    expect((await h.publication(id)).status).toBe('unconfirmed');

    // Two tabs mark it at once: one wins, the other is told it is already published.
    const link = 'https://x.com/acme/status/1234567890';
    const answers = await Promise.all([
      h.act('mark-published', id, { url: link }),
      h.act('mark-published', id, { url: `${link}?second` }),
    ]);
    const loser = expectOneWinner(answers);
    expect(loser.json.message).toBe('This post is already published.');
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(winner.json.message).toBe(PUBLICATION_MESSAGES.done['mark-published']);
    // Every copy is published now: the occurrence's outcome says so.
    expect(winner.json.data.instance_status).toBe('published');
    expect(winner.json.data.publication).toMatchObject({ status: 'published' });
    const marked = await h.publication(id);
    expect(marked).toMatchObject({ status: 'published', externalId: null, lastError: null });
    expect(marked.externalUrl?.startsWith(link)).toBe(true);
    expect(marked.publishedAt).toBeTruthy();
    expect((await h.instance(instanceId)).status).toBe('published');
    const logs = await h.logsOf(instanceId);
    expect(logs.at(-1)).toMatchObject({
      status: 'success',
      message: PUBLICATION_MESSAGES.log['mark-published'],
    });

    // Nothing goes out for it, whatever job runs later.
    await runDue(instanceId, 600);
    expect(h.countOn('twitter', content)).toBe(0);
    expect(h.countOn('bluesky', content)).toBe(1);
  });

  it("publishes one network now and leaves the others for the post's time", async () => {
    const { instanceId, content, idOf } = await env.schedule(['twitter', 'bluesky'], 3600);
    const loser = expectOneWinner(
      await Promise.all([
        h.act('publish-now', idOf('twitter')),
        h.act('publish-now', idOf('twitter')),
      ]),
    );
    expect(loser.json.message).toBe('This post is already waiting to be published.');
    await runTwice(instanceId); // the job the action sent, run now (twice)
    expect(h.countOn('twitter', content)).toBe(1);
    expect(h.countOn('bluesky', content)).toBe(0);
    expect((await h.publication(idOf('bluesky'))).status).toBe('pending');
    expect((await h.instance(instanceId)).status).toBe('pending');

    // Published: nothing more to do now.
    const again = await h.act('publish-now', idOf('twitter'));
    expect([again.status, again.json.message]).toEqual([409, 'This post is already published.']);
    // Being sent by a worker: refused with the words people read.
    await t.infra.database.db
      .update(publications)
      .set({ status: 'publishing', claimedAt: t.clock() })
      .where(eq(publications.id, idOf('bluesky')));
    const busy = await h.act('publish-now', idOf('bluesky'));
    expect([busy.status, busy.json.message]).toEqual([
      409,
      'This post is already being published.',
    ]);
    await t.infra.database.db
      .update(publications)
      .set({ status: 'pending', claimedAt: null })
      .where(eq(publications.id, idOf('bluesky')));

    await runDue(instanceId, 3600);
    expect(h.countOn('bluesky', content)).toBe(1);
    expect(h.countOn('twitter', content)).toBe(1);
    expect((await h.instance(instanceId)).status).toBe('published');
    const messages = (await h.logsOf(instanceId)).map((log) => log.message);
    expect(messages.filter((m) => m === PUBLICATION_MESSAGES.log['publish-now'])).toHaveLength(1);
  });

  it("runs a 'Publish now' at once, and only that, the rest at the post's own time", async () => {
    const { instanceId, content, idOf } = await env.schedule(['twitter', 'bluesky'], 3 * 86_400);
    const ownTime = (await h.instance(instanceId)).scheduledFor.getTime();
    expect((await h.instance(instanceId)).runAt?.getTime()).toBe(ownTime);
    expect((await h.act('publish-now', idOf('twitter'))).status).toBe(200);
    // Asked in the action's own transaction (decision 130): it cannot be lost apart from it.
    expect((await h.instance(instanceId)).runAt?.getTime()).toBe(t.clock().getTime());
    t.clock.advance(1);
    await t.publisher.publishInstance(instanceId);
    expect(h.countOn('twitter', content)).toBe(1);
    expect(h.countOn('bluesky', content)).toBe(0);
    // Bluesky waits for the post's own time: the run asked the next one for it.
    expect((await h.instance(instanceId)).runAt?.getTime()).toBe(ownTime);
  });

  it("answers 404 for another customer's publication and for ids that are not one", async () => {
    const { idOf } = await env.schedule(['twitter']);
    const id = idOf('twitter');
    for (const action of ACTIONS) {
      const body = action === 'mark-published' ? { url: 'https://x.com/a/status/1' } : undefined;
      const stranger = await h.act(action, id, body, env.stranger);
      expect([action, stranger.status, stranger.json.code]).toEqual([
        action,
        404,
        'PUBLICATION_NOT_FOUND',
      ]);
      const unknown = await h.act(action, '00000000-0000-4000-8000-000000000000', body);
      expect([action, unknown.status]).toEqual([action, 404]);
      const malformed = await h.act(action, 'not-an-id', body);
      expect([action, malformed.status]).toEqual([action, 404]);
      expect((await h.act(action, id, body, null)).status).toBe(401);
    }
    // Nothing changed for the owner: still waiting for its time, and no log rows.
    expect((await h.publication(id)).status).toBe('pending');
    expect((await h.publication(id)).dueAt).toBeNull();
    const wrong = await h.act('retry', id);
    expect([wrong.status, wrong.json.code]).toEqual([409, 'PUBLICATION_STATE_CHANGED']);
  });

  it("lists one post's occurrences with their publication ids, for its owner only", async () => {
    const first = await env.schedule(['twitter', 'bluesky']);
    await env.schedule(['twitter']);
    const list = (token: string) =>
      apiCall<{ rows: ScheduledInstance[] }>(
        t.app,
        'GET',
        `/schedules?post_id=${first.postId}`,
        token,
      );
    const mine = await list(env.token);
    expect(mine.status).toBe(200);
    expect(mine.json.data.rows.map((instance) => instance.id)).toEqual([first.instanceId]);
    expect(mine.json.data.rows[0]?.schedule_data.map((item) => item.id).sort()).toEqual(
      [first.idOf('twitter'), first.idOf('bluesky')].sort(),
    );
    expect((await list(env.stranger)).json.data.rows).toEqual([]);
    const malformed = await apiCall(t.app, 'GET', '/schedules?post_id=nope', env.token);
    expect(malformed.status).toBe(400);
  });
});

describe.each(engines)('publication actions through the queue on %s', (engine) => {
  let env: Env;
  const h = helpers(() => env);
  beforeAll(async () => {
    env = await setUp(engine, { running: true });
  });
  afterAll(async () => {
    await env?.t.close();
    await env?.fakes.close();
  });

  const waitFor = (check: () => Promise<boolean>) =>
    vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 15_000, interval: 100 });
  /** Whether the instance still has a run asked or held (decision 130). */
  const runsLeft = async (instanceId: string) => {
    const row = await h.instance(instanceId);
    return row.runAt !== null || row.leaseUntil !== null;
  };

  it('a Retry clicked in two tabs at once reaches the network once, through the worker', async () => {
    const { fakes } = env;
    const { instanceId, content, idOf } = await env.schedule(['twitter'], 1);
    fakes.twitter.failNext('invalid', 1, 'POST /2/tweets');
    await waitFor(async () => (await h.publication(idOf('twitter'))).status === 'failed');
    expectOneWinner(
      await Promise.all([h.act('retry', idOf('twitter')), h.act('retry', idOf('twitter'))]),
    );
    await waitFor(async () => (await h.instance(instanceId)).status === 'published');
    // Every run for the instance is over: a second copy would have reached the network.
    await waitFor(async () => !(await runsLeft(instanceId)));
    expect(h.countOn('twitter', content)).toBe(1);
  });
});

describe.each(engines)("mark published in the demo's configuration on %s", (engine) => {
  let env: Env;
  const h = helpers(() => env);
  beforeAll(async () => {
    env = await setUp(engine, { asTheDemo: true });
  });
  afterAll(async () => {
    await env?.t.close();
    await env?.fakes.close();
  });

  it("takes the stand-in's own http link to the post, and refuses another host", async () => {
    const { t, fakes } = env;
    const { instanceId, content, idOf } = await env.schedule(['twitter', 'bluesky']);
    const id = idOf('twitter');
    // Its worker died mid-call: nobody knows whether the post is out (unconfirmed).
    t.clock.advance(61);
    await t.infra.database.db
      .update(publications)
      .set({ status: 'publishing', claimedAt: t.clock(), attempts: 1 })
      .where(eq(publications.id, id));
    t.clock.advance(t.config.publisher.jobExpireSeconds + 1);
    await t.publisher.publishInstance(instanceId);
    expect((await h.publication(id)).status).toBe('unconfirmed');

    const notOnX = PUBLICATION_MESSAGES.linkNotOnNetwork('X/Twitter');
    const refused = [
      // An unrelated host, and the Bluesky stand-in's link for the X copy.
      [`https://example.com/acme/status/1`, 'LINK_NOT_ON_NETWORK', notOnX],
      [`${fakes.bluesky.baseUrl}/profile/acme/post/1`, 'LINK_NOT_ON_NETWORK', notOnX],
      // http on no configured origin: still not a full https link.
      ['http://127.0.0.1:1/acme/status/1', 'INVALID_URL', PUBLICATION_MESSAGES.linkInvalid],
    ] as const;
    for (const [url, code, message] of refused) {
      const answer = await h.act('mark-published', id, { url });
      expect([answer.status, answer.json.code, answer.json.message], url).toEqual([
        400,
        code,
        message,
      ]);
    }
    expect((await h.publication(id)).status).toBe('unconfirmed');

    // The link the X stand-in gives for a post (http, on its own port) is taken.
    const link = `${fakes.twitter.baseUrl}/harborcoffee/status/1234567890`;
    const answer = await h.act('mark-published', id, { url: link });
    expect(answer.status).toBe(200);
    expect(await h.publication(id)).toMatchObject({ status: 'published', externalUrl: link });
    expect(h.countOn('twitter', content)).toBe(0);

    // The browser is told the same origins, to say it before the request.
    const me = await apiCall<{ post_link_origins?: Array<{ network: string; origin: string }> }>(
      t.app,
      'GET',
      '/customer/me',
      env.token,
    );
    expect(me.json.data.post_link_origins).toContainEqual({
      network: 'twitter',
      origin: new URL(fakes.twitter.baseUrl).origin,
    });
  });
});
