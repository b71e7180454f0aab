import { fakeFollowerCount, fakeMetricCounts } from '@cadence/fakes';
import {
  API_PATHS,
  NETWORK_IDS,
  type AnalyticsSummary,
  type NetworkId,
  type PostMetrics,
  type ScheduledInstance, PUBLIC_API_PATHS } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  externalCallCounts,
  metricAccounts,
  publicationMetrics,
  publications,
  publicationStats,
} from '../src/db/schema.js';
import { engines, type Engine } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { apiClient } from './helpers/api.js';
import { createPost } from './helpers/posts.js';
import {
  createVerifiedAccount,
  createTestApp,
  getJson,
  postJson,
  sendJson,
  setTierByCommand,
  signIn,
  type TestApp,
} from './helpers/test-app.js';

/**
 * The metrics job against the stand-ins on a clock the test moves (the stand-ins' numbers
 * grow on the same clock): the schedule by a post's age, the doubling on unchanged numbers,
 * a post deleted on the network, a 429's Retry-After, X's 100 ids a call, the admin's switch
 * for X, clicks on a post's short link, and the Analytics summary's totals and change.
 */
const HOUR = 3600;
const DAY = 24 * HOUR;
let sequence = 0;

describe.each(engines)('post metrics and analytics, on %s', (engine: Engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let token: string;
  let companyId: string;

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, {
      env: { ...fakes.env, PUBLIC_URL: 'http://cadence.example.test', SETTINGS_CACHE_SECONDS: '0' },
    });
    for (const network of NETWORK_IDS) fakes[network].metrics.useClock(() => t.clock().getTime());
    // The first verified account is the instance's admin (for the X switch).
    token = await createVerifiedAccount(t, { email: 'owner@example.com' });
    await setTierByCommand(t, 'owner@example.com', 'enterprise');
    companyId = await createCompany(t, token);
    await connectNetworks(t, fakes, token, companyId, NETWORK_IDS);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });
  // The clock moves by weeks: a fresh session for each test.
  beforeEach(async () => {
    token = await signIn(t, 'owner@example.com', 'correct horse battery');
  });

  const db = () => t.infra.database.db;
  const now = () => t.clock().getTime();

  /** A post published on `network` now (by the publisher, through the stand-in). */
  async function publish(
    network: NetworkId,
    options: { entity?: string; shortenedUrl?: string; email?: string; auth?: string } = {},
  ) {
    const content = `Metrics post ${++sequence} (${engine})${
      options.shortenedUrl ? ` ${options.shortenedUrl}` : ''
    }`;
    const created = await createPost(t, {
      email: options.email ?? 'owner@example.com',
      companyId: options.entity ?? companyId,
      content,
      shortenedUrl: options.shortenedUrl ?? null,
    });
    const response = await postJson(
      t.app,
      '/schedules',
      {
        social_account_type: [network],
        post_id: created.id,
        schedule_date: new Date(now() + 60_000).toISOString(),
      },
      { authorization: `Bearer ${options.auth ?? token}` },
    );
    if (response.status !== 201) throw new Error(`schedule failed: ${response.body}`);
    const instanceId = (response.json.data as unknown as { instances: ScheduledInstance[] })
      .instances[0]!.id;
    t.clock.advance(61);
    await t.publisher.publishInstance(instanceId);
    const [publication] = await db()
      .select()
      .from(publications)
      .where(eq(publications.instanceId, instanceId));
    if (publication?.status !== 'published') throw new Error(`not published: ${network}`);
    return {
      postId: created.id,
      publicationId: publication.id,
      externalId: publication.externalId!,
      publishedAt: publication.publishedAt!,
    };
  }

  const statsOf = async (publicationId: string) =>
    (
      await db()
        .select()
        .from(publicationStats)
        .where(eq(publicationStats.publicationId, publicationId))
    )[0];
  const poll = () => t.publisher.pollMetrics();
  /** Moves the clock to the publication's next read and runs the job. */
  async function readNext(publicationId: string) {
    const stats = await statsOf(publicationId);
    if (!stats?.nextReadAt) throw new Error('no read is due');
    t.clock.advance(Math.max(0, (stats.nextReadAt.getTime() - now()) / 1000));
    await poll();
    return (await statsOf(publicationId))!;
  }

  it('reads a post by its age: hourly to 6 hours, 3-hourly to a day, 12-hourly to 3 days, daily to 7, weekly to 30, then never', async () => {
    const post = await publish('twitter');
    await poll();
    const first = (await statsOf(post.publicationId))!;
    expect(first.reads).toBe(0);
    expect(first.nextReadAt!.getTime() - post.publishedAt.getTime()).toBe(HOUR * 1000);
    // Each read: the post's age then, and the wait until the next.
    const reads: Array<[ageHours: number, waitHours: number | null]> = [];
    for (;;) {
      const stats = await readNext(post.publicationId);
      const age = (stats.readAt!.getTime() - post.publishedAt.getTime()) / (HOUR * 1000);
      const wait = stats.nextReadAt
        ? (stats.nextReadAt.getTime() - stats.readAt!.getTime()) / (HOUR * 1000)
        : null;
      reads.push([age, wait]);
      expect(stats.backoff).toBe(1); // impressions grow every hour: never unchanged
      if (wait === null) break;
    }
    const expectedWait = (age: number) =>
      age < 6 ? 1 : age < 24 ? 3 : age < 72 ? 12 : age < 168 ? 24 : age < 720 ? 168 : null;
    for (const [age, wait] of reads.slice(0, -1))
      expect(wait, `at ${age} h`).toBe(expectedWait(age));
    expect(reads.map(([age]) => age)).toEqual([
      1, 2, 3, 4, 5, 6, 9, 12, 15, 18, 21, 24, 36, 48, 60, 72, 96, 120, 144, 168, 336, 504, 672,
    ]);
    // At 672 h (28 days), a week more would pass 30 days: never read again.
    expect(reads.at(-1)).toEqual([672, null]);
    const snapshots = await db()
      .select()
      .from(publicationMetrics)
      .where(eq(publicationMetrics.publicationId, post.publicationId));
    expect(snapshots).toHaveLength(reads.length);
    // The last read holds the stand-in's numbers at that age.
    const counts = fakeMetricCounts(post.externalId, 672 * HOUR * 1000);
    const last = (await statsOf(post.publicationId))!;
    expect(last).toMatchObject({
      likes: counts.likes,
      comments: counts.replies,
      shares: counts.reposts + counts.quotes,
      impressions: counts.impressions,
      engagements: counts.likes + counts.replies + counts.reposts + counts.quotes,
      stoppedReason: 'aged',
    });
  });

  it('doubles the wait after each read with unchanged numbers, at most eight times', async () => {
    const post = await publish('twitter');
    await poll();
    // The stand-in's numbers stand still from here.
    const frozen = now();
    fakes.twitter.metrics.useClock(() => frozen);
    try {
      const waits: number[] = [];
      for (let read = 0; read < 5; read++) {
        const stats = await readNext(post.publicationId);
        waits.push((stats.nextReadAt!.getTime() - stats.readAt!.getTime()) / (HOUR * 1000));
      }
      // First read: new numbers (1 h). Then unchanged: 2, 4, 8 times the age's interval.
      // Ages: 1 h (1 h), 2 h (1 h x2), 4 h (1 h x4), 8 h (3 h x8), 32 h (12 h x8).
      expect(waits).toEqual([1, 2, 4, 24, 96]);
    } finally {
      fakes.twitter.metrics.useClock(() => t.clock().getTime());
    }
  });

  it('stops reading a post deleted on the network (X in its errors list, Bluesky left out, Meta an error)', async () => {
    const cases = [
      { network: 'twitter', calls: () => fakes.twitter.calls['GET /2/tweets'] ?? 0 },
      { network: 'bluesky', calls: () => fakes.bluesky.calls['app.bsky.feed.getPosts'] ?? 0 },
      { network: 'facebook', calls: () => fakes.facebook.calls.post ?? 0 },
    ] as const;
    for (const { network, calls } of cases) {
      const post = await publish(network);
      await poll();
      const read = await readNext(post.publicationId);
      expect(read.reads, network).toBe(1);
      fakes[network].metrics.delete(post.externalId);
      const gone = await readNext(post.publicationId);
      expect(gone, network).toMatchObject({ nextReadAt: null, stoppedReason: 'deleted', reads: 1 });
      const before = calls();
      t.clock.advance(3 * DAY);
      await poll();
      expect(calls(), network).toBe(before);
      // The numbers of its last read stay.
      expect((await statsOf(post.publicationId))!.likes).toBe(read.likes);
    }
  });

  it('holds an account after a 429 until its Retry-After, then reads it again', async () => {
    const post = await publish('twitter');
    await poll();
    const stats = (await statsOf(post.publicationId))!;
    t.clock.advance((stats.nextReadAt!.getTime() - now()) / 1000);
    fakes.twitter.rateLimitNext('GET /2/tweets', 1800);
    const callsBefore = fakes.twitter.calls['GET /2/tweets'] ?? 0;
    await poll();
    expect(fakes.twitter.calls['GET /2/tweets']).toBe(callsBefore + 1);
    const [held] = await db()
      .select()
      .from(metricAccounts)
      .where(eq(metricAccounts.connectionId, stats.connectionId!));
    expect(held!.notBefore!.getTime()).toBe(now() + 1800_000);
    expect((await statsOf(post.publicationId))!.reads).toBe(0);
    // Twenty minutes on: still held, so X is not called.
    t.clock.advance(20 * 60);
    await poll();
    expect(fakes.twitter.calls['GET /2/tweets']).toBe(callsBefore + 1);
    // Past the Retry-After: read.
    t.clock.advance(11 * 60);
    await poll();
    expect(fakes.twitter.calls['GET /2/tweets']).toBe(callsBefore + 2);
    expect((await statsOf(post.publicationId))!.reads).toBe(1);
  });

  it("reads an account's 101 X posts in two calls (100 ids each at most)", async () => {
    const entity = await createCompany(t, token, 'Batch entity');
    await connectNetworks(t, fakes, token, entity, ['twitter']);
    const posts = [];
    for (let index = 0; index < 101; index++) posts.push(await publish('twitter', { entity }));
    await poll();
    t.clock.advance(HOUR);
    const before = fakes.twitter.lookups.length;
    await poll();
    // The lookups that asked for this account's posts: two, of 100 and 1 ids.
    const ours = new Set(posts.map((post) => post.externalId));
    const asked = fakes.twitter.lookups
      .slice(before)
      .filter((ids) => ids.some((id) => ours.has(id)));
    expect(asked.map((ids) => ids.length)).toEqual([100, 1]);
    expect(new Set(asked.flat())).toEqual(ours);
    for (const post of posts) expect((await statsOf(post.publicationId))!.reads).toBeGreaterThan(0);
    // Each call is counted in the admin's API call statistics.
    const [counted] = await db()
      .select()
      .from(externalCallCounts)
      .where(eq(externalCallCounts.service, 'metrics:twitter'));
    expect(counted!.calls).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it("reads no X numbers while the admin's x_metrics_enabled is off", async () => {
    const post = await publish('twitter');
    const off = await sendJson(
      t.app,
      'PUT',
      '/admin/settings',
      { settings: [{ key: 'x_metrics_enabled', value: 0 }] },
      token,
    );
    expect(off.status).toBe(200);
    try {
      await poll();
      t.clock.advance(2 * HOUR);
      const before = fakes.twitter.calls['GET /2/tweets'] ?? 0;
      await poll();
      expect(fakes.twitter.calls['GET /2/tweets'] ?? 0).toBe(before);
      expect((await statsOf(post.publicationId))!.reads).toBe(0);
    } finally {
      await sendJson(
        t.app,
        'PUT',
        '/admin/settings',
        { settings: [{ key: 'x_metrics_enabled', value: 1 }] },
        token,
      );
    }
    await poll();
    expect((await statsOf(post.publicationId))!.reads).toBe(1);
  });

  it("counts clicks on a post's built-in short link, per post and per day", async () => {
    const shortened = await postJson(
      t.app,
      '/shortener',
      { url: `https://example.com/launch-${engine}` },
      { authorization: `Bearer ${token}` },
    );
    const shortUrl = (shortened.json.data as unknown as { shortened_url: string }).shortened_url;
    const code = shortUrl.split('/s/')[1]!;
    const post = await publish('bluesky', { shortenedUrl: shortUrl });
    const other = await publish('bluesky');
    for (let click = 0; click < 3; click++) {
      const redirect = await t.app.inject({ method: 'GET', url: `/s/${code}` });
      expect(redirect.statusCode).toBe(302);
    }
    const metricsOf = async (postId: string) =>
      (await getJson(t.app, `/customer/post/${postId}/metrics`, token)).json
        .data as unknown as PostMetrics;
    const clicked = await metricsOf(post.postId);
    expect(clicked.publications).toHaveLength(1);
    expect(clicked.publications[0]).toMatchObject({
      id: post.publicationId,
      network: 'bluesky',
      clicks: 3,
      read_at: null,
    });
    expect((await metricsOf(other.postId)).publications[0]!.clicks).toBe(0);
    // The numbers after a read, with the raw counts by Bluesky's names.
    await poll();
    await readNext(post.publicationId);
    const read = (await metricsOf(post.postId)).publications[0]!;
    const counts = fakeMetricCounts(post.externalId, now() - post.publishedAt.getTime());
    expect(read).toMatchObject({
      read_at: t.clock().toISOString(),
      likes: counts.likes,
      comments: counts.replies,
      shares: counts.reposts + counts.quotes,
      impressions: null,
      clicks: 3,
      raw: { likeCount: counts.likes, repostCount: counts.reposts },
    });
    // Per day: the three clicks on today's date of the entity's summary.
    const today = new Date(`${t.clock().toISOString().slice(0, 10)}T00:00:00Z`);
    const tomorrow = new Date(today.getTime() + DAY * 1000);
    const summary = (
      await getJson(
        t.app,
        `/analytics/summary?company_id=${companyId}&from=${today.toISOString()}&to=${tomorrow.toISOString()}`,
        token,
      )
    ).json.data as unknown as AnalyticsSummary;
    expect(summary.clicks).toBe(3);
    expect(summary.series).toEqual([
      expect.objectContaining({ date: today.toISOString().slice(0, 10), clicks: 3 }),
    ]);
    // The same through the public API, with a key that may read; not without the scope, nor
    // with someone else's key.
    const { call } = apiClient(() => t.app);
    const keyOf = async (bearer: string, scopes: string[]) =>
      (await call<{ key: string }>('POST', API_PATHS.apiKeys, bearer, { name: 'K', scopes })).json
        .data.key;
    const v1 = PUBLIC_API_PATHS.v1PostMetrics.replace(':id', post.postId);
    const viaApi = await call<PostMetrics>('GET', v1, await keyOf(token, ['read']));
    expect(viaApi.status).toBe(200);
    expect(viaApi.json.data).toEqual(await metricsOf(post.postId));
    expect((await call('GET', v1, await keyOf(token, ['write']))).status).toBe(403);
    const stranger = await createVerifiedAccount(t, { email: `clicks-${engine}@example.com` });
    await setTierByCommand(t, `clicks-${engine}@example.com`, 'enterprise');
    expect((await call('GET', v1, await keyOf(stranger, ['read']))).status).toBe(404);
  });

  it("answers the summary's totals and their change from the previous period, owner-scoped", async () => {
    const entity = await createCompany(t, token, `Summary entity ${engine}`);
    await connectNetworks(t, fakes, token, entity, ['twitter', 'threads']);
    // The previous week: one X post. This week: an X and a Threads post.
    const earlier = await publish('twitter', { entity });
    const firstFollowersRead = now();
    await poll();
    t.clock.advance(7 * DAY);
    token = await signIn(t, 'owner@example.com', 'correct horse battery');
    const periodStart = new Date(now());
    const x = await publish('twitter', { entity });
    const threads = await publish('threads', { entity });
    const periodFollowersRead = now();
    await poll();
    t.clock.advance(HOUR);
    await poll();
    // A day on: the posts read again, and the accounts' followers of that day.
    t.clock.advance(DAY);
    token = await signIn(t, 'owner@example.com', 'correct horse battery');
    const nextDayFollowersRead = now();
    await poll();
    const readAt = now();
    const to = new Date(periodStart.getTime() + 7 * DAY * 1000);
    const from = periodStart;
    const url = `/analytics/summary?company_id=${entity}&from=${from.toISOString()}&to=${to.toISOString()}`;
    const response = await getJson(t.app, url, token);
    expect(response.status).toBe(200);
    const summary = response.json.data as unknown as AnalyticsSummary;
    const numbersOf = (post: { externalId: string; publishedAt: Date }, at: number) => {
      const counts = fakeMetricCounts(post.externalId, at - post.publishedAt.getTime());
      return {
        impressions: counts.impressions,
        engagements: counts.likes + counts.replies + counts.reposts + counts.quotes,
      };
    };
    const xNumbers = numbersOf(x, readAt);
    const threadsNumbers = numbersOf(threads, readAt);
    expect(summary).toMatchObject({
      posts_published: 2,
      impressions: xNumbers.impressions + threadsNumbers.impressions,
      engagements: xNumbers.engagements + threadsNumbers.engagements,
      clicks: 0,
    });
    // The previous period: the X post, as last read (the week's reads: its last at 6 days).
    const earlierStats = (await statsOf(earlier.publicationId))!;
    expect(summary.previous).toMatchObject({
      posts_published: 1,
      impressions: earlierStats.impressions,
      engagements: earlierStats.engagements,
    });
    expect(earlierStats.reads).toBeGreaterThan(0);
    // Followers, read once a day: a day's count belongs to the period holding the day's start,
    // so the period began on the count of its first day (read as it was published) and
    // ended on the next day's; the week before, from the first count to that first day's.
    const gained = (account: string, from: number, to: number) =>
      fakeFollowerCount(account, to) - fakeFollowerCount(account, from);
    const accounts = [fakes.twitter.user.id, fakes.threads.user.id];
    expect(summary.followers_gained).toBe(
      accounts.reduce(
        (sum, account) => sum + gained(account, periodFollowersRead, nextDayFollowersRead),
        0,
      ),
    );
    expect(summary.followers_gained).toBeGreaterThan(0);
    expect(summary.previous.followers_gained).toBe(
      // The Threads account was connected with the entity: its first count, the week before.
      accounts.reduce(
        (sum, account) => sum + gained(account, firstFollowersRead, periodFollowersRead),
        0,
      ),
    );
    // One entry per UTC day the period touches (it starts mid-day here: 8 dates).
    expect(summary.series.map((day) => day.date)).toEqual(
      Array.from({ length: 8 }, (_, index) =>
        new Date(from.getTime() + index * DAY * 1000).toISOString().slice(0, 10),
      ),
    );
    expect(summary.series.reduce((sum, day) => sum + day.engagements, 0)).toBe(summary.engagements);
    expect(summary.by_network.map((row) => row.network)).toEqual(['threads', 'twitter']);
    expect(summary.top_posts[0]!.engagements).toBe(
      Math.max(xNumbers.engagements, threadsNumbers.engagements),
    );
    expect(summary.top_posts.map((row) => row.url)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^http/)]),
    );
    expect(summary.best_hours).toEqual({ needed: 18, cells: [] });
    // The CSV export of the same period: a header and the period's two publications.
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/export.csv?company_id=${entity}&from=${from.toISOString()}&to=${to.toISOString()}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^published_at,network,post_id/);
    // Someone else sees nothing of it.
    const stranger = await createVerifiedAccount(t, { email: `stranger-${engine}@example.com` });
    expect((await getJson(t.app, url, stranger)).status).toBe(404);
    expect((await getJson(t.app, `/customer/post/${x.postId}/metrics`, stranger)).status).toBe(404);
    const own = await getJson(
      t.app,
      `/analytics/summary?from=${from.toISOString()}&to=${to.toISOString()}`,
      stranger,
    );
    expect((own.json.data as unknown as AnalyticsSummary).posts_published).toBe(0);
  });

  it('shows the best hours once 20 posts were published, in the saved time zone', async () => {
    const entity = await createCompany(t, token, `Hours entity ${engine}`);
    await connectNetworks(t, fakes, token, entity, ['linkedIn']);
    const times: Date[] = [];
    for (let index = 0; index < 19; index++)
      times.push((await publish('linkedIn', { entity })).publishedAt);
    await poll();
    const range = () => {
      const from = new Date(now() - DAY * 1000);
      const to = new Date(now() + HOUR * 1000);
      return `company_id=${entity}&from=${from.toISOString()}&to=${to.toISOString()}`;
    };
    const before = (await getJson(t.app, `/analytics/summary?${range()}`, token)).json
      .data as unknown as AnalyticsSummary;
    expect(before.best_hours).toEqual({ needed: 1, cells: [] });
    times.push((await publish('linkedIn', { entity })).publishedAt);
    await poll();
    const from = new Date(now() - DAY * 1000);
    const to = new Date(now() + HOUR * 1000);
    const summary = (
      await getJson(
        t.app,
        `/analytics/summary?company_id=${entity}&from=${from.toISOString()}&to=${to.toISOString()}`,
        token,
      )
    ).json.data as unknown as AnalyticsSummary;
    expect(summary.best_hours.needed).toBe(0);
    expect(summary.best_hours.cells.reduce((sum, cell) => sum + cell.posts, 0)).toBe(20);
    // The account's saved zone is UTC: the cells are the publish times' UTC weekdays and hours.
    const slots = [...new Set(times.map((at) => `${at.getUTCDay()}:${at.getUTCHours()}`))];
    expect(summary.best_hours.cells.map((cell) => `${cell.weekday}:${cell.hour}`)).toEqual(slots);
    for (const cell of summary.best_hours.cells) {
      expect(cell.weekday).toBeGreaterThanOrEqual(0);
      expect(cell.weekday).toBeLessThanOrEqual(6);
      expect(cell.hour).toBeGreaterThanOrEqual(0);
      expect(cell.hour).toBeLessThan(24);
    }
  });

  it('sorts the Posts list by engagement, most first', async () => {
    const entity = await createCompany(t, token, `Sort entity ${engine}`);
    await connectNetworks(t, fakes, token, entity, ['twitter', 'bluesky']);
    const made = [];
    for (let index = 0; index < 4; index++) made.push(await publish('twitter', { entity }));
    made.push(await publish('bluesky', { entity }));
    await poll();
    t.clock.advance(2 * HOUR);
    await poll();
    const engagementsOf = async (postId: string) =>
      (
        await db()
          .select({ engagements: publicationStats.engagements })
          .from(publicationStats)
          .where(eq(publicationStats.postId, postId))
      ).reduce((sum, row) => sum + row.engagements, 0);
    const expectedOrder = (
      await Promise.all(
        made.map(async (post, index) => ({
          id: post.postId,
          index,
          e: await engagementsOf(post.postId),
        })),
      )
    )
      // Most engagements first; a tie newest first.
      .sort((a, b) => b.e - a.e || b.index - a.index)
      .map((row) => row.id);
    const list = async (query: string) =>
      (
        (await getJson(t.app, `/customer/post?company_id=${entity}${query}`, token)).json
          .data as unknown as { rows: Array<{ id: string }> }
      ).rows.map((row) => row.id);
    expect(await list('&sort=engagement')).toEqual(expectedOrder);
    // The default stays newest first.
    expect(await list('')).toEqual(made.map((post) => post.postId).reverse());
    const bad = await getJson(t.app, `/customer/post?sort=loudest`, token);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/sort must be one of: newest, engagement/);
  });

  it('refuses a period that makes no sense with a message', async () => {
    const bad = await getJson(
      t.app,
      '/analytics/summary?from=2026-11-10T00:00:00Z&to=2026-11-01T00:00:00Z',
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/from must be before to/);
    const notDate = await getJson(t.app, '/analytics/summary?from=yesterday&to=now', token);
    expect(notDate.status).toBe(400);
    expect(notDate.json.message).toMatch(/ISO date-time/);
    expect((await getJson(t.app, '/analytics/summary?from=x&to=y')).status).toBe(401);
  });
});
