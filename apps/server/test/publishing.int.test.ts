import {
  NETWORK_IDS,
  SCHEDULE_MESSAGES,
  type NetworkId,
  type ScheduledInstance,
  type SystemLog,
} from '@cadence/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  publications,
  scheduledInstances,
  serviceHeartbeats,
  socialConnections,
  systemLogs,
} from '../src/db/schema.js';
import { createXAdapter } from '../src/integrations/networks/x.js';
import { claimDueRuns } from '../src/modules/schedules/index.js';
import { claimPublications, markSendingMany } from '../src/modules/publishing/index.js';
import { createContainer } from '../src/container.js';
import { SILENT_AFTER_MS } from '../src/db/process-liveness.js';
import { createNetworkRegistry } from '../src/integrations/networks/registry.js';
import { createWorker } from '../src/worker.js';
import { engines, type Engine } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { apiCall } from './helpers/api.js';
import { createPost } from './helpers/posts.js';
import {
  createRunningClock,
  createTestApp,
  createVerifiedAccount,
  getJson,
  postJson,
  type TestApp,
  setTierByCommand,
} from './helpers/test-app.js';

const PUBLIC_URL = 'http://cadence.example.test';
let sequence = 0;

async function setUp(engine: Engine, options: { running?: boolean } = {}) {
  const fakes = await startNetworkFakes();
  const t = await createTestApp(engine, {
    env: { ...fakes.env, PUBLIC_URL, PUBLISH_RETRY_BASE_MS: '10' },
    ...(options.running ? { clock: createRunningClock(), startPublisher: true } : {}),
  });
  const token = await createVerifiedAccount(t, { email: 'owner@example.com' });
  await setTierByCommand(t, 'owner@example.com', 'enterprise');
  const companyId = await createCompany(t, token);
  await connectNetworks(t, fakes, token, companyId, NETWORK_IDS);

  /** A fresh post (unique text: the networks refuse duplicates) scheduled a minute ahead. */
  async function schedule(
    networks: readonly NetworkId[],
    post: { url?: string; shortenedUrl?: string; withImage?: boolean } = {},
    inSeconds = 60,
  ) {
    const content = `Post number ${++sequence} from Cadence`;
    const created = await createPost(t, {
      email: 'owner@example.com',
      companyId,
      content,
      ...post,
    });
    const response = await postJson(
      t.app,
      '/schedules',
      {
        social_account_type: networks,
        post_id: created.id,
        schedule_date: new Date(t.clock().getTime() + inSeconds * 1000).toISOString(),
      },
      { authorization: `Bearer ${token}` },
    );
    if (response.status !== 201) throw new Error(`schedule failed: ${response.body}`);
    const data = response.json.data as unknown as { instances: ScheduledInstance[] };
    return { instanceId: data.instances[0]!.id, content, post: created };
  }

  return { fakes, t, token, companyId, schedule };
}

describe.each(engines)('publishing on %s', (engine) => {
  let env: Awaited<ReturnType<typeof setUp>>;
  let fakes: NetworkFakes;
  let t: TestApp;

  beforeAll(async () => {
    env = await setUp(engine);
    ({ fakes, t } = env);
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const db = () => t.infra.database.db;
  const publicationsOf = (instanceId: string) =>
    db()
      .select()
      .from(publications)
      .where(eq(publications.instanceId, instanceId))
      .orderBy(asc(publications.network));
  const instance = async (instanceId: string) =>
    (await db().select().from(scheduledInstances).where(eq(scheduledInstances.id, instanceId)))[0];
  const logsOf = (instanceId: string) =>
    db()
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.instanceId, instanceId))
      .orderBy(asc(systemLogs.createdAt), asc(systemLogs.retryCount));
  /** Moves past the scheduled time and runs the job's handler, as a worker would. */
  const runDue = async (instanceId: string, seconds = 61) => {
    t.clock.advance(seconds);
    await t.publisher.publishInstance(instanceId);
  };
  const textsOn = (network: NetworkId): string[] => {
    switch (network) {
      case 'twitter':
        return fakes.twitter.posts.map((post) => post.text ?? '');
      case 'facebook':
        return fakes.facebook.posts.map((post) => post.message ?? post.caption ?? '');
      case 'linkedIn':
        return fakes.linkedIn.posts.map((post) => post.text);
      case 'instagram':
        return fakes.instagram.posts.map((post) => post.caption);
      case 'bluesky':
        return fakes.bluesky.posts.map((post) => post.text);
      case 'threads':
        return fakes.threads.posts.map((post) => post.text ?? '');
    }
  };
  const countOn = (network: NetworkId, content: string) =>
    textsOn(network).filter((text) => text.includes(content)).length;

  it("publishes to all six networks with the post's text, link and media", async () => {
    const link = 'https://acme.example.com/launch';
    const { instanceId, content, post } = await env.schedule(NETWORK_IDS, {
      url: link,
      withImage: true,
    });
    await runDue(instanceId);
    const mediaUrl = `${PUBLIC_URL}${post.image!.mediaUrl}`;
    for (const network of NETWORK_IDS) expect(countOn(network, content), network).toBe(1);
    const find = <T>(list: T[]) => list.find((item) => JSON.stringify(item).includes(content))!;
    expect(find(fakes.twitter.posts).media).toHaveLength(1);
    expect(find(fakes.twitter.posts).text).toContain(link);
    const facebook = find(fakes.facebook.posts);
    expect(facebook.upload ?? facebook.mediaUrl).toBeTruthy();
    expect(JSON.stringify(facebook)).toContain(link);
    expect(find(fakes.linkedIn.posts).media).toHaveLength(1);
    expect(JSON.stringify(find(fakes.linkedIn.posts))).toContain(link);
    expect(find(fakes.instagram.posts).mediaUrl).toBe(mediaUrl);
    expect(find(fakes.bluesky.posts).media).toHaveLength(1);
    expect(JSON.stringify(find(fakes.bluesky.posts))).toContain(link);
    expect(find(fakes.threads.posts).imageUrl).toBe(mediaUrl);
    const rows = await publicationsOf(instanceId);
    expect(rows.map((row) => row.status)).toEqual(Array(6).fill('published'));
    expect(rows.every((row) => row.externalId && row.attempts === 1)).toBe(true);
    expect((await instance(instanceId))?.status).toBe('published');
    const logs = await logsOf(instanceId);
    expect(logs.map((log) => log.status)).toEqual(Array(6).fill('success'));
    expect(logs.map((log) => log.platform).sort()).toEqual([...NETWORK_IDS].sort());
  });

  it('publishes the shortened link when the post has one', async () => {
    const { instanceId } = await env.schedule(['bluesky'], {
      url: 'https://acme.example.com/a/very/long/path',
      shortenedUrl: 'https://tinyurl.com/acme1',
    });
    await runDue(instanceId);
    expect(fakes.bluesky.posts.at(-1)?.link).toBe('https://tinyurl.com/acme1');
  });

  it('retries a server error, logs Retry 1, then succeeds once', async () => {
    const { instanceId, content } = await env.schedule(['twitter']);
    fakes.twitter.failNext('server-error', 1, 'POST /2/tweets');
    await runDue(instanceId);
    const [waiting] = await publicationsOf(instanceId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, externalId: null });
    expect(waiting?.nextAttemptAt).toBeTruthy();
    const queued = await instance(instanceId);
    expect(queued?.status).toBe('pending');
    // Its next run is asked for the retry's time (decision 130).
    expect(queued?.runAt?.getTime()).toBe(waiting?.nextAttemptAt?.getTime());
    await runDue(instanceId, 1);
    expect(countOn('twitter', content)).toBe(1);
    const logs = await logsOf(instanceId);
    expect(logs.map((log) => [log.status, log.retryCount, log.errorCode])).toEqual([
      ['pending', 1, 'transient'],
      ['success', 1, null],
    ]);
    expect((await instance(instanceId))?.status).toBe('published');
  });

  it('waits at least Retry-After after a 429', async () => {
    const { instanceId, content } = await env.schedule(['bluesky']);
    fakes.bluesky.failNext('rate-limited', 1, 'com.atproto.repo.createRecord');
    await runDue(instanceId);
    const [waiting] = await publicationsOf(instanceId);
    const waitMs = waiting!.nextAttemptAt!.getTime() - t.clock().getTime();
    expect(waitMs).toBeGreaterThanOrEqual(40_000);
    await runDue(instanceId, 5); // too early: nothing is called
    expect(countOn('bluesky', content)).toBe(0);
    expect((await publicationsOf(instanceId))[0]?.attempts).toBe(1);
    await runDue(instanceId, waitMs / 1000);
    expect(countOn('bluesky', content)).toBe(1);
    const logs = await logsOf(instanceId);
    expect(logs.map((log) => [log.status, log.retryCount])).toEqual([
      ['pending', 1],
      ['success', 1],
    ]);
  });

  it('keeps retrying a server error past three retries inside the retry window', async () => {
    const { instanceId, content } = await env.schedule(['linkedIn']);
    const before = fakes.linkedIn.calls['POST /rest/posts'] ?? 0;
    fakes.linkedIn.failNext('server-error', 6, { endpoint: 'POST /rest/posts' });
    await runDue(instanceId);
    for (let retry = 0; retry < 6; retry++) await runDue(instanceId, 2);
    expect((fakes.linkedIn.calls['POST /rest/posts'] ?? 0) - before).toBe(7);
    expect(countOn('linkedIn', content)).toBe(1);
    const [row] = await publicationsOf(instanceId);
    expect(row).toMatchObject({ status: 'published', attempts: 7 });
    const logs = await logsOf(instanceId);
    expect(logs.map((log) => [log.status, log.retryCount])).toEqual([
      ['pending', 1],
      ['pending', 2],
      ['pending', 3],
      ['pending', 4],
      ['pending', 5],
      ['pending', 6],
      ['success', 6],
    ]);
    expect((await instance(instanceId))?.status).toBe('published');
  });

  it('uploads the image once while the post call fails: X and LinkedIn attach it again', async () => {
    const { instanceId, content } = await env.schedule(['twitter', 'linkedIn'], {
      withImage: true,
    });
    const uploads = () => [
      fakes.twitter.calls['POST /2/media/upload'] ?? 0,
      fakes.linkedIn.calls['POST /rest/images'] ?? 0,
      fakes.linkedIn.calls['PUT /dms-uploads'] ?? 0,
    ];
    const before = uploads();
    fakes.twitter.failNext('server-error', 2, 'POST /2/tweets');
    fakes.linkedIn.failNext('server-error', 2, { endpoint: 'POST /rest/posts' });
    await runDue(instanceId);
    for (let retry = 0; retry < 2; retry++) await runDue(instanceId, 2);
    expect(uploads()).toEqual(before.map((n) => n + 1));
    expect(countOn('twitter', content)).toBe(1);
    expect(countOn('linkedIn', content)).toBe(1);
    expect(await publicationsOf(instanceId)).toMatchObject([
      { status: 'published', attempts: 3 },
      { status: 'published', attempts: 3 },
    ]);
  });

  it('fails a fault that outlasts the retry window, with a log per attempt', async () => {
    const { instanceId } = await env.schedule(['linkedIn']);
    const before = fakes.linkedIn.calls['POST /rest/posts'] ?? 0;
    fakes.linkedIn.failNext('server-error', 5, { endpoint: 'POST /rest/posts' });
    await runDue(instanceId);
    for (let retry = 0; retry < 3; retry++) await runDue(instanceId, 2);
    // Four calls, a few seconds after its time: still inside the hour's window.
    expect(await publicationsOf(instanceId)).toMatchObject([{ status: 'pending', attempts: 4 }]);
    await runDue(instanceId, 61 * 60); // past the window: this fault ends it
    expect((fakes.linkedIn.calls['POST /rest/posts'] ?? 0) - before).toBe(5);
    const [row] = await publicationsOf(instanceId);
    expect(row).toMatchObject({ status: 'failed', attempts: 5, errorCode: 'transient' });
    const logs = await logsOf(instanceId);
    expect(logs.map((log) => [log.status, log.retryCount])).toEqual([
      ['pending', 1],
      ['pending', 2],
      ['pending', 3],
      ['pending', 4],
      ['error', 4],
    ]);
    expect((await instance(instanceId))?.status).toBe('failed');
    await runDue(instanceId, 600); // and nothing more happens
    expect((fakes.linkedIn.calls['POST /rest/posts'] ?? 0) - before).toBe(5);
  });

  it("asks a media container's status again in place: one attempt, however its checks fail", async () => {
    const instagram = await env.schedule(['instagram'], { withImage: true });
    fakes.instagram.failNext('server-error', 2, 'status');
    const threads = await env.schedule(['threads'], { withImage: true });
    fakes.threads.failNext('server-error', 2, 'GET /container');
    await runDue(instagram.instanceId);
    await runDue(threads.instanceId, 0);
    for (const { instanceId, content } of [instagram, threads]) {
      expect(await publicationsOf(instanceId)).toMatchObject([
        { status: 'published', attempts: 1 },
      ]);
      const logs = await logsOf(instanceId);
      expect(logs.map((log) => [log.status, log.retryCount])).toEqual([['success', 0]]);
      expect(countOn(instanceId === instagram.instanceId ? 'instagram' : 'threads', content)).toBe(
        1,
      );
    }
  });

  it('publishes a Threads post whose publishing call answers 500 five times within the window', async () => {
    const { instanceId, content } = await env.schedule(['threads']);
    fakes.threads.failNext('server-error', 5, 'POST /threads_publish');
    await runDue(instanceId);
    for (let retry = 0; retry < 5; retry++) await runDue(instanceId, 2);
    expect(await publicationsOf(instanceId)).toMatchObject([
      { status: 'published', attempts: 6, errorCode: null },
    ]);
    expect(countOn('threads', content)).toBe(1);
    const logs = await logsOf(instanceId);
    expect(logs.map((log) => [log.status, log.retryCount])).toEqual([
      ['pending', 1],
      ['pending', 2],
      ['pending', 3],
      ['pending', 4],
      ['pending', 5],
      ['success', 5],
    ]);
  });

  it("fails at once, with the network's reason, when it refuses the content", async () => {
    const { instanceId } = await env.schedule(['twitter']);
    fakes.twitter.failNext('invalid', 1, 'POST /2/tweets');
    await runDue(instanceId);
    const [row] = await publicationsOf(instanceId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'invalid' });
    expect(row?.lastError).toContain('too long');
    const logs = await logsOf(instanceId);
    expect(logs.map((log) => [log.status, log.retryCount, log.errorCode])).toEqual([
      ['error', 0, 'invalid'],
    ]);
    expect((await instance(instanceId))?.status).toBe('failed');
  });

  it('tells each post the truth in the posts list, and filters by it on the server', async () => {
    const published = await env.schedule(['twitter', 'bluesky']);
    const partly = await env.schedule(['twitter', 'bluesky']);
    const failed = await env.schedule(['twitter']);
    const waiting = await env.schedule(['twitter'], {}, 3600);
    const statusOf = async (status?: string) => {
      const query = `/customer/post?pageSize=100${status ? `&status=${status}` : ''}`;
      const response = await getJson(t.app, query, env.token);
      expect(response.status).toBe(200);
      const rows = (response.json.data as { rows: { id: string; publish_status: string }[] }).rows;
      return new Map(rows.map((row) => [row.id, row.publish_status]));
    };
    expect((await statusOf()).get(published.post.id)).toBe('scheduled');

    await runDue(published.instanceId);
    fakes.bluesky.failNext('invalid', 1, 'com.atproto.repo.createRecord');
    await runDue(partly.instanceId, 0);
    fakes.twitter.failNext('invalid', 1, 'POST /2/tweets');
    await runDue(failed.instanceId, 0);

    const all = await statusOf();
    expect(all.get(published.post.id)).toBe('published');
    expect(all.get(partly.post.id)).toBe('partly_published');
    expect(all.get(failed.post.id)).toBe('failed');
    expect(all.get(waiting.post.id)).toBe('scheduled');
    for (const [status, post] of [
      ['published', published],
      ['partly_published', partly],
      ['failed', failed],
      ['scheduled', waiting],
    ] as const) {
      const filtered = await statusOf(status);
      expect(filtered.get(post.post.id), status).toBe(status);
      expect([...filtered.values()].every((value) => value === status)).toBe(true);
    }
    const refused = await getJson(t.app, '/customer/post?status=sent', env.token);
    expect(refused.status).toBe(400);
  });

  it('fails a network disconnected after scheduling, and publishes the others', async () => {
    const { instanceId, content } = await env.schedule(['linkedIn', 'bluesky']);
    await postJson(
      t.app,
      '/social-accounts/disconnect',
      { company_id: env.companyId, social_account_type: 'linkedIn' },
      { authorization: `Bearer ${env.token}` },
    );
    await runDue(instanceId);
    const rows = await publicationsOf(instanceId);
    expect(rows.map((row) => [row.network, row.status])).toEqual([
      ['bluesky', 'published'],
      ['linkedIn', 'failed'],
    ]);
    expect(rows[1]?.lastError).toBe(SCHEDULE_MESSAGES.networkNotConnected('LinkedIn'));
    expect(countOn('linkedIn', content)).toBe(0);
    await connectNetworks(t, fakes, env.token, env.companyId, ['linkedIn']);
  });

  it('marks the connection for reconnecting when the network refuses the credentials', async () => {
    const { instanceId } = await env.schedule(['threads', 'bluesky']);
    fakes.threads.failNext('unauthorized', 1, 'POST /threads');
    await runDue(instanceId);
    const rows = await publicationsOf(instanceId);
    expect(rows.map((row) => [row.network, row.status])).toEqual([
      ['bluesky', 'published'],
      ['threads', 'failed'],
    ]);
    expect(rows[1]?.lastError).toContain('Reconnect Threads');
    expect((await instance(instanceId))?.status).toBe('partial');
    const [connection] = await db()
      .select()
      .from(socialConnections)
      .where(
        and(
          eq(socialConnections.companyId, env.companyId),
          eq(socialConnections.network, 'threads'),
        ),
      );
    expect(connection?.needsReconnect).toBe(true);
    const logs = await logsOf(instanceId);
    expect(logs.find((log) => log.platform === 'threads')).toMatchObject({
      status: 'error',
      errorCode: 'auth',
    });
    await connectNetworks(t, fakes, env.token, env.companyId, ['threads']);
  });

  it('never re-posts a call that got no answer, even when the job runs again', async () => {
    const base = createNetworkRegistry(t.config.networks);
    const impatient = createWorker(
      createContainer(
        { config: t.config, logger: t.app.log, ...t.infra },
        {
          clock: t.clock,
          networks: {
            ...base,
            adapters: {
              ...base.adapters,
              twitter: createXAdapter({ baseUrl: fakes.twitter.baseUrl, timeoutMs: 300 }),
            },
          },
        },
      ),
    );
    const { instanceId } = await env.schedule(['twitter']);
    const before = fakes.twitter.calls['POST /2/tweets'] ?? 0;
    fakes.twitter.failNext('hang', 1, 'POST /2/tweets');
    t.clock.advance(61);
    await impatient.publishInstance(instanceId);
    const [row] = await publicationsOf(instanceId);
    expect(row).toMatchObject({ status: 'unconfirmed', lastError: SCHEDULE_MESSAGES.unconfirmed });
    await runDue(instanceId, 600);
    await impatient.publishInstance(instanceId);
    expect((fakes.twitter.calls['POST /2/tweets'] ?? 0) - before).toBe(1);
    expect((await publicationsOf(instanceId))[0]?.status).toBe('unconfirmed');
    expect((await instance(instanceId))?.status).toBe('failed');
    const logs = await logsOf(instanceId);
    expect(logs.map((log) => [log.status, log.message])).toEqual([
      ['error', SCHEDULE_MESSAGES.unconfirmed],
    ]);
  });

  it('turns a claim left by a worker that died mid-call into unconfirmed, not a re-post', async () => {
    const { instanceId, content } = await env.schedule(['bluesky']);
    t.clock.advance(61);
    // A worker claimed it and died before the answer came back.
    await db()
      .update(publications)
      .set({ status: 'publishing', claimedAt: t.clock(), attempts: 1 })
      .where(eq(publications.instanceId, instanceId));
    await t.publisher.publishInstance(instanceId); // too soon to judge: left alone
    expect((await publicationsOf(instanceId))[0]?.status).toBe('publishing');
    await runDue(instanceId, t.config.publisher.jobExpireSeconds + 1);
    expect((await publicationsOf(instanceId))[0]?.status).toBe('unconfirmed');
    expect(countOn('bluesky', content)).toBe(0);
    expect((await instance(instanceId))?.status).toBe('failed');
  });

  /** A process's heartbeat row, last written `secondsAgo` before the test clock. */
  async function beatAs(id: string, secondsAgo: number) {
    const at = new Date(t.clock().getTime() - secondsAgo * 1000);
    await db()
      .insert(serviceHeartbeats)
      .values({ id, role: 'worker', host: 'elsewhere', pid: 1, startedAt: at, lastBeatAt: at });
  }

  /** The instance's publications claimed now by `holder` (another process), one attempt made. */
  async function claimAs(
    instanceId: string,
    holder: string,
    extra: { sendPending?: boolean } = {},
  ) {
    await db()
      .update(publications)
      .set({ status: 'publishing', claimedAt: t.clock(), claimedBy: holder, attempts: 1, ...extra })
      .where(eq(publications.instanceId, instanceId));
  }

  it('takes over at once the claim of a process that fell silent: unconfirmed, since its call may be out', async () => {
    const { instanceId, content } = await env.schedule(['bluesky']);
    t.clock.advance(61);
    await beatAs('elsewhere:1:silent', SILENT_AFTER_MS / 1000 + 1);
    await claimAs(instanceId, 'elsewhere:1:silent');
    // Well within the claim's expiry: judged by the silence of its holder.
    await t.publisher.publishInstance(instanceId);
    expect((await publicationsOf(instanceId))[0]).toMatchObject({ status: 'unconfirmed' });
    expect(countOn('bluesky', content)).toBe(0);
  });

  it('sends at once a publication whose silent holder was still preparing, counting one attempt', async () => {
    const { instanceId, content } = await env.schedule(['instagram'], { withImage: true });
    t.clock.advance(61);
    // The holder's row is gone (it was removed, or never written): silent too.
    await claimAs(instanceId, 'elsewhere:2:gone', { sendPending: true });
    await t.publisher.publishInstance(instanceId);
    expect((await publicationsOf(instanceId))[0]).toMatchObject({
      status: 'published',
      attempts: 1,
      claimedBy: null,
    });
    expect(countOn('instagram', content)).toBe(1);
  });

  it('leaves alone the claim of a process that still beats', async () => {
    const { instanceId, content } = await env.schedule(['bluesky']);
    t.clock.advance(61);
    // Its last beat a little short of the silence: alive.
    await beatAs('elsewhere:3:alive', SILENT_AFTER_MS / 1000 - 1);
    await claimAs(instanceId, 'elsewhere:3:alive');
    await t.publisher.publishInstance(instanceId);
    expect((await publicationsOf(instanceId))[0]?.status).toBe('publishing');
    expect(countOn('bluesky', content)).toBe(0);
  });

  /**
   * Waits until a running job holds the publication's claim (still preparing: nothing
   * public yet), then takes the claim back, as another worker does once a claim looks stale.
   */
  async function takeClaimBackWhilePreparing(instanceId: string) {
    const claimed = await vi.waitFor(
      async () => {
        const [row] = await publicationsOf(instanceId);
        expect(row?.status, 'never claimed').toBe('publishing');
        return row!;
      },
      { timeout: 5_000, interval: 10 },
    );
    expect(claimed.sendPending).toBe(true);
    await db()
      .update(publications)
      .set({ status: 'pending', claimedAt: null, sendPending: false })
      .where(eq(publications.instanceId, instanceId));
  }

  it('takes a claim back, unconfirmed never, when its worker died while Instagram prepared the media', async () => {
    const { instanceId, content } = await env.schedule(['instagram'], { withImage: true });
    t.clock.advance(61);
    // A worker claimed it, created the media container, and died before media_publish.
    await db()
      .update(publications)
      .set({ status: 'publishing', claimedAt: t.clock(), attempts: 1, sendPending: true })
      .where(eq(publications.instanceId, instanceId));
    await runDue(instanceId, t.config.publisher.jobExpireSeconds + 1);
    // The dead worker's attempt sent nothing, so it is not counted: this one is the first.
    expect((await publicationsOf(instanceId))[0]).toMatchObject({
      status: 'published',
      attempts: 1,
      sendPending: false,
    });
    const logs = await logsOf(instanceId);
    expect(logs.map((log) => [log.status, log.retryCount])).toEqual([['success', 0]]);
    expect(countOn('instagram', content)).toBe(1);
    expect((await instance(instanceId))?.status).toBe('published');
  });

  it('makes no publishing call once its claim was taken back while the media were prepared', async () => {
    const { instanceId, content } = await env.schedule(['instagram'], { withImage: true });
    t.clock.advance(61);
    // The container stays in progress for one status check: the adapter waits 2 s.
    fakes.instagram.state.pollsInProgress = 1;
    try {
      const running = t.publisher.publishInstance(instanceId);
      await takeClaimBackWhilePreparing(instanceId);
      await running;
    } finally {
      fakes.instagram.state.pollsInProgress = 0;
    }
    expect(countOn('instagram', content)).toBe(0);
    expect((await publicationsOf(instanceId))[0]?.status).toBe('pending');
  });

  it('publishes the media container a worker made before it died, making no other', async () => {
    const { instanceId, content } = await env.schedule(['instagram'], { withImage: true });
    t.clock.advance(61);
    const made = fakes.instagram.calls.media ?? 0;
    // The container stays in progress for one status check: the first worker waits 2 s.
    fakes.instagram.state.pollsInProgress = 1;
    try {
      const dying = t.publisher.publishInstance(instanceId);
      const kept = await vi.waitFor(
        async () => {
          const [row] = await publicationsOf(instanceId);
          expect(row?.prepared, 'nothing kept').toBeTruthy();
          return row!;
        },
        { timeout: 5_000, interval: 10 },
      );
      expect(kept).toMatchObject({ status: 'publishing', sendPending: true });
      // Its process falls silent; another worker takes the publication over a second later.
      await db()
        .update(publications)
        .set({ claimedBy: 'elsewhere:4:killed' })
        .where(eq(publications.id, kept.id));
      t.clock.advance(1);
      await t.publisher.publishInstance(instanceId);
      expect(countOn('instagram', content)).toBe(1);
      // The dying worker wakes to find its claim gone: it publishes nothing.
      await dying;
    } finally {
      fakes.instagram.state.pollsInProgress = 0;
    }
    expect(fakes.instagram.calls.media ?? 0).toBe(made + 1);
    expect(countOn('instagram', content)).toBe(1);
    expect((await publicationsOf(instanceId))[0]).toMatchObject({
      status: 'published',
      attempts: 1,
      sendPending: false,
    });
  });

  it('makes no tweet once its claim was taken back while the image uploaded', async () => {
    const { instanceId, content } = await env.schedule(['twitter'], { withImage: true });
    t.clock.advance(61);
    const release = fakes.twitter.holdUploads();
    try {
      const running = t.publisher.publishInstance(instanceId);
      // With an image, the upload comes first: nothing public yet.
      await takeClaimBackWhilePreparing(instanceId);
      release();
      await running;
    } finally {
      release();
    }
    expect(countOn('twitter', content)).toBe(0);
    expect((await publicationsOf(instanceId))[0]?.status).toBe('pending');
    // The next run posts it, once.
    await t.publisher.publishInstance(instanceId);
    expect(countOn('twitter', content)).toBe(1);
    expect((await publicationsOf(instanceId))[0]).toMatchObject({
      status: 'published',
      sendPending: false,
    });
  });

  it('posts once when the same job runs twice, even concurrently', async () => {
    const { instanceId, content } = await env.schedule(['twitter', 'bluesky', 'facebook']);
    t.clock.advance(61);
    await Promise.all([
      t.publisher.publishInstance(instanceId),
      t.publisher.publishInstance(instanceId),
      t.publisher.publishInstance(instanceId),
    ]);
    await t.publisher.publishInstance(instanceId);
    for (const network of ['twitter', 'bluesky', 'facebook'] as const) {
      expect(countOn(network, content), network).toBe(1);
    }
    const logs = await logsOf(instanceId);
    expect(logs.filter((log) => log.status === 'success')).toHaveLength(3);
    expect(logs).toHaveLength(3);
  });

  it('claims and marks the publications sent at once in shared statements, each posted once', async () => {
    const networks = ['twitter', 'bluesky', 'linkedIn', 'facebook'] as const;
    const posts = [];
    for (let n = 0; n < 4; n++) posts.push(await env.schedule(networks, { withImage: true }));
    // One post the publisher may not send yet: its publications are judged in the same
    // statements as the others', and only they are held back.
    const early = await env.schedule(['twitter', 'bluesky'], {}, 3600);
    t.clock.advance(61);
    const before = t.container.jobs.publishStatements();
    await Promise.all(
      [...posts, early].flatMap(({ instanceId }) => [
        // Each job twice at once: a publication is never claimed twice in one statement.
        t.publisher.publishInstance(instanceId),
        t.publisher.publishInstance(instanceId),
      ]),
    );
    const after = t.container.jobs.publishStatements();
    for (const { instanceId, content } of posts) {
      for (const network of networks) expect(countOn(network, content), network).toBe(1);
      const rows = await publicationsOf(instanceId);
      expect(rows.map((row) => [row.status, row.attempts, row.sendPending])).toEqual(
        networks.map(() => ['published', 1, false]),
      );
    }
    expect(countOn('twitter', early.content) + countOn('bluesky', early.content)).toBe(0);
    expect((await publicationsOf(early.instanceId)).map((row) => row.status)).toEqual([
      'pending',
      'pending',
    ]);
    // The five instances asked in one turn were started by one statement (each twin went
    // alone beside it).
    expect(after.starts.calls - before.starts.calls).toBe(10);
    expect(after.starts.batches - before.starts.batches).toBe(1);
    // Sixteen publications claimed (and each twin asked once more); the marks of those that
    // prepare (all four networks with an image but Facebook). How many statements they took
    // depends on timing: the statements themselves are judged in the next test.
    expect(after.claims.calls - before.claims.calls).toBeGreaterThanOrEqual(16);
    expect(after.marks.calls - before.marks.calls).toBe(12);
  });

  it('judges each publication alone in a claim or a mark of several', async () => {
    const ready = await env.schedule(['twitter', 'bluesky', 'facebook']);
    const notDue = await env.schedule(['linkedIn']);
    t.clock.advance(61);
    const readyRows = await publicationsOf(ready.instanceId);
    const [twitter, bluesky, facebook] = (['twitter', 'bluesky', 'facebook'] as const).map(
      (network) => readyRows.find((row) => row.network === network),
    );
    const [linkedIn] = await publicationsOf(notDue.instanceId);
    // Facebook's retry is not due yet; LinkedIn's is another process's claim already.
    await db()
      .update(publications)
      .set({ nextAttemptAt: new Date(t.clock().getTime() + 60_000) })
      .where(eq(publications.id, facebook!.id));
    await db()
      .update(publications)
      .set({
        status: 'publishing',
        claimedAt: new Date(t.clock().getTime() - 5000),
        claimedBy: 'elsewhere',
      })
      .where(eq(publications.id, linkedIn!.id));
    const now = t.clock();
    const claimed = await claimPublications(
      db(),
      [
        { publicationId: twitter!.id, sendPending: true },
        { publicationId: bluesky!.id, sendPending: false },
        { publicationId: facebook!.id, sendPending: true },
        { publicationId: linkedIn!.id, sendPending: true },
      ],
      now,
      'this-process',
    );
    expect(
      claimed
        .map((row) => [row.network, row.status, row.sendPending, row.attempts, row.claimedBy])
        .sort(),
    ).toEqual([
      ['bluesky', 'publishing', false, 1, 'this-process'],
      ['twitter', 'publishing', true, 1, 'this-process'],
    ]);
    expect(claimed.every((row) => row.claimedAt?.getTime() === now.getTime())).toBe(true);
    // A mark holds only while the claim is the one its holder took.
    const marked = await markSendingMany(db(), [
      { publicationId: twitter!.id, claimedAt: now, prepared: '{"upload":"kept"}' },
      { publicationId: bluesky!.id, claimedAt: new Date(now.getTime() - 1000), prepared: null },
      { publicationId: linkedIn!.id, claimedAt: now, prepared: null },
    ]);
    expect([...marked]).toEqual([twitter!.id]);
    const rows = new Map((await publicationsOf(ready.instanceId)).map((row) => [row.id, row]));
    expect(rows.get(twitter!.id)).toMatchObject({
      sendPending: false,
      prepared: '{"upload":"kept"}',
    });
    expect(rows.get(facebook!.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await publicationsOf(notDue.instanceId))[0]).toMatchObject({
      claimedBy: 'elsewhere',
      attempts: 0,
    });
  });

  it('marks an instance found a day late as missed without posting', async () => {
    const { instanceId, content } = await env.schedule(['twitter', 'bluesky']);
    await runDue(instanceId, 25 * 3600);
    expect(countOn('twitter', content) + countOn('bluesky', content)).toBe(0);
    const rows = await publicationsOf(instanceId);
    expect(rows.map((row) => row.status)).toEqual(['missed', 'missed']);
    expect((await instance(instanceId))?.status).toBe('missed');
    const logs = await logsOf(instanceId);
    expect(logs.map((log) => [log.status, log.errorCode, log.message])).toEqual([
      ['error', 'missed', SCHEDULE_MESSAGES.missed],
      ['error', 'missed', SCHEDULE_MESSAGES.missed],
    ]);
  });

  it('publishes nothing for a deleted schedule', async () => {
    const { instanceId, content } = await env.schedule(['twitter']);
    const response = await apiCall(t.app, 'DELETE', `/schedules/${instanceId}`, env.token);
    expect(response.status).toBe(200);
    await runDue(instanceId);
    expect(countOn('twitter', content)).toBe(0);
  });

  it('saves an instance with its run, due at its time and taken once', async () => {
    const { instanceId } = await env.schedule(['twitter']);
    const row = await instance(instanceId);
    // Saved with the instance (decision 130): no send that could be lost apart from it.
    expect(row?.runAt?.getTime()).toBe(row?.scheduledFor.getTime());
    const take = () => {
      const now = t.clock();
      return claimDueRuns(db(), now, new Date(now.getTime() + 60_000), 1000);
    };
    expect((await take()).map((run) => run.id)).not.toContain(instanceId);
    t.clock.advance(61);
    expect((await take()).map((run) => run.id)).toContain(instanceId);
    expect((await take()).map((run) => run.id)).not.toContain(instanceId);
  });

  it("lists the owner's logs newest first, filtered and searched", async () => {
    const stranger = await createVerifiedAccount(t, { email: 'stranger@example.com' });
    const get = (query: string, token = env.token) =>
      apiCall<{ rows: SystemLog[] }>(t.app, 'GET', `/customer/logs${query}`, token);
    const all = await get('');
    expect(all.status).toBe(200);
    expect(all.json.data.rows.length).toBeGreaterThan(10);
    const stamps = all.json.data.rows.map((row) => row.timestamp);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const pending = await get('?status=pending&limit=5');
    expect(pending.json.data.rows).toHaveLength(5);
    expect(pending.json.data.rows.every((row) => row.status === 'pending')).toBe(true);
    const missed = await get('?q=MISSED');
    expect(missed.json.data.rows.length).toBeGreaterThanOrEqual(2);
    expect(missed.json.data.rows.every((row) => row.error_code === 'missed')).toBe(true);
    expect((await get('', stranger)).json.data.rows).toEqual([]);
    expect((await get('?limit=101')).status).toBe(400);
    expect((await get('?status=weird')).status).toBe(400);
  });
});

describe.each(engines)('publishing through the queue on %s', (engine) => {
  let env: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    env = await setUp(engine, { running: true });
  });
  afterAll(async () => {
    await env?.t.close();
    await env?.fakes.close();
  });

  it('publishes at the scheduled time through the publish loop', async () => {
    const { t, fakes } = env;
    const { instanceId, content } = await env.schedule(['twitter', 'bluesky'], {}, 2);
    const scheduledFor = (
      await t.infra.database.db
        .select()
        .from(scheduledInstances)
        .where(eq(scheduledInstances.id, instanceId))
    )[0]!.scheduledFor;
    const rows = await vi.waitFor(
      async () => {
        const found = await t.infra.database.db
          .select()
          .from(publications)
          .where(eq(publications.instanceId, instanceId));
        expect(found.map((row) => row.status)).toEqual(['published', 'published']);
        return found;
      },
      { timeout: 15_000, interval: 200 },
    );
    for (const row of rows) {
      expect(row.publishedAt!.getTime()).toBeGreaterThanOrEqual(scheduledFor.getTime());
    }
    expect(fakes.twitter.posts.filter((post) => post.text?.includes(content))).toHaveLength(1);
    expect(fakes.bluesky.posts.filter((post) => post.text.includes(content))).toHaveLength(1);
  });
});
