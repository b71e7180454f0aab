import {
  ADMIN_MESSAGES,
  type AdminLogPage,
  type AdminPlan,
  type PriceHistoryPage,
  type AdminSetting,
  type AdminUserDetails,
  type AdminUserPage,
  type Services,
  type Stats,
} from '@cadence/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiCallLogs,
  posts,
  publications,
  serviceHeartbeats,
  systemLogs,
  users,
} from '../src/db/schema.js';
import { engines } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { scheduleSoon } from './helpers/posts.js';
import {
  createVerifiedAccount,
  createTestApp,
  getJson,
  postJson,
  sendJson,
  type TestApp,
  accountIdOf,
  setTierByCommand,
} from './helpers/test-app.js';

/** Every admin route, with a body that would be valid, for the access checks. */
const ADMIN_ROUTES: Array<['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown?]> = [
  ['GET', '/admin/settings'],
  ['PUT', '/admin/settings', { settings: [{ key: 'ai_requests_per_hour', value: 5 }] }],
  ['GET', '/admin/deployment'],
  ['PUT', '/admin/deployment', { next_deployment: '2030-01-01T00:00:00Z' }],
  ['DELETE', '/admin/deployment'],
  ['GET', '/admin/services'],
  ['POST', '/admin/services/publisher/stop'],
  ['POST', '/admin/services/publisher/start'],
  ['POST', '/admin/services/publisher/restart'],
  ['GET', '/admin/stats'],
  ['GET', '/admin/logs'],
  ['GET', '/admin/users'],
  ['GET', '/admin/users/00000000-0000-4000-8000-000000000000'],
  ['POST', '/admin/users/00000000-0000-4000-8000-000000000000/admin'],
  ['PUT', '/admin/users/00000000-0000-4000-8000-000000000000/subscription', { tier: 'pro' }],
  ['GET', '/admin/plans'],
  [
    'PATCH',
    '/admin/plans/00000000-0000-4000-8000-000000000000',
    { price: 1, sale_price: null, sale_end_date: null, highlight_points: [] },
  ],
  ['GET', '/admin/price-history'],
];

describe.each(engines)('admin panel on %s', (engine) => {
  let t: TestApp;
  let fakes: NetworkFakes;
  let adminToken: string;
  let customerToken: string;
  let customerId: string;
  let companyId: string;

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, {
      authLimits: null,
      env: { ...fakes.env, SETTINGS_CACHE_SECONDS: '0', PUBLISH_RETRY_BASE_MS: '10' },
    });
    // The first verified account is the instance's admin.
    adminToken = await createVerifiedAccount(t, { email: 'admin@example.com' });
    customerToken = await createVerifiedAccount(t, { email: 'customer@example.com' });
    customerId = await accountIdOf(t, 'customer@example.com');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const db = () => t.infra.database.db;
  const asAdmin = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) => sendJson(t.app, method, url, body, adminToken);

  it('refuses every admin route to signed-out (401) and customer (403) callers', async () => {
    for (const [method, url, body] of ADMIN_ROUTES) {
      const signedOut = await sendJson(t.app, method, url, body);
      expect(signedOut.status, `${method} ${url}`).toBe(401);
      const customer = await sendJson(t.app, method, url, body, customerToken);
      expect(customer.status, `${method} ${url}`).toBe(403);
      expect(customer.json.message).toBe(ADMIN_MESSAGES.onlyAdmins);
    }
    // The guard runs before the body is read: a customer's bad body is still a 403.
    const bad = await sendJson(t.app, 'PUT', '/admin/settings', { nonsense: 1 }, customerToken);
    expect(bad.status).toBe(403);
  });

  it('lists the settings and saves them all or not at all, with an audit entry', async () => {
    const listed = await asAdmin('GET', '/admin/settings');
    expect(listed.status).toBe(200);
    const settings = listed.json.data as unknown as AdminSetting[];
    expect(settings.map((setting) => setting.key).sort()).toEqual([
      'ai_requests_per_hour',
      'publish_concurrency_per_network',
      'publish_missed_after_minutes',
      'publish_retry_base_ms',
      'publish_retry_window_minutes',
      'sign_in_attempts_per_10_minutes',
      'x_metrics_enabled',
    ]);
    const retry = settings.find((setting) => setting.key === 'publish_retry_base_ms')!;
    expect(retry.value.value).toBe(10); // seeded from PUBLISH_RETRY_BASE_MS

    const refused = await asAdmin('PUT', '/admin/settings', {
      settings: [
        { key: 'ai_requests_per_hour', value: 99 },
        { key: 'publish_concurrency_per_network', value: 500 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(
      'Publishing concurrency per network must be between 1 and 200 calls',
    );
    const unchanged = (await asAdmin('GET', '/admin/settings')).json
      .data as unknown as AdminSetting[];
    expect(unchanged.find((s) => s.key === 'ai_requests_per_hour')!.value.value).toBe(180);

    expect(
      (await asAdmin('PUT', '/admin/settings', { settings: [{ key: 'nope', value: 1 }] })).json
        .message,
    ).toBe('There is no setting named nope');
    expect(
      (
        await asAdmin('PUT', '/admin/settings', {
          settings: [{ key: 'ai_requests_per_hour', value: 'x' }],
        })
      ).status,
    ).toBe(400);

    const saved = await asAdmin('PUT', '/admin/settings', {
      settings: [{ key: 'publish_concurrency_per_network', value: 7 }],
    });
    expect(saved.status).toBe(200);
    expect(saved.json.message).toBe('Settings saved successfully');
    const logs = (await asAdmin('GET', '/admin/logs?q=concurrency')).json
      .data as unknown as AdminLogPage;
    expect(logs.rows[0]).toMatchObject({
      kind: 'audit',
      platform: 'admin',
      status: 'success',
      customer_email: 'admin@example.com',
      message: 'admin@example.com changed Publishing concurrency per network from 200 to 7 calls',
    });
  });

  it('applies a changed rate-limit setting without a restart', async () => {
    // AI: one request an hour, then 429.
    await asAdmin('PUT', '/admin/settings', {
      settings: [{ key: 'ai_requests_per_hour', value: 1 }],
    });
    const body = { website: 'https://example.com' };
    const first = await postJson(t.app, '/ai/company-description', body, {
      authorization: `Bearer ${customerToken}`,
    });
    expect(first.status).not.toBe(429);
    const second = await postJson(t.app, '/ai/company-description', body, {
      authorization: `Bearer ${customerToken}`,
    });
    expect(second.status).toBe(429);

    // Sign-in counts failures only (decision 104): two wrong passwords fill a limit of two,
    // and past it the right password is asked for a mailed code instead of signing in.
    await asAdmin('PUT', '/admin/settings', {
      settings: [{ key: 'sign_in_attempts_per_10_minutes', value: 2 }],
    });
    const credentials = { email: 'customer@example.com', password: 'correct horse battery' };
    const wrong = { ...credentials, password: 'not the password' };
    for (const expected of [401, 401, 429]) {
      expect((await postJson(t.app, '/customer/auth/sign-in', wrong)).status).toBe(expected);
    }
    const limited = await postJson(t.app, '/customer/auth/sign-in', credentials);
    expect([limited.status, limited.json.code]).toEqual([403, 'SIGN_IN_CODE_REQUIRED']);
    await asAdmin('PUT', '/admin/settings', {
      settings: [{ key: 'sign_in_attempts_per_10_minutes', value: 1000 }],
    });
    expect((await postJson(t.app, '/customer/auth/sign-in', credentials)).status).toBe(200);
  });

  describe('the publisher', () => {
    let sequence = 0;
    async function scheduleDue() {
      return scheduleSoon(t, {
        token: customerToken,
        email: 'customer@example.com',
        companyId,
        networks: ['bluesky'],
        content: `Admin test post ${++sequence}`,
      });
    }
    const onBluesky = (content: string) =>
      fakes.bluesky.posts.filter((post) => post.text.includes(content)).length;
    const statusOf = async (instanceId: string) =>
      (await db().select().from(publications).where(eq(publications.instanceId, instanceId)))[0]!
        .status;

    beforeAll(async () => {
      await sendJson(
        t.app,
        'PUT',
        `/admin/users/${customerId}/subscription`,
        { tier: 'business', price_override: null },
        adminToken,
      );
      companyId = await createCompany(t, customerToken);
      await connectNetworks(t, fakes, customerToken, companyId, ['bluesky']);
    });

    it('stop makes a due post wait; start publishes it once', async () => {
      const { instanceId, content } = await scheduleDue();
      const stopped = await asAdmin('POST', '/admin/services/publisher/stop');
      expect(stopped.status).toBe(200);
      expect(stopped.json.message).toBe('Service stopped successfully');
      const card = (stopped.json.data as unknown as Services).services.find(
        (s) => s.id === 'publisher',
      )!;
      expect(card.status).toBe('stopped');
      expect(card.actions).toEqual(['start']);

      t.clock.advance(61);
      await t.publisher.publishInstance(instanceId);
      expect(onBluesky(content)).toBe(0);
      expect(await statusOf(instanceId)).toBe('pending');

      await asAdmin('POST', '/admin/services/publisher/start');
      await t.publisher.publishInstance(instanceId);
      await t.publisher.publishInstance(instanceId);
      expect(onBluesky(content)).toBe(1);
      expect(await statusOf(instanceId)).toBe('published');
    });

    it('a changed missed-after setting reaches the publisher without a restart', async () => {
      await asAdmin('PUT', '/admin/settings', {
        settings: [{ key: 'publish_missed_after_minutes', value: 1 }],
      });
      const { instanceId, content } = await scheduleDue();
      t.clock.advance(60 + 120); // two minutes late
      await t.publisher.publishInstance(instanceId);
      expect(await statusOf(instanceId)).toBe('missed');
      expect(onBluesky(content)).toBe(0);
      await asAdmin('PUT', '/admin/settings', {
        settings: [{ key: 'publish_missed_after_minutes', value: 1440 }],
      });
    });

    it('shows a worker without a recent heartbeat, or whose connection ended, as error', async () => {
      const services = async () =>
        ((await asAdmin('GET', '/admin/services')).json.data as unknown as Services).services;
      const publisher = async () => (await services()).find((card) => card.id === 'publisher')!;
      expect((await publisher()).status).toBe('error'); // no worker has beaten at all
      const now = Date.now();
      /** Worker `pid`'s row, started `ageMs` ago and last beating `silentMs` ago. */
      const beat = (
        pid: number,
        ageMs: number,
        silentMs: number,
        more: Partial<typeof serviceHeartbeats.$inferInsert> = {},
      ) =>
        db()
          .insert(serviceHeartbeats)
          .values({
            id: `host:${pid}:1`,
            role: 'worker',
            host: 'host',
            pid,
            startedAt: new Date(now - ageMs),
            lastBeatAt: new Date(now - silentMs),
            publishing: true,
            ...more,
          });
      await beat(1, 600_000, 60_000);
      let card = await publisher();
      expect(card.status).toBe('error');
      expect(card.processes[0]).toMatchObject({ id: 'host:1:1', status: 'error' });
      await beat(2, 60_000, 0, { cpuPercent: 12, rssBytes: 100 * 1024 * 1024 });
      // Beating a second ago, but the connection it beats on has ended: it died since.
      await beat(3, 60_000, 1_000, {
        backendPid: 2_147_483_000,
        backendStartedAt: new Date(now - 60_000),
      });
      card = await publisher();
      expect(card.status).toBe('running');
      expect(card.memory_mb).toBe(100);
      expect(card.processes.find((process) => process.id === 'host:3:1')).toMatchObject({
        status: 'error',
      });
      expect(card.details).toContainEqual({ label: 'Workers', value: '1 alive, 2 silent' });
      expect(card.actions).toEqual(['stop', 'restart']);
      const ids = (await services()).map((service) => service.id);
      expect(ids).toEqual(['publisher', 'web', 'database', 'queue', 'mail', 'ai']);
      const database = (await services()).find((service) => service.id === 'database')!;
      expect(database.status).toBe('running');
      expect(database.details.map((detail) => detail.label)).toContain('Round trip');
      const restarted = await asAdmin('POST', '/admin/services/publisher/restart');
      expect(restarted.json.message).toBe('Service restarted successfully');
      expect((await asAdmin('POST', '/admin/services/publisher/reboot')).status).toBe(404);
    });
  });

  it('protects the last admin and grants admin to another account', async () => {
    const adminId = await accountIdOf(t, 'admin@example.com');
    const removeSelf = await asAdmin('POST', `/admin/users/${adminId}/admin`);
    expect(removeSelf.status).toBe(409);
    expect(removeSelf.json.message).toBe('At least one admin must remain');

    const granted = await asAdmin('POST', `/admin/users/${customerId}/admin`);
    expect(granted.json).toMatchObject({
      message: 'Admin access granted',
      data: { is_admin: true },
    });
    expect((await getJson(t.app, '/admin/stats', customerToken)).status).toBe(200);
    const removed = await asAdmin('POST', `/admin/users/${customerId}/admin`);
    expect(removed.json).toMatchObject({
      message: 'Admin access removed',
      data: { is_admin: false },
    });
    expect((await getJson(t.app, '/admin/stats', customerToken)).status).toBe(403);
    expect(
      (await asAdmin('POST', '/admin/users/00000000-0000-4000-8000-000000000000/admin')).json
        .message,
    ).toBe('User not found');
  });

  it('sets a subscription without payment, which lifts the limits', async () => {
    const account = await createVerifiedAccount(t, { email: 'limited@example.com' });
    const limitedId = await accountIdOf(t, 'limited@example.com');
    await createCompany(t, account, 'First');
    const refused = await postJson(
      t.app,
      '/customer/company',
      { name: 'Second', website: 'second.example.com' },
      { authorization: `Bearer ${account}` },
    );
    expect(refused.status).toBe(403);

    expect(
      (await asAdmin('PUT', `/admin/users/${limitedId}/subscription`, { tier: 'gold' })).status,
    ).toBe(400);
    expect(
      (
        await asAdmin('PUT', `/admin/users/${limitedId}/subscription`, {
          tier: 'pro',
          price_override: -1,
        })
      ).status,
    ).toBe(400);
    const updated = await asAdmin('PUT', `/admin/users/${limitedId}/subscription`, {
      tier: 'pro',
      price_override: 19.5,
    });
    expect(updated.status).toBe(200);
    expect(updated.json.message).toBe('Subscription updated successfully');
    expect(updated.json.data as unknown as AdminUserDetails).toMatchObject({
      email: 'limited@example.com',
      subscription: { tier: 'pro' },
      price_override: 19.5,
      is_admin: false,
    });
    await createCompany(t, account, 'Second');
    const audit = (await asAdmin('GET', '/admin/logs?q=limited%40example.com')).json
      .data as unknown as AdminLogPage;
    expect(audit.rows[0]!.message).toBe(
      'admin@example.com put limited@example.com on the Pro plan at $19.50',
    );
  });

  it('searches and pages users by email', async () => {
    for (let index = 0; index < 3; index++) {
      await db()
        .insert(users)
        .values({
          name: 'Bulk',
          email: `bulk${index}@paging.test`,
          passwordHash: 'x',
          isVerified: true,
          // Distinct times: inserts in a row can share a timestamp, and the order is by time.
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
        });
    }
    const first = (await asAdmin('GET', '/admin/users?q=paging.test&pageSize=2')).json
      .data as unknown as AdminUserPage;
    expect(first.total).toBe(3);
    expect(first.rows.map((row) => row.email)).toEqual(['bulk2@paging.test', 'bulk1@paging.test']);
    expect(first.rows[0]).toMatchObject({
      last_sign_in_at: null,
      is_admin: false,
      subscription: { tier: 'free', name: 'Free' },
    });
    const second = (await asAdmin('GET', '/admin/users?q=paging.test&pageSize=2&page=2')).json
      .data as unknown as AdminUserPage;
    expect(second.rows.map((row) => row.email)).toEqual(['bulk0@paging.test']);
    expect((await asAdmin('GET', '/admin/users?pageSize=500')).status).toBe(400);
    const details = await asAdmin('GET', `/admin/users/${customerId}`);
    expect(details.json.data).toMatchObject({ email: 'customer@example.com', is_admin: false });
    expect(
      (await asAdmin('GET', '/admin/users/00000000-0000-4000-8000-000000000000')).json.message,
    ).toBe('User not found');
  });

  it('searches, filters and pages every customer’s logs, newest first', async () => {
    const base = Date.UTC(2026, 0, 1);
    await db()
      .insert(systemLogs)
      .values(
        Array.from({ length: 5 }, (_unused, index) => ({
          userId: customerId,
          platform: 'twitter',
          status: index % 2 === 0 ? ('error' as const) : ('success' as const),
          message: `Paging entry ${index}`,
          errorCode: index % 2 === 0 ? 'rate_limited_xyz' : null,
          retryCount: index,
          createdAt: new Date(base + index * 1000),
        })),
      );
    const errors = (await asAdmin('GET', '/admin/logs?q=xyz&status=error')).json
      .data as unknown as AdminLogPage;
    expect(errors.rows.map((row) => row.message)).toEqual([
      'Paging entry 4',
      'Paging entry 2',
      'Paging entry 0',
    ]);
    expect(errors.rows[0]).toMatchObject({
      customer_email: 'customer@example.com',
      error_code: 'rate_limited_xyz',
      retry_count: 4,
      kind: 'publishing',
    });
    const page1 = (await asAdmin('GET', '/admin/logs?q=paging%20entry&pageSize=2')).json
      .data as unknown as AdminLogPage;
    expect(page1.rows.map((row) => row.message)).toEqual(['Paging entry 4', 'Paging entry 3']);
    expect(page1.hasMore).toBe(true);
    const page3 = (await asAdmin('GET', '/admin/logs?q=paging%20entry&pageSize=2&page=3')).json
      .data as unknown as AdminLogPage;
    expect(page3.rows.map((row) => row.message)).toEqual(['Paging entry 0']);
    expect(page3.hasMore).toBe(false);
    expect((await asAdmin('GET', '/admin/logs?status=done')).status).toBe(400);
  });

  it('counts statistics as the tables do', async () => {
    await db().insert(aiCallLogs).values({
      platform: 'openai',
      model: 'gpt-4',
      purpose: 'test',
      prompt: 'p',
      responseTimeMs: 5,
    });
    const stats = (await asAdmin('GET', '/admin/stats')).json.data as unknown as Stats;
    const count = async (query: ReturnType<typeof sql>) =>
      Number(
        (((await db().execute(query)) as { rows: Array<{ n: number }> }).rows[0] ?? { n: 0 }).n,
      );
    expect(stats.total_posts).toBe(await count(sql`select count(*)::int as n from ${posts}`));
    expect(stats.total_users).toBe(await count(sql`select count(*)::int as n from ${users}`));
    expect(stats.scheduled_posts).toBe(
      await count(sql`select count(*)::int as n from ${publications} where status = 'pending'`),
    );
    expect(stats.api_calls.openai).toBe(
      await count(sql`select count(*)::int as n from ${aiCallLogs}`),
    );
    expect(stats.total_users).toBeGreaterThanOrEqual(6);
    expect(stats.publications_by_day).toHaveLength(30);
    const byStatus = (status: string) =>
      count(sql`select count(*)::int as n from ${publications} where status = ${status}`);
    const sum = (key: 'published' | 'missed') =>
      stats.publications_by_day.reduce((total, day) => total + day[key], 0);
    expect(sum('published')).toBe(await byStatus('published'));
    expect(sum('missed')).toBe(await byStatus('missed'));
    expect(sum('published')).toBeGreaterThan(0);
  });

  it('updates a plan in dollars, stores cents and writes the price history with the admin', async () => {
    const plans = (await asAdmin('GET', '/admin/plans')).json.data as unknown as AdminPlan[];
    expect(plans.map((plan) => plan.tier)).toEqual(['free', 'pro', 'business', 'enterprise']);
    const pro = plans.find((plan) => plan.tier === 'pro')!;
    expect(pro.price).toBe(29);
    const patch = (body: Record<string, unknown>) =>
      asAdmin('PATCH', `/admin/plans/${pro.id}`, {
        price: 29,
        sale_price: null,
        sale_end_date: null,
        highlight_points: [],
        ...body,
      });
    expect((await patch({ price: -1 })).json.message).toBe('Price must be 0 or more');
    expect((await patch({ price: 1.234 })).json.message).toBe(
      'Price must have at most two decimals',
    );
    expect((await patch({ sale_price: 30 })).json.message).toBe(
      'The sale price must be lower than the regular price',
    );
    expect((await patch({ sale_end_date: 'tomorrow' })).status).toBe(400);
    expect(
      (
        await asAdmin('PATCH', '/admin/plans/00000000-0000-4000-8000-000000000000', {
          price: 1,
          sale_price: null,
          sale_end_date: null,
          highlight_points: [],
        })
      ).json.message,
    ).toBe('Plan not found');

    const ends = '2030-01-31T23:59:00.000Z';
    const updated = await patch({
      price: 31.99,
      sale_price: 19.5,
      sale_end_date: ends,
      highlight_points: ['AI writing', '  ', 'Three networks'],
    });
    expect(updated.status).toBe(200);
    expect(updated.json.message).toBe('Plan updated successfully');
    expect(updated.json.data).toMatchObject({
      price: 31.99,
      sale_price: 19.5,
      sale_end_date: ends,
      highlight_points: ['AI writing', 'Three networks'],
    });
    const [stored] = (
      (await db().execute(
        sql`select i.price_cents, i.sale_price_cents from subscription_plan_intervals i
          where i.plan_id = ${pro.id} and i.interval_unit = 'month'`,
      )) as { rows: Array<{ price_cents: number; sale_price_cents: number }> }
    ).rows;
    expect(stored).toEqual({ price_cents: 3199, sale_price_cents: 1950 });

    const history = (await asAdmin('GET', '/admin/price-history?pageSize=5')).json
      .data as unknown as PriceHistoryPage;
    expect(history.rows[0]).toMatchObject({
      plan_name: 'Pro',
      old_price: 29,
      new_price: 31.99,
      old_sale_price: null,
      new_sale_price: 19.5,
      changed_by: 'admin@example.com',
    });
    expect(history.total).toBeGreaterThanOrEqual(1);
  });

  it("turns a plan's API access on and off, and the plan's customers follow", async () => {
    const plans = (await asAdmin('GET', '/admin/plans')).json.data as unknown as AdminPlan[];
    expect(Object.fromEntries(plans.map((plan) => [plan.tier, plan.has_api]))).toEqual({
      free: false,
      pro: false,
      business: false,
      enterprise: true,
    });
    const business = plans.find((plan) => plan.tier === 'business')!;
    const card = {
      price: business.price,
      sale_price: business.sale_price,
      sale_end_date: business.sale_end_date,
      highlight_points: business.highlight_points,
    };
    const builder = await createVerifiedAccount(t, { email: 'api-builder@example.com' });
    await setTierByCommand(t, 'api-builder@example.com', 'business');
    const createKey = () =>
      sendJson(t.app, 'POST', '/customer/api-keys', { name: 'CI', scopes: ['read'] }, builder);
    expect((await createKey()).json.code).toBe('PLAN_LIMIT');

    const on = await asAdmin('PATCH', `/admin/plans/${business.id}`, { ...card, has_api: true });
    expect(on.status).toBe(200);
    expect(on.json.data).toMatchObject({ tier: 'business', has_api: true });
    expect((await createKey()).status).toBe(201);
    // A card saved without the field keeps the plan's API access.
    const kept = await asAdmin('PATCH', `/admin/plans/${business.id}`, card);
    expect(kept.json.data).toMatchObject({ has_api: true });
    expect(
      (await asAdmin('PATCH', `/admin/plans/${business.id}`, { ...card, has_api: 'yes' })).json
        .message,
    ).toBe('API access must be true or false');

    const off = await asAdmin('PATCH', `/admin/plans/${business.id}`, { ...card, has_api: false });
    expect(off.json.data).toMatchObject({ has_api: false });
    expect((await createKey()).status).toBe(403);
  });

  it('sets, shows and clears the next deployment', async () => {
    expect((await asAdmin('PUT', '/admin/deployment', { next_deployment: 'soon' })).status).toBe(
      400,
    );
    const past = await asAdmin('PUT', '/admin/deployment', {
      next_deployment: new Date(t.clock().getTime() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.json.message).toBe('Choose a deployment time in the future');
    expect((await asAdmin('GET', '/admin/deployment')).json.data).toEqual({
      next_deployment: null,
    });
    const at = new Date(t.clock().getTime() + 3600_000).toISOString();
    const saved = await asAdmin('PUT', '/admin/deployment', { next_deployment: at });
    expect(saved.json.data).toEqual({ next_deployment: at });
    expect((await getJson(t.app, '/deployment', customerToken)).json.data).toEqual({
      next_deployment: at,
    });
    const far = new Date(t.clock().getTime() + 3 * 24 * 3600_000).toISOString();
    await asAdmin('PUT', '/admin/deployment', { next_deployment: far });
    expect((await getJson(t.app, '/deployment', customerToken)).json.data).toEqual({
      next_deployment: null,
    });
    expect((await asAdmin('GET', '/admin/deployment')).json.data).toEqual({ next_deployment: far });
    await asAdmin('DELETE', '/admin/deployment');
    expect((await asAdmin('GET', '/admin/deployment')).json.data).toEqual({
      next_deployment: null,
    });
    expect((await getJson(t.app, '/deployment')).status).toBe(401);
  });
});
