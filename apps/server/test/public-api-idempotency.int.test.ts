import {
  API_PATHS,
  API_TRAFFIC_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  type ApiPost,
  type ApiPublication,
  type CreatedApiKey, PUBLIC_API_PATHS } from '@cadence/shared';
import { and, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIdempotencyKeys, posts, publications, scheduledInstances } from '../src/db/schema.js';
import { apiClient } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import {
  accountIdOf,
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

const at = (template: string, id: string) => template.replace(':id', id);
const REPLAYED = IDEMPOTENT_REPLAYED_HEADER.toLowerCase();

describe.each(engines)('Idempotency-Key on the public API writes on %s', (engine) => {
  let t: TestApp;
  let fakes: NetworkFakes;
  let owner: string;
  let userId: string;
  let entity: string;
  let key: string;
  let keyId: string;
  let sequence = 0;
  const { call } = apiClient(() => t.app);

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: { ...fakes.env, PUBLISH_RETRY_BASE_MS: '10' } });
    owner = await createVerifiedAccount(t, { email: 'idem@example.com' });
    await setTierByCommand(t, 'idem@example.com', 'enterprise');
    userId = await accountIdOf(t, 'idem@example.com');
    entity = await createCompany(t, owner, 'Idem');
    await connectNetworks(t, fakes, owner, entity, ['bluesky']);
    const created = await call<CreatedApiKey>('POST', API_PATHS.apiKeys, owner, {
      name: 'Idempotent writes',
      scopes: ['read', 'write', 'publish'],
    });
    key = created.json.data.key;
    keyId = created.json.data.id;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const withKey = <T>(url: string, idempotencyKey: string, body?: object) =>
    call<T>('POST', url, key, body, { headers: { 'idempotency-key': idempotencyKey } });
  const postCount = async () =>
    (await t.infra.database.db.select().from(posts).where(eq(posts.userId, userId))).length;
  const inMinutes = (minutes: number) =>
    new Date(t.clock().getTime() + minutes * 60_000).toISOString();
  const body = () => ({
    entity_id: entity,
    content: `Idempotent post ${++sequence}`,
    networks: ['bluesky'],
    scheduled_for: inMinutes(90),
  });

  it('POST /v1/posts: the same key and body replays the first answer and creates nothing', async () => {
    const before = await postCount();
    const request = body();
    const first = await withKey<ApiPost>(PUBLIC_API_PATHS.v1Posts, 'post-1', request);
    expect(first.status).toBe(201);
    expect(first.headers[REPLAYED]).toBeUndefined();
    const again = await withKey<ApiPost>(PUBLIC_API_PATHS.v1Posts, 'post-1', request);
    expect(again.status).toBe(201);
    expect(again.headers[REPLAYED]).toBe('true');
    expect(again.json).toEqual(first.json);
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(request).reverse());
    const third = await withKey<ApiPost>(PUBLIC_API_PATHS.v1Posts, 'post-1', reordered);
    expect(third.headers[REPLAYED]).toBe('true');
    expect(await postCount()).toBe(before + 1);
    const instances = await t.infra.database.db
      .select()
      .from(scheduledInstances)
      .where(eq(scheduledInstances.postId, first.json.data.id));
    expect(instances).toHaveLength(1);

    // Another body with the same key: 422, nothing created.
    const other = await withKey(PUBLIC_API_PATHS.v1Posts, 'post-1', body());
    expect(other.status).toBe(422);
    expect(other.json).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: API_TRAFFIC_MESSAGES.idempotencyKeyReused,
    });
    expect(await postCount()).toBe(before + 1);

    // A refused request (400) is answered again the same, and never creates.
    const bad = await withKey(PUBLIC_API_PATHS.v1Posts, 'post-bad', { entity_id: entity, content: '' });
    expect(bad.status).toBe(400);
    const badAgain = await withKey(PUBLIC_API_PATHS.v1Posts, 'post-bad', {
      entity_id: entity,
      content: '',
    });
    expect(badAgain.status).toBe(400);
    expect(await postCount()).toBe(before + 1);
  });

  it('POST /v1/posts: 409 IDEMPOTENCY_KEY_IN_USE while the first request with the key runs', async () => {
    const request = body();
    const before = await postCount();
    if (engine === 'postgres') {
      // Hold the first request inside its insert: another connection locks the posts table.
      const blocker = new pg.Client({ connectionString: t.config.databaseUrl });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table posts in exclusive mode');
        const first = withKey<ApiPost>(PUBLIC_API_PATHS.v1Posts, 'post-slow', request);
        // Wait until the first request holds its key and is stuck.
        for (let tries = 0; tries < 200; tries++) {
          const held = await t.infra.database.db
            .select()
            .from(apiIdempotencyKeys)
            .where(
              and(eq(apiIdempotencyKeys.key, 'post-slow'), isNull(apiIdempotencyKeys.statusCode)),
            );
          if (held.length > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const second = await withKey(PUBLIC_API_PATHS.v1Posts, 'post-slow', request);
        expect(second.status).toBe(409);
        expect(second.json).toMatchObject({
          code: 'IDEMPOTENCY_KEY_IN_USE',
          message: API_TRAFFIC_MESSAGES.idempotencyKeyInUse,
        });
        await blocker.query('commit');
        const answered = await first;
        expect(answered.status).toBe(201);
        const third = await withKey<ApiPost>(PUBLIC_API_PATHS.v1Posts, 'post-slow', request);
        expect(third.headers[REPLAYED]).toBe('true');
        expect(third.json).toEqual(answered.json);
      } finally {
        await blocker.end();
      }
    } else {
      // The embedded database runs one statement at a time: the first request is held as a
      // process that claimed the key and has not answered yet holds it.
      const held = await t.container.services.apiTraffic.idempotency.start(
        keyId,
        'post-held',
        null,
      );
      expect(held.kind).toBe('run');
      const second = await withKey(PUBLIC_API_PATHS.v1Posts, 'post-held', request);
      expect(second.status).toBe(409);
      expect(second.json.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      expect(await postCount()).toBe(before);
      return;
    }
    expect(await postCount()).toBe(before + 1);
  });

  it('publication actions: a replay answers again without acting twice; another request 422', async () => {
    const post = (await call<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, key, body())).json.data;
    const id = post.publications[0]!.id;
    const url = at(PUBLIC_API_PATHS.v1PublicationPublishNow, id);
    const first = await withKey<ApiPublication>(url, 'now-1');
    expect(first.status).toBe(202);
    // Without the key a second publish-now is refused (it moved on); with it, replayed.
    const again = await withKey<ApiPublication>(url, 'now-1');
    expect(again.status).toBe(202);
    expect(again.headers[REPLAYED]).toBe('true');
    expect(again.json).toEqual(first.json);
    expect((await call('POST', url, key)).status).toBe(409);
    // The same key for another publication is another request.
    const other = (await call<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, key, body())).json.data;
    const otherUrl = at(PUBLIC_API_PATHS.v1PublicationPublishNow, other.publications[0]!.id);
    const reused = await withKey(otherUrl, 'now-1');
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const [untouched] = await t.infra.database.db
      .select()
      .from(publications)
      .where(eq(publications.id, other.publications[0]!.id));
    expect(untouched?.status).toBe('pending');

    // Retry: a failed publication retried once, whatever the number of replays.
    const failing = (
      await call<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, key, {
        ...body(),
        scheduled_for: inMinutes(5),
      })
    ).json.data;
    fakes.bluesky.failNext('invalid', 1, 'com.atproto.repo.createRecord');
    t.clock.advance(3600);
    const [instance] = await t.infra.database.db
      .select()
      .from(scheduledInstances)
      .where(eq(scheduledInstances.postId, failing.id));
    await t.publisher.publishInstance(instance!.id);
    const retryUrl = at(PUBLIC_API_PATHS.v1PublicationRetry, failing.publications[0]!.id);
    const retried = await withKey<ApiPublication>(retryUrl, 'retry-1');
    expect(retried.status).toBe(202);
    const retriedAgain = await withKey<ApiPublication>(retryUrl, 'retry-1');
    expect([retriedAgain.status, retriedAgain.headers[REPLAYED]]).toEqual([202, 'true']);
    expect(retriedAgain.json).toEqual(retried.json);

    // mark-published: the same key with another body (another link) is 422.
    const [unsure] = await t.infra.database.db
      .update(publications)
      .set({ status: 'unconfirmed', errorCode: 'unconfirmed', lastError: 'No answer' })
      .where(eq(publications.id, other.publications[0]!.id))
      .returning();
    const markUrl = at(PUBLIC_API_PATHS.v1PublicationMarkPublished, unsure!.id);
    const marked = await withKey(markUrl, 'mark-1', { url: 'https://bsky.app/profile/a/post/1' });
    expect(marked.status).toBe(200);
    const markedOther = await withKey(markUrl, 'mark-1', {
      url: 'https://bsky.app/profile/a/post/2',
    });
    expect(markedOther.status).toBe(422);
    const markedAgain = await withKey(markUrl, 'mark-1', {
      url: 'https://bsky.app/profile/a/post/1',
    });
    expect([markedAgain.status, markedAgain.headers[REPLAYED]]).toEqual([200, 'true']);
  });
});
