import {
  API_PATHS,
  type CreatedApiKey,
  type NetworkId,
  type ScheduledInstance,
  type Webhook,
  type WebhookDelivery,
  type WebhookWithSecret,
  PUBLIC_API_PATHS,
} from '@cadence/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  publications,
  socialConnections,
  webhookEndpoints,
  webhookMessages,
} from '../src/db/schema.js';
import { recordWebhookEvent } from '../src/modules/webhooks/index.js';
import { apiClient } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { createPost } from './helpers/posts.js';
import {
  accountIdOf,
  createTestApp,
  createVerifiedAccount,
  postJson,
  setTierByCommand,
  signIn,
  type TestApp,
} from './helpers/test-app.js';
import {
  startWebhookReceiver,
  verifiedWith,
  type ReceivedHook,
  type WebhookReceiver,
} from './helpers/webhook-receiver.js';

const EMAIL = 'hooks@example.com';
const idPath = (path: string, id: string, deliveryId?: string) =>
  path.replace(':id', id).replace(':delivery_id', deliveryId ?? '');
const bodyOf = (hook: ReceivedHook) =>
  JSON.parse(hook.body) as { type: string; timestamp: string; data: Record<string, unknown> };
let sequence = 0;

describe.each(engines)('webhooks on %s', (engine) => {
  let t: TestApp;
  let fakes: NetworkFakes;
  let receiver: WebhookReceiver;
  let token: string;
  let userId: string;
  let entity: string;
  let otherEntity: string;
  let key: string;
  const { call } = apiClient(() => t.app);

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    receiver = await startWebhookReceiver();
    t = await createTestApp(engine, {
      env: {
        ...fakes.env,
        FETCH_ALLOW_HOSTS: '127.0.0.1',
        WEBHOOK_RETRY_SCHEDULE: '60,300,1800',
        PUBLISH_RETRY_BASE_MS: '10',
      },
    });
    token = await createVerifiedAccount(t, { email: EMAIL, name: 'Hook Owner' });
    await setTierByCommand(t, EMAIL, 'enterprise');
    userId = await accountIdOf(t, EMAIL);
    entity = await createCompany(t, token, 'Hooked');
    otherEntity = await createCompany(t, token, 'Other');
    await connectNetworks(t, fakes, token, entity, ['twitter', 'bluesky', 'threads']);
    const created = await call<CreatedApiKey>('POST', API_PATHS.apiKeys, token, {
      name: 'hooks',
      scopes: ['read', 'write'],
    });
    key = created.json.data.key;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
    await receiver?.close();
  });

  const db = () => t.infra.database.db;
  // Each test starts with no endpoint (what earlier tests left would receive its events too).
  // (The clock moves by days: a fresh session each time.)
  beforeEach(async () => {
    token = await signIn(t, EMAIL, 'correct horse battery');
    const listed = await call<Webhook[]>('GET', `${API_PATHS.webhooks}?limit=100`, token);
    for (const row of listed.json.data) {
      expect((await call('DELETE', idPath(API_PATHS.webhook, row.id), token)).status).toBe(204);
    }
  });
  const deliver = () => t.publisher.deliverDueWebhooks();
  async function addEndpoint(
    path: string,
    events: string[],
    extra: { entity_ids?: string[]; url?: string } = {},
  ) {
    const created = await call<WebhookWithSecret>('POST', PUBLIC_API_PATHS.v1Webhooks, key, {
      url: receiver.url(path),
      events,
      ...extra,
    });
    expect(created.status, created.body).toBe(201);
    return created.json.data;
  }
  /** A fresh post scheduled a minute ahead on the networks, through the real schedule route. */
  async function schedule(networks: NetworkId[], companyId = entity) {
    const post = await createPost(t, {
      email: EMAIL,
      companyId,
      content: `Hooked post ${++sequence}`,
    });
    const at = new Date(t.clock().getTime() + 60_000).toISOString();
    const response = await postJson(
      t.app,
      '/schedules',
      { social_account_type: networks, post_id: post.id, schedule_date: at },
      { authorization: `Bearer ${token}` },
    );
    expect(response.status, response.body).toBe(201);
    const data = response.json.data as unknown as { instances: ScheduledInstance[] };
    return { instanceId: data.instances[0]!.id, postId: post.id, at };
  }
  const publicationsOf = (instanceId: string) =>
    db().select().from(publications).where(eq(publications.instanceId, instanceId));
  const typesAt = (path: string) => receiver.at(path).map((hook) => bodyOf(hook).type);

  it('creates an endpoint with its secret shown once, sealed at rest; refuses bad input', async () => {
    const created = await addEndpoint('/created', ['post.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({
      status: 'enabled',
      events: ['post.created'],
      entity_ids: null,
    });
    const listed = await call<Webhook[]>('GET', PUBLIC_API_PATHS.v1Webhooks, key);
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((row) => row.id)).toContain(created.id);
    expect(listed.body).not.toContain(created.secret.slice(6));
    expect((listed.json as unknown as { next_cursor: unknown }).next_cursor).toBeNull();
    const [stored] = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(6));

    const plainHttp = await call('POST', PUBLIC_API_PATHS.v1Webhooks, key, {
      url: 'http://hooks.example.com/in',
      events: ['post.created'],
    });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.json.code).toBe('WEBHOOK_URL_INVALID');
    expect(plainHttp.json.message).toMatch(/https:\/\//);
    const noEvents = await call('POST', PUBLIC_API_PATHS.v1Webhooks, key, {
      url: 'https://hooks.example.com/in',
      events: [],
    });
    expect(noEvents.status).toBe(400);
    expect(noEvents.json.message).toBe('Choose at least one event');
    const unknown = await call('POST', PUBLIC_API_PATHS.v1Webhooks, key, {
      url: 'https://hooks.example.com/in',
      events: ['post.exploded'],
    });
    expect(unknown.status).toBe(400);
    const notUrl = await call('POST', PUBLIC_API_PATHS.v1Webhooks, key, {
      url: 'nope',
      events: ['post.created'],
    });
    expect(notUrl.status).toBe(400);
    expect(notUrl.json.message).toMatch(/full web address/);

    expect((await call('GET', PUBLIC_API_PATHS.v1Webhooks, null)).status).toBe(401);
    const readOnly = await call<CreatedApiKey>('POST', API_PATHS.apiKeys, token, {
      name: 'reader',
      scopes: ['read'],
    });
    const refused = await call('POST', PUBLIC_API_PATHS.v1Webhooks, readOnly.json.data.key, {
      url: 'https://hooks.example.com/in',
      events: ['post.created'],
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('INSUFFICIENT_SCOPE');

    await createVerifiedAccount(t, { email: 'free-hooks@example.com' });
    const free = await createVerifiedAccount(t, { email: 'free-hooks2@example.com' });
    const noPlan = await call('POST', API_PATHS.webhooks, free, {
      url: 'https://hooks.example.com/in',
      events: ['post.created'],
    });
    expect(noPlan.status).toBe(403);
    expect(noPlan.json.code).toBe('PLAN_LIMIT');
    expect(noPlan.json.message).toMatch(/Enterprise/);
    // The web app's door answers the same endpoints from the same service.
    const web = await call<Webhook>('GET', idPath(API_PATHS.webhook, created.id), token);
    expect(web.json.data).toMatchObject({ id: created.id, url: created.url });
  });

  it('delivers publication.published and post.completed, signed as Standard Webhooks says', async () => {
    const hook = await addEndpoint('/published', ['publication.published', 'post.completed']);
    const { instanceId, postId, at } = await schedule(['twitter']);
    t.clock.advance(61);
    await t.publisher.publishInstance(instanceId);
    // Written with the publication, sent by the delivery work.
    expect(receiver.at('/published')).toHaveLength(0);
    expect(await deliver()).toEqual(['delivered', 'delivered']);
    const hooks = receiver.at('/published');
    expect(hooks.map((entry) => bodyOf(entry).type).sort()).toEqual([
      'post.completed',
      'publication.published',
    ]);
    for (const entry of hooks) {
      expect(verifiedWith([hook.secret], entry)).toEqual([true]);
      expect(Number(entry.headers['webhook-timestamp'])).toBe(
        Math.floor(t.clock().getTime() / 1000),
      );
      expect(entry.headers['content-type']).toBe('application/json');
    }
    // Another secret does not verify it.
    const other = await addEndpoint('/unused', ['post.deleted']);
    expect(verifiedWith([other.secret], hooks[0]!)).toEqual([false]);

    const [publication] = await publicationsOf(instanceId);
    const published = bodyOf(
      hooks.find((entry) => bodyOf(entry).type === 'publication.published')!,
    );
    expect(published.data).toEqual({
      id: publication!.id,
      network: 'twitter',
      status: 'published',
      scheduled_for: at,
      published_at: publication!.publishedAt!.toISOString(),
      url: publication!.externalUrl,
      error: null,
      attempts: 1,
      post_id: postId,
      entity_id: entity,
    });
    expect(published.timestamp).toBe(t.clock().toISOString());
    const completed = bodyOf(hooks.find((entry) => bodyOf(entry).type === 'post.completed')!);
    expect(completed.data).toMatchObject({
      post_id: postId,
      entity_id: entity,
      outcome: 'published',
      counts: { total: 1, published: 1, failed: 0, unconfirmed: 0, missed: 0 },
    });
  });

  it('sends publication.failed, .missed and .unconfirmed and the partial and failed outcomes', async () => {
    await addEndpoint('/outcomes', [
      'publication.failed',
      'publication.missed',
      'publication.unconfirmed',
      'post.completed',
    ]);
    // One network refuses the post, the other publishes it: partial.
    const partial = await schedule(['twitter', 'bluesky']);
    fakes.twitter.failNext('invalid', 1, 'POST /2/tweets');
    t.clock.advance(61);
    await t.publisher.publishInstance(partial.instanceId);
    await deliver();
    const failed = receiver.at('/outcomes').map(bodyOf);
    expect(failed.map((body) => body.type).sort()).toEqual([
      'post.completed',
      'publication.failed',
    ]);
    const failure = failed.find((body) => body.type === 'publication.failed')!;
    const refused = (await publicationsOf(partial.instanceId)).find(
      (row) => row.network === 'twitter',
    )!;
    expect(failure.data).toMatchObject({
      id: refused.id,
      network: 'twitter',
      status: 'failed',
      post_id: partial.postId,
      error: { code: refused.errorCode, message: refused.lastError },
    });
    expect(failed.find((body) => body.type === 'post.completed')!.data).toMatchObject({
      outcome: 'partial',
      counts: { total: 2, published: 1, failed: 1 },
    });

    // Not sent in time: missed, and the occurrence failed.
    const late = await schedule(['bluesky']);
    t.clock.advance(2 * 24 * 3600);
    await t.publisher.publishInstance(late.instanceId);
    await deliver();
    const missed = receiver.at('/outcomes').slice(2).map(bodyOf);
    expect(missed.map((body) => body.type).sort()).toEqual([
      'post.completed',
      'publication.missed',
    ]);
    expect(missed.find((body) => body.type === 'publication.missed')!.data).toMatchObject({
      status: 'missed',
      post_id: late.postId,
      error: { code: 'missed' },
    });
    expect(missed.find((body) => body.type === 'post.completed')!.data).toMatchObject({
      outcome: 'failed',
      counts: { total: 1, missed: 1, published: 0 },
    });

    // A worker died mid-call: the next job finds the claim stale, unconfirmed.
    const unsure = await schedule(['bluesky']);
    t.clock.advance(61);
    const [row] = await publicationsOf(unsure.instanceId);
    await db()
      .update(publications)
      .set({ status: 'publishing', claimedAt: t.clock(), attempts: 1 })
      .where(eq(publications.id, row!.id));
    t.clock.advance(t.config.publisher.jobExpireSeconds + 1);
    await t.publisher.publishInstance(unsure.instanceId);
    await deliver();
    const unconfirmed = receiver.at('/outcomes').slice(4).map(bodyOf);
    expect(unconfirmed.map((body) => body.type)).toContain('publication.unconfirmed');
    expect(unconfirmed.find((body) => body.type === 'publication.unconfirmed')!.data).toMatchObject(
      {
        id: row!.id,
        status: 'unconfirmed',
        attempts: 1,
      },
    );
  });

  it("tells an entity-limited endpoint only of its entity's posts, and sends post CRUD events", async () => {
    const everything = await addEndpoint('/posts-all', [
      'post.created',
      'post.updated',
      'post.deleted',
    ]);
    const limited = await addEndpoint('/posts-limited', ['post.created', 'post.deleted'], {
      entity_ids: [entity],
    });
    expect(limited.entity_ids).toEqual([entity]);
    const inOther = await call<{ id: string }>('POST', '/customer/post', token, {
      company_id: otherEntity,
      content: 'Elsewhere',
    });
    expect(inOther.status, inOther.body).toBe(201);
    const mine = await call<{ id: string }>('POST', '/customer/post', token, {
      company_id: entity,
      content: 'Here',
    });
    const edited = await call('PATCH', `/customer/post/${mine.json.data.id}`, token, {
      content: 'Here, edited',
    });
    expect(edited.status).toBe(200);
    expect((await call('DELETE', `/customer/post/${mine.json.data.id}`, token)).status).toBe(200);
    await deliver();
    // (Events of one moment may arrive in any order.)
    expect(typesAt('/posts-all').sort()).toEqual([
      'post.created',
      'post.created',
      'post.deleted',
      'post.updated',
    ]);
    expect(typesAt('/posts-limited').sort()).toEqual(['post.created', 'post.deleted']);
    const bodyAt = (path: string, type: string) =>
      receiver
        .at(path)
        .map(bodyOf)
        .find((body) => body.type === type)!;
    const updated = bodyAt('/posts-all', 'post.updated');
    expect(updated.data).toMatchObject({
      id: mine.json.data.id,
      entity_id: entity,
      content: 'Here, edited',
    });
    expect(bodyAt('/posts-limited', 'post.deleted').data).toEqual({
      id: mine.json.data.id,
      entity_id: entity,
    });
    expect(verifiedWith([everything.secret], receiver.at('/posts-all')[0]!)).toEqual([true]);
  });

  it('sends connection.needs_reconnect and connection.expiring from the real flows', async () => {
    await addEndpoint('/connections', ['connection.needs_reconnect', 'connection.expiring']);
    // Threads refuses the stored token while publishing: reconnect needed.
    const { instanceId } = await schedule(['threads']);
    fakes.threads.failNext('unauthorized', 5, 'POST /threads');
    t.clock.advance(61);
    await t.publisher.publishInstance(instanceId);
    // Bluesky's token is to expire in three days and cannot be renewed: the sweep warns.
    const expiresAt = new Date(t.clock().getTime() + 3 * 86_400_000);
    await db()
      .update(socialConnections)
      .set({
        tokenExpiresAt: expiresAt,
        tokenRenewable: false,
      })
      .where(eq(socialConnections.network, 'bluesky'));
    await t.publisher.sweepTokens();
    await deliver();
    const bodies = receiver.at('/connections').map(bodyOf);
    const reconnect = bodies.find((body) => body.type === 'connection.needs_reconnect');
    expect(reconnect?.data).toMatchObject({
      network: 'threads',
      entity_id: entity,
      status: 'needs_reconnect',
    });
    const expiring = bodies.find((body) => body.type === 'connection.expiring');
    expect(expiring?.data).toMatchObject({
      network: 'bluesky',
      entity_id: entity,
      status: 'expiring',
      expires_at: expiresAt.toISOString(),
    });
    // The sweep again: the warning (and its event) is not repeated.
    await t.publisher.sweepTokens();
    await deliver();
    expect(typesAt('/connections').filter((type) => type === 'connection.expiring')).toHaveLength(
      1,
    );
  });

  it('writes nothing to the outbox when the transaction of the change rolls back', async () => {
    await addEndpoint('/rollback', ['post.created']);
    const before = await db().select({ n: count() }).from(webhookMessages);
    await expect(
      db().transaction(async (tx) => {
        await recordWebhookEvent(tx, {
          userId,
          type: 'post.created',
          entityId: entity,
          at: t.clock(),
          data: { id: 'never' },
        });
        expect((await tx.select({ n: count() }).from(webhookMessages))[0]!.n).toBeGreaterThan(
          before[0]!.n,
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db().select({ n: count() }).from(webhookMessages)).toEqual(before);
    // A post refused by validation makes no event either.
    const refused = await call('POST', '/customer/post', token, {
      company_id: entity,
      content: '',
    });
    expect(refused.status).toBe(400);
    await deliver();
    expect(receiver.at('/rollback')).toHaveLength(0);
  });

  it('retries on the schedule with the same webhook-id, lists deliveries and redelivers', async () => {
    receiver.answer('/flaky', 500);
    const hook = await addEndpoint('/flaky', ['post.deleted']);
    const test = await call<{ message_id: string }>(
      'POST',
      idPath(PUBLIC_API_PATHS.v1WebhookTest, hook.id),
      key,
    );
    expect(test.status).toBe(202);
    expect(await deliver()).toEqual(['failed']);
    expect(await deliver()).toEqual([]);
    t.clock.advance(59);
    expect(await deliver()).toEqual([]);
    t.clock.advance(1);
    expect(await deliver()).toEqual(['failed']);
    t.clock.advance(300);
    expect(await deliver()).toEqual(['failed']);
    t.clock.advance(1800);
    expect(await deliver()).toEqual(['failed']); // the schedule is spent: given up
    t.clock.advance(86_400);
    expect(await deliver()).toEqual([]);
    const hooks = receiver.at('/flaky');
    expect(hooks).toHaveLength(4);
    expect(new Set(hooks.map((entry) => entry.headers['webhook-id']))).toEqual(
      new Set([test.json.data.message_id]),
    );
    expect(bodyOf(hooks[0]!).type).toBe('webhook.test');
    expect(hooks.every((entry) => verifiedWith([hook.secret], entry)[0])).toBe(true);

    const page = await call<WebhookDelivery[]>(
      'GET',
      `${idPath(PUBLIC_API_PATHS.v1WebhookDeliveries, hook.id)}?limit=3`,
      key,
    );
    expect(page.status).toBe(200);
    expect(
      page.json.data.map((row) => [row.event, row.attempt, row.status_code, row.success]),
    ).toEqual([
      ['webhook.test', 4, 500, false],
      ['webhook.test', 3, 500, false],
      ['webhook.test', 2, 500, false],
    ]);
    expect(page.json.data[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    const cursor = (page.json as unknown as { next_cursor: string }).next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const rest = await call<WebhookDelivery[]>(
      'GET',
      `${idPath(PUBLIC_API_PATHS.v1WebhookDeliveries, hook.id)}?limit=3&cursor=${cursor}`,
      key,
    );
    expect(rest.json.data.map((row) => row.attempt)).toEqual([1]);
    expect((rest.json as unknown as { next_cursor: unknown }).next_cursor).toBeNull();

    receiver.answer('/flaky', 204);
    const again = await call(
      'POST',
      idPath(PUBLIC_API_PATHS.v1WebhookRedeliver, hook.id, page.json.data[2]!.id),
      key,
    );
    expect(again.status).toBe(202);
    expect(await deliver()).toEqual(['delivered']);
    expect(receiver.at('/flaky').at(-1)!.headers['webhook-id']).toBe(test.json.data.message_id);
    const missing = await call(
      'POST',
      idPath(PUBLIC_API_PATHS.v1WebhookRedeliver, hook.id, '00000000-0000-4000-8000-000000000000'),
      key,
    );
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
  });

  it('disables an endpoint failing for 3 days and tells its owner (bell and mail)', async () => {
    receiver.answer('/down', 503);
    const hook = await addEndpoint('/down', ['post.created']);
    const makePost = async () => {
      token = await signIn(t, EMAIL, 'correct horse battery');
      const made = await call('POST', '/customer/post', token, {
        company_id: entity,
        content: `Post ${++sequence}`,
      });
      expect(made.status, made.body).toBe(201);
    };
    await makePost();
    expect(await deliver()).toEqual(['failed']);
    t.clock.advance(2 * 86_400);
    await makePost();
    await deliver();
    expect(
      (await call<Webhook>('GET', idPath(PUBLIC_API_PATHS.v1Webhook, hook.id), key)).json.data
        .status,
    ).toBe('enabled');
    t.clock.advance(86_400);
    await makePost();
    await deliver();
    const off = (await call<Webhook>('GET', idPath(PUBLIC_API_PATHS.v1Webhook, hook.id), key)).json
      .data;
    expect(off.status).toBe('disabled');
    expect(off.disabled_at).toBe(t.clock().toISOString());
    // Nothing more goes to it, and its waiting retries are dropped.
    await makePost();
    t.clock.advance(86_400);
    const sent = receiver.at('/down').length;
    await deliver();
    expect(receiver.at('/down')).toHaveLength(sent);

    token = await signIn(t, EMAIL, 'correct horse battery');
    const bell = await call<{ rows: Array<{ kind: string; message: string }> }>(
      'GET',
      API_PATHS.notificationEvents,
      token,
    );
    const notice = bell.json.data.rows.find((row) => row.kind === 'webhook_disabled');
    expect(notice?.message).toContain(receiver.url('/down'));
    await t.publisher.sendNotificationMail(userId);
    const mail = t.smtp.mailsTo(EMAIL).at(-1);
    // (One digest with the earlier publishing notices: the webhook's notice is in it.)
    const text = (mail?.raw ?? '').replace(/=\r?\n/g, '');
    expect(text).toContain('A webhook endpoint was turned off');
    expect(text).toContain('/settings#developer-info');

    // Turned on again: deliveries resume, its failure clock afresh.
    receiver.answer('/down', 200);
    const on = await call<Webhook>('PATCH', idPath(PUBLIC_API_PATHS.v1Webhook, hook.id), key, {
      enabled: true,
    });
    expect(on.json.data).toMatchObject({
      status: 'enabled',
      failing_since: null,
      disabled_at: null,
    });
    await makePost();
    expect(await deliver()).toEqual(['delivered']);
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    const hook = await addEndpoint('/rotated', ['post.deleted']);
    const rotated = await call<WebhookWithSecret>(
      'POST',
      idPath(PUBLIC_API_PATHS.v1WebhookRotateSecret, hook.id),
      key,
    );
    expect(rotated.status).toBe(200);
    const fresh = rotated.json.data.secret;
    expect(fresh).not.toBe(hook.secret);
    expect(rotated.json.data.previous_secret_expires_at).toBe(
      new Date(t.clock().getTime() + 24 * 3600_000).toISOString(),
    );
    await call('POST', idPath(PUBLIC_API_PATHS.v1WebhookTest, hook.id), key);
    await deliver();
    const during = receiver.at('/rotated').at(-1)!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifiedWith([hook.secret, fresh], during)).toEqual([true, true]);
    t.clock.advance(24 * 3600);
    await call('POST', idPath(PUBLIC_API_PATHS.v1WebhookTest, hook.id), key);
    await deliver();
    const after = receiver.at('/rotated').at(-1)!;
    expect(verifiedWith([hook.secret, fresh], after)).toEqual([false, true]);
  });

  it('follows no redirect and refuses a private address at send time', async () => {
    const redirected = await addEndpoint('/redirect', ['post.deleted']);
    await call('POST', idPath(PUBLIC_API_PATHS.v1WebhookTest, redirected.id), key);
    expect(await deliver()).toEqual(['failed']);
    expect(receiver.at('/after-redirect')).toHaveLength(0);
    const [redirect] = (
      await call<WebhookDelivery[]>(
        'GET',
        idPath(PUBLIC_API_PATHS.v1WebhookDeliveries, redirected.id),
        key,
      )
    ).json.data;
    expect(redirect).toMatchObject({ status_code: 302, success: false });

    // https to a name that resolves to this machine (not exempted): refused before sending.
    const local = await addEndpoint('/private', ['post.deleted'], {
      url: `https://localhost:${receiver.port}/private`,
    });
    await call('POST', idPath(PUBLIC_API_PATHS.v1WebhookTest, local.id), key);
    expect(await deliver()).toEqual(['failed']);
    const [blocked] = (
      await call<WebhookDelivery[]>(
        'GET',
        idPath(PUBLIC_API_PATHS.v1WebhookDeliveries, local.id),
        key,
      )
    ).json.data;
    expect(blocked).toMatchObject({ status_code: null, success: false });
    expect(blocked!.error).toMatch(/private or local address/);
    expect(receiver.at('/private')).toHaveLength(0);
  });

  it('keeps a key limited to entities to endpoints of those entities', async () => {
    const limitedKey = (
      await call<CreatedApiKey>('POST', API_PATHS.apiKeys, token, {
        name: 'limited',
        scopes: ['read', 'write'],
        entity_ids: [entity],
      })
    ).json.data.key;
    const all = await addEndpoint('/all-entities', ['post.created']);
    const own = await call<WebhookWithSecret>('POST', PUBLIC_API_PATHS.v1Webhooks, limitedKey, {
      url: receiver.url('/own'),
      events: ['post.created'],
    });
    expect(own.status).toBe(201);
    expect(own.json.data.entity_ids).toEqual([entity]);
    const listed = await call<Webhook[]>('GET', PUBLIC_API_PATHS.v1Webhooks, limitedKey);
    expect(listed.json.data.map((row) => row.id)).toEqual([own.json.data.id]);
    expect((await call('GET', idPath(PUBLIC_API_PATHS.v1Webhook, all.id), limitedKey)).status).toBe(
      404,
    );
    expect(
      (await call('DELETE', idPath(PUBLIC_API_PATHS.v1Webhook, all.id), limitedKey)).status,
    ).toBe(404);
    const elsewhere = await call('POST', PUBLIC_API_PATHS.v1Webhooks, limitedKey, {
      url: receiver.url('/other'),
      events: ['post.created'],
      entity_ids: [otherEntity],
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.code).toBe('COMPANY_NOT_FOUND');
    expect(
      (await call('DELETE', idPath(PUBLIC_API_PATHS.v1Webhook, own.json.data.id), limitedKey))
        .status,
    ).toBe(204);
  });

  it('delivers through the dispatch task and its own job queue when the worker runs', async () => {
    const hook = await addEndpoint('/queued', ['post.deleted']);
    await t.publisher.start();
    try {
      const sent = await call<{ message_id: string }>(
        'POST',
        idPath(API_PATHS.webhookTest, hook.id),
        token,
      );
      expect(sent.status).toBe(202);
      const deadline = Date.now() + 15_000;
      while (receiver.at('/queued').length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [arrived] = receiver.at('/queued');
      expect(arrived?.headers['webhook-id']).toBe(sent.json.data.message_id);
      expect(verifiedWith([hook.secret], arrived!)).toEqual([true]);
    } finally {
      await t.publisher.stop();
    }
  });
});
