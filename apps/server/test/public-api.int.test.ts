import path from 'node:path';
import {
  API_PATHS,
  PUBLIC_API_MESSAGES,
  SCHEDULE_MESSAGES,
  type ApiConnection,
  type ApiEntity,
  type ApiPost,
  type ApiPublication,
  type ApiSchedule,
  type CreatedApiKey,
  type NetworkId,
  PUBLIC_API_PATHS,
} from '@cadence/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  posts,
  publications,
  scheduledInstances,
  socialConnections,
  uploadedFiles,
} from '../src/db/schema.js';
import { createLocalStorage } from '../src/integrations/storage.js';
import { apiClient, type CallOptions, type Method } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import { makePng } from './helpers/images.js';
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
type List<T> = { data: T[]; next_cursor: string | null };
let sequence = 0;

describe.each(engines)('the public API /api/v1 on %s', (engine) => {
  let t: TestApp;
  let fakes: NetworkFakes;
  let owner: string;
  let other: string;
  let entityA: string;
  let entityB: string;
  let othersEntity: string;
  const keys = {} as Record<'full' | 'read' | 'write' | 'readWrite' | 'limited' | 'others', string>;
  const { call } = apiClient(() => t.app);

  const makeKey = async (token: string, body: object) => {
    const answer = await call<CreatedApiKey>('POST', API_PATHS.apiKeys, token, body);
    if (answer.status !== 201) throw new Error(`key failed: ${answer.body}`);
    return answer.json.data.key;
  };

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: { ...fakes.env, PUBLISH_RETRY_BASE_MS: '10' } });
    owner = await createVerifiedAccount(t, { email: 'api-owner@example.com' });
    other = await createVerifiedAccount(t, { email: 'api-other@example.com' });
    await setTierByCommand(t, 'api-owner@example.com', 'enterprise');
    await setTierByCommand(t, 'api-other@example.com', 'enterprise');
    entityA = await createCompany(t, owner, 'Alpha');
    entityB = await createCompany(t, owner, 'Beta');
    othersEntity = await createCompany(t, other, 'Theirs');
    await connectNetworks(t, fakes, owner, entityA, ['twitter', 'bluesky']);
    await connectNetworks(t, fakes, owner, entityB, ['bluesky']);
    await connectNetworks(t, fakes, other, othersEntity, ['bluesky']);
    keys.full = await makeKey(owner, { name: 'Full', scopes: ['read', 'write', 'publish'] });
    keys.read = await makeKey(owner, { name: 'Read', scopes: ['read'] });
    keys.write = await makeKey(owner, { name: 'Write', scopes: ['write'] });
    keys.readWrite = await makeKey(owner, { name: 'No publish', scopes: ['read', 'write'] });
    keys.limited = await makeKey(owner, {
      name: 'Alpha only',
      scopes: ['read', 'write', 'publish'],
      entity_ids: [entityA],
    });
    keys.others = await makeKey(other, { name: 'Theirs', scopes: ['read', 'write', 'publish'] });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const v1 = <T = unknown>(
    method: Method,
    url: string,
    key: string | null = keys.full,
    body?: object | string,
    options?: CallOptions,
  ) => call<T>(method, url, key, body, options);
  const inMinutes = (minutes: number) =>
    new Date(t.clock().getTime() + minutes * 60_000).toISOString();
  const content = () => `API post ${++sequence} from Cadence`;

  async function createApiPost(body: Record<string, unknown> = {}, key = keys.full) {
    t.clock.advance(1); // newest first: each post a second after the last
    const answer = await v1<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, key, {
      entity_id: entityA,
      content: content(),
      ...body,
    });
    expect(answer.status, answer.body).toBe(201);
    return answer.json.data;
  }

  /** A media file uploaded earlier, as the media routes store one: its upload id. */
  async function uploadMedia(email = 'api-owner@example.com') {
    const bytes = makePng(32, 32);
    const storage = createLocalStorage(path.join(t.config.dataDir, 'uploads'));
    const stored = await storage.save('posts', 'png', bytes);
    const userId = await accountIdOf(t, email);
    await t.container.services.uploads.record(userId, 'media', stored.key, bytes.length);
    const [row] = await t.infra.database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.storageKey, stored.key));
    return row!.id;
  }

  /** Runs the occurrence's publishing as a worker would, once it is due. */
  async function publishDue(postId: string) {
    t.clock.advance(3600);
    const instances = await t.infra.database.db
      .select()
      .from(scheduledInstances)
      .where(eq(scheduledInstances.postId, postId));
    for (const instance of instances) await t.publisher.publishInstance(instance.id);
  }

  describe('authentication and scopes', () => {
    const everyRoute = (): Array<[Method, string, object?]> => {
      const id = '00000000-0000-4000-8000-000000000000';
      return [
        ['GET', PUBLIC_API_PATHS.v1Entities],
        ['GET', at(PUBLIC_API_PATHS.v1Entity, id)],
        ['GET', at(PUBLIC_API_PATHS.v1EntityConnections, id)],
        ['GET', PUBLIC_API_PATHS.v1Posts],
        ['GET', at(PUBLIC_API_PATHS.v1Post, id)],
        ['POST', PUBLIC_API_PATHS.v1Posts, { entity_id: entityA, content: 'x' }],
        ['PATCH', at(PUBLIC_API_PATHS.v1Post, id), { content: 'x' }],
        ['DELETE', at(PUBLIC_API_PATHS.v1Post, id)],
        [
          'POST',
          at(PUBLIC_API_PATHS.v1PostSchedule, id),
          { networks: ['bluesky'], scheduled_for: 'x' },
        ],
        ['POST', at(PUBLIC_API_PATHS.v1PublicationPublishNow, id)],
        ['POST', at(PUBLIC_API_PATHS.v1PublicationRetry, id)],
        ['POST', at(PUBLIC_API_PATHS.v1PublicationConfirmAbsent, id)],
        ['POST', at(PUBLIC_API_PATHS.v1PublicationMarkPublished, id), { url: 'https://x.com/a/1' }],
      ];
    };

    it('answers 401 UNAUTHENTICATED on every route without a valid key, before judging the input', async () => {
      for (const [method, url, body] of everyRoute()) {
        for (const key of [null, 'cad_wrongwro_' + 'A'.repeat(43), owner]) {
          const answer = await v1(method, `${url}${method === 'GET' ? '?limit=0' : ''}`, key, body);
          expect(answer.status, `${method} ${url}`).toBe(401);
          expect(answer.json).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
        }
      }
    });

    it('answers 403 INSUFFICIENT_SCOPE for a scope the key lacks, before judging the input', async () => {
      const needs = (method: Method, url: string) =>
        method === 'GET'
          ? 'read'
          : /publish-now|retry|confirm-absent/.test(url)
            ? 'publish'
            : 'write';
      const keyWithout = { read: keys.write, write: keys.read, publish: keys.readWrite };
      for (const [method, url, body] of everyRoute()) {
        const scope = needs(method, url);
        const answer = await v1(method, url, keyWithout[scope], body);
        expect(answer.status, `${method} ${url}`).toBe(403);
        expect(answer.json.code).toBe('INSUFFICIENT_SCOPE');
        expect(answer.json.message).toBe(`This API key lacks the "${scope}" scope.`);
      }
    });

    it('serves the OpenAPI of the /api/v1 routes alone, also shown in /api/docs', async () => {
      const answer = await v1<never>('GET', PUBLIC_API_PATHS.v1OpenApi, null);
      expect(answer.status).toBe(200);
      const doc = JSON.parse(answer.body) as {
        paths: Record<string, Record<string, { tags: string[]; security?: unknown[] }>>;
      };
      const paths = Object.keys(doc.paths);
      expect(paths.every((entry) => entry.startsWith('/api/v1/'))).toBe(true);
      for (const expected of [
        '/api/v1/me',
        '/api/v1/entities',
        '/api/v1/entities/{id}/connections',
        '/api/v1/posts',
        '/api/v1/posts/{id}',
        '/api/v1/posts/{id}/schedule',
        '/api/v1/publications/{id}/publish-now',
        '/api/v1/publications/{id}/mark-published',
      ])
        expect(paths).toContain(expected);
      expect(doc.paths['/api/v1/posts']?.post).toMatchObject({
        tags: ['Public API'],
        security: [{ apiKey: [] }],
      });
      const whole = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(Object.keys(whole.json<{ paths: object }>().paths)).toContain('/api/v1/posts/{id}');
    });
  });

  describe('entities and connections', () => {
    it('lists entities a page at a time with a stable cursor', async () => {
      for (const name of ['Gamma', 'Delta', 'Epsilon']) await createCompany(t, owner, name);
      const first = await v1<ApiEntity[]>('GET', `${PUBLIC_API_PATHS.v1Entities}?limit=2`);
      expect(first.status).toBe(200);
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      const seen = first.json.data.map((entity) => entity.name);
      let cursor = (first.json as unknown as List<ApiEntity>).next_cursor;
      // A company made between pages is newer: it never shifts the pages already read.
      await createCompany(t, owner, 'Zeta');
      while (cursor) {
        const page = await v1<ApiEntity[]>(
          'GET',
          `${PUBLIC_API_PATHS.v1Entities}?limit=2&cursor=${encodeURIComponent(cursor)}`,
        );
        expect(page.status).toBe(200);
        seen.push(...page.json.data.map((entity) => entity.name));
        cursor = (page.json as unknown as List<ApiEntity>).next_cursor;
      }
      expect(seen).toEqual(['Epsilon', 'Delta', 'Gamma', 'Beta', 'Alpha']);

      const all = await v1<ApiEntity[]>('GET', PUBLIC_API_PATHS.v1Entities);
      expect(all.json.data.map((entity) => entity.name)).toEqual([
        'Zeta',
        'Epsilon',
        'Delta',
        'Gamma',
        'Beta',
        'Alpha',
      ]);
      expect((all.json as unknown as List<ApiEntity>).next_cursor).toBeNull();
      expect(all.json.data[0]).toEqual({
        id: expect.any(String) as unknown,
        name: 'Zeta',
        website: expect.any(String) as unknown,
        industry: null,
        custom_industry: null,
        description: null,
        logo_url: null,
        created_at: expect.any(String) as unknown,
        updated_at: expect.any(String) as unknown,
      });
    });

    it('refuses a bad limit or cursor with 400 and a clear message', async () => {
      for (const limit of ['0', '101', 'ten', '2.5']) {
        const answer = await v1('GET', `${PUBLIC_API_PATHS.v1Entities}?limit=${limit}`);
        expect(answer.status).toBe(400);
        expect(answer.json.message).toBe(PUBLIC_API_MESSAGES.limitInvalid);
      }
      for (const cursor of ['nope', Buffer.from('["x","y"]').toString('base64url')]) {
        const answer = await v1('GET', `${PUBLIC_API_PATHS.v1Posts}?cursor=${cursor}`);
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({
          code: 'INVALID_CURSOR',
          message: PUBLIC_API_MESSAGES.cursorInvalid,
        });
      }
      expect((await v1('GET', `${PUBLIC_API_PATHS.v1Entities}?limit=100`)).status).toBe(200);
    });

    it("answers one entity and its connections' status", async () => {
      const entity = await v1<ApiEntity>('GET', at(PUBLIC_API_PATHS.v1Entity, entityA));
      expect(entity.status).toBe(200);
      expect(entity.json.data).toMatchObject({ id: entityA, name: 'Alpha' });
      const again = await v1('GET', at(PUBLIC_API_PATHS.v1Entity, entityA), keys.full, undefined, {
        headers: { 'if-none-match': entity.headers.etag as string },
      });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');

      const { db } = t.infra.database;
      const connected = await v1<ApiConnection[]>(
        'GET',
        at(PUBLIC_API_PATHS.v1EntityConnections, entityA),
      );
      expect(connected.status).toBe(200);
      expect(connected.json.data.map((row) => [row.network, row.status, row.expires_at])).toEqual([
        ['twitter', 'connected', null],
        ['bluesky', 'connected', null],
      ]);
      expect((connected.json as unknown as List<ApiConnection>).next_cursor).toBeNull();

      const soon = new Date(t.clock().getTime() + 3 * 86_400_000);
      const later = new Date(t.clock().getTime() + 30 * 86_400_000);
      const setConnection = (
        network: NetworkId,
        values: Partial<typeof socialConnections.$inferInsert>,
      ) =>
        db
          .update(socialConnections)
          .set(values)
          .where(
            and(eq(socialConnections.companyId, entityA), eq(socialConnections.network, network)),
          );
      try {
        await setConnection('twitter', { tokenExpiresAt: soon, tokenRenewable: false });
        await setConnection('bluesky', { needsReconnect: true });
        const changed = await v1<ApiConnection[]>(
          'GET',
          at(PUBLIC_API_PATHS.v1EntityConnections, entityA),
        );
        expect(changed.json.data).toEqual([
          expect.objectContaining({
            network: 'twitter',
            status: 'expiring',
            expires_at: soon.toISOString(),
          }),
          expect.objectContaining({ network: 'bluesky', status: 'needs_reconnect' }),
        ]);
        await setConnection('twitter', { tokenExpiresAt: later });
        const far = await v1<ApiConnection[]>(
          'GET',
          at(PUBLIC_API_PATHS.v1EntityConnections, entityA),
        );
        expect(far.json.data[0]).toMatchObject({
          status: 'connected',
          expires_at: later.toISOString(),
        });
      } finally {
        await setConnection('twitter', { tokenExpiresAt: null, tokenRenewable: true });
        await setConnection('bluesky', { needsReconnect: false });
      }
    });

    it("hides other entities from a key limited to some, and other customers' from everyone", async () => {
      const listed = await v1<ApiEntity[]>('GET', PUBLIC_API_PATHS.v1Entities, keys.limited);
      expect(listed.json.data.map((entity) => entity.id)).toEqual([entityA]);
      for (const [key, id] of [
        [keys.limited, entityB],
        [keys.full, othersEntity],
        [keys.others, entityA],
      ] as const) {
        for (const url of [
          at(PUBLIC_API_PATHS.v1Entity, id),
          at(PUBLIC_API_PATHS.v1EntityConnections, id),
        ]) {
          const answer = await v1('GET', url, key);
          expect(answer.status).toBe(404);
          expect(answer.json.code).toBe('COMPANY_NOT_FOUND');
        }
      }
      expect((await v1('GET', at(PUBLIC_API_PATHS.v1Entity, 'not-an-id'))).status).toBe(404);
    });
  });

  describe('posts', () => {
    it('creates a draft, answers it with an ETag and reads it back the same', async () => {
      const text = content();
      const created = await v1<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, keys.full, {
        entity_id: entityA,
        content: `  ${text}  `,
        url: 'example.com/article',
        networks: ['bluesky', 'bluesky', 'twitter'],
      });
      expect(created.status).toBe(201);
      expect(created.json.data).toMatchObject({
        entity_id: entityA,
        content: text,
        url: 'example.com/article',
        media: [],
        networks: ['bluesky', 'twitter'],
        scheduled_for: null,
        status: 'not_scheduled',
        next_scheduled_at: null,
        publications: [],
      });
      const read = await v1<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, created.json.data.id));
      expect(read.status).toBe(200);
      expect(read.json.data).toEqual(created.json.data);
      expect(read.headers.etag).toBe(created.headers.etag);
      // The web app sees the same post.
      const web = await call('GET', at(API_PATHS.post, created.json.data.id), owner);
      expect(web.json.data).toMatchObject({ content: text, company_id: entityA });
    });

    it('refuses bad bodies with 400 and clear messages', async () => {
      const cases: Array<[object, string]> = [
        [{ entity_id: entityA }, 'Please fill in all required fields: content'],
        [{ entity_id: entityA, content: '   ' }, 'Please fill in all required fields: content'],
        [{ content: 'Hello' }, 'Please fill in all required fields: entity_id'],
        [{ entity_id: entityA, content: 'Hi', networks: ['myspace'] }, 'Unknown social network'],
        [
          { entity_id: entityA, content: 'Hi', networks: 'twitter' },
          PUBLIC_API_MESSAGES.networksInvalid,
        ],
        [
          { entity_id: entityA, content: 'Hi', url: 'not a url' },
          'url must be a web address without spaces',
        ],
        [
          { entity_id: entityA, content: 'Hi', media_ids: ['x'] },
          PUBLIC_API_MESSAGES.mediaNotFound,
        ],
        [
          {
            entity_id: entityA,
            content: 'Hi',
            media_ids: [crypto.randomUUID(), crypto.randomUUID()],
          },
          PUBLIC_API_MESSAGES.mediaTooMany,
        ],
        [
          { entity_id: entityA, content: 'Hi', scheduled_for: inMinutes(60) },
          SCHEDULE_MESSAGES.selectPlatform,
        ],
      ];
      for (const [body, message] of cases) {
        const answer = await v1('POST', PUBLIC_API_PATHS.v1Posts, keys.full, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.json.message).toBe(message);
      }
      const notJson = await v1('POST', PUBLIC_API_PATHS.v1Posts, keys.full, '{"content":');
      expect(notJson.status).toBe(400);
      expect(notJson.json.code).toBe('INVALID_JSON');
    });

    it('schedules a new post as the Schedule dialog would, with the same messages', async () => {
      const when = inMinutes(60);
      const scheduled = await createApiPost({
        networks: ['twitter', 'bluesky'],
        scheduled_for: when,
      });
      expect(scheduled.status).toBe('scheduled');
      expect(scheduled.next_scheduled_at).toBe(when);
      expect(scheduled.publications.map((row) => [row.network, row.status])).toEqual([
        ['bluesky', 'pending'],
        ['twitter', 'pending'],
      ]);
      expect(scheduled.publications[0]).toEqual({
        id: expect.any(String) as unknown,
        network: 'bluesky',
        status: 'pending',
        scheduled_for: when,
        published_at: null,
        url: null,
        error: null,
        attempts: 0,
      });

      // The web route's answers for the same choices, on a post of the web app's.
      const webPost = await call<{ id: string }>('POST', API_PATHS.posts, owner, {
        company_id: entityA,
        content: content(),
      });
      const { db } = t.infra.database;
      const countPosts = async () => (await db.select().from(posts)).length;
      const choices: Array<{ networks: NetworkId[]; scheduled_for: string }> = [
        { networks: ['bluesky'], scheduled_for: inMinutes(-5) },
        { networks: ['linkedIn'], scheduled_for: inMinutes(60) },
        { networks: ['instagram'], scheduled_for: inMinutes(60) },
        { networks: ['bluesky'], scheduled_for: 'tomorrow at nine' },
        { networks: [], scheduled_for: inMinutes(60) },
      ];
      for (const choice of choices) {
        const web = await call('POST', API_PATHS.schedules, owner, {
          post_id: webPost.json.data.id,
          social_account_type: choice.networks,
          schedule_date: choice.scheduled_for,
        });
        expect(web.status).toBeGreaterThanOrEqual(400);
        const before = await countPosts();
        const api = await v1('POST', PUBLIC_API_PATHS.v1Posts, keys.full, {
          entity_id: entityA,
          content: content(),
          ...choice,
        });
        expect([api.status, api.json.code, api.json.message]).toEqual([
          web.status,
          web.json.code,
          web.json.message,
        ]);
        // Refused: no post is left behind.
        expect(await countPosts()).toBe(before);
        const viaRoute = await v1(
          'POST',
          at(PUBLIC_API_PATHS.v1PostSchedule, scheduled.id),
          keys.full,
          choice,
        );
        expect([viaRoute.status, viaRoute.json.code, viaRoute.json.message]).toEqual([
          web.status,
          web.json.code,
          web.json.message,
        ]);
      }
    });

    it('schedules an existing post with POST /posts/:id/schedule', async () => {
      const post = await createApiPost();
      const when = inMinutes(30);
      const answer = await v1<ApiSchedule>(
        'POST',
        at(PUBLIC_API_PATHS.v1PostSchedule, post.id),
        keys.full,
        {
          networks: ['bluesky'],
          scheduled_for: when,
        },
      );
      expect(answer.status).toBe(201);
      expect(answer.json.data).toMatchObject({
        post_id: post.id,
        scheduled_for: when,
        networks: ['bluesky'],
        publications: [{ network: 'bluesky', status: 'pending', scheduled_for: when }],
      });
      const read = await v1<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, post.id));
      expect(read.json.data.publications.map((row) => row.id)).toEqual(
        answer.json.data.publications.map((row) => row.id),
      );
      expect(read.json.data.status).toBe('scheduled');
    });

    it('takes an uploaded media file by id, once, and removes or replaces it on PATCH', async () => {
      const mediaId = await uploadMedia();
      const post = await createApiPost({ media_ids: [mediaId] });
      expect(post.media).toEqual([
        {
          id: mediaId,
          url: expect.stringMatching(/^\/uploads\/posts\/.+\.png$/) as unknown,
          type: 'image/png',
          name: 'media.png',
        },
      ]);
      // Instagram now accepts it: the post has media.
      const again = await v1('POST', PUBLIC_API_PATHS.v1Posts, keys.full, {
        entity_id: entityA,
        content: content(),
        media_ids: [mediaId],
      });
      expect(again.status).toBe(409);
      expect(again.json.code).toBe('MEDIA_IN_USE');
      const theirs = await uploadMedia('api-other@example.com');
      const foreign = await v1('POST', PUBLIC_API_PATHS.v1Posts, keys.full, {
        entity_id: entityA,
        content: content(),
        media_ids: [theirs],
      });
      expect(foreign.status).toBe(404);
      expect(foreign.json.code).toBe('MEDIA_NOT_FOUND');

      // The same id again changes nothing; another replaces it; [] removes it.
      const same = await v1<ApiPost>('PATCH', at(PUBLIC_API_PATHS.v1Post, post.id), keys.full, {
        media_ids: [mediaId],
      });
      expect(same.json.data.media).toEqual(post.media);
      const file = await t.app.inject({ method: 'GET', url: post.media[0]!.url });
      expect(file.statusCode).toBe(200);
      const next = await uploadMedia();
      const replaced = await v1<ApiPost>('PATCH', at(PUBLIC_API_PATHS.v1Post, post.id), keys.full, {
        media_ids: [next],
      });
      expect(replaced.status).toBe(200);
      expect(replaced.json.data.media.map((media) => media.id)).toEqual([next]);
      const removed = await v1<ApiPost>('PATCH', at(PUBLIC_API_PATHS.v1Post, post.id), keys.full, {
        media_ids: [],
      });
      expect(removed.json.data.media).toEqual([]);
    });

    it('changes a post only with a current ETag: a stale one is 412 and changes nothing', async () => {
      const post = await createApiPost({ url: 'example.com/one' });
      const read = await v1<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, post.id));
      const etag = read.headers.etag as string;
      const changed = await v1<ApiPost>(
        'PATCH',
        at(PUBLIC_API_PATHS.v1Post, post.id),
        keys.full,
        { content: 'Changed once' },
        {
          headers: { 'if-match': etag },
        },
      );
      expect(changed.status).toBe(200);
      expect(changed.json.data).toMatchObject({ content: 'Changed once', url: 'example.com/one' });
      expect(changed.headers.etag).not.toBe(etag);

      const stale = await v1(
        'PATCH',
        at(PUBLIC_API_PATHS.v1Post, post.id),
        keys.full,
        { content: 'Lost update', url: null },
        {
          headers: { 'if-match': etag },
        },
      );
      expect(stale.status).toBe(412);
      expect(stale.json).toMatchObject({
        statusCode: 412,
        code: 'PRECONDITION_FAILED',
        message: PUBLIC_API_MESSAGES.stale,
      });
      const after = await v1<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, post.id));
      expect(after.json.data).toEqual(changed.json.data);
      expect(after.headers.etag).toBe(changed.headers.etag);

      const withCurrent = await v1<ApiPost>(
        'PATCH',
        at(PUBLIC_API_PATHS.v1Post, post.id),
        keys.full,
        { url: null },
        {
          headers: { 'if-match': `"other", ${changed.headers.etag as string}` },
        },
      );
      expect(withCurrent.status).toBe(200);
      expect(withCurrent.json.data.url).toBeNull();
      const blank = await v1('PATCH', at(PUBLIC_API_PATHS.v1Post, post.id), keys.full, {
        content: ' ',
      });
      expect(blank.status).toBe(400);
      expect(blank.json.message).toBe('Please fill in all required fields: content');
    });

    it('refuses to change a post that went out (409) and deletes what has not (204)', async () => {
      const post = await createApiPost({ networks: ['bluesky'], scheduled_for: inMinutes(10) });
      await publishDue(post.id);
      const sent = await v1<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, post.id));
      expect(sent.json.data.status).toBe('published');
      expect(sent.json.data.publications[0]).toMatchObject({
        status: 'published',
        url: expect.stringContaining('http') as unknown,
        attempts: 1,
      });
      const refused = await v1('PATCH', at(PUBLIC_API_PATHS.v1Post, post.id), keys.full, {
        content: 'Too late',
      });
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        code: 'POST_ALREADY_SENT',
        message: PUBLIC_API_MESSAGES.alreadySent('Bluesky'),
      });
      expect(
        (await v1<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, post.id))).json.data.content,
      ).toBe(post.content);

      const waiting = await createApiPost({ networks: ['bluesky'], scheduled_for: inMinutes(90) });
      const deleted = await v1('DELETE', at(PUBLIC_API_PATHS.v1Post, waiting.id));
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBe('');
      expect((await v1('GET', at(PUBLIC_API_PATHS.v1Post, waiting.id))).status).toBe(404);
      const instances = await t.infra.database.db
        .select()
        .from(scheduledInstances)
        .where(eq(scheduledInstances.postId, waiting.id));
      expect(instances).toEqual([]);
      expect((await v1('DELETE', at(PUBLIC_API_PATHS.v1Post, waiting.id))).status).toBe(404);
    });

    it('lists posts a page at a time, filtered by entity, status and time', async () => {
      const early = await createApiPost({
        networks: ['bluesky'],
        scheduled_for: inMinutes(24 * 60),
      });
      const inB = await createApiPost({ entity_id: entityB });
      const draft = await createApiPost();
      const everything: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = await v1<ApiPost[]>('GET', `${PUBLIC_API_PATHS.v1Posts}?limit=2${query}`);
        expect(page.status).toBe(200);
        expect(page.json.data.length).toBeLessThanOrEqual(2);
        everything.push(...page.json.data.map((row) => row.id));
        cursor = (page.json as unknown as List<ApiPost>).next_cursor;
      } while (cursor);
      const all = await v1<ApiPost[]>('GET', `${PUBLIC_API_PATHS.v1Posts}?limit=100`);
      expect(everything).toEqual(all.json.data.map((row) => row.id));
      expect(new Set(everything).size).toBe(everything.length);
      expect(everything.slice(0, 3)).toEqual([draft.id, inB.id, early.id]);

      const ofB = await v1<ApiPost[]>('GET', `${PUBLIC_API_PATHS.v1Posts}?entity_id=${entityB}`);
      expect(ofB.json.data.map((row) => row.id)).toEqual([inB.id]);
      const drafts = await v1<ApiPost[]>(
        'GET',
        `${PUBLIC_API_PATHS.v1Posts}?status=not_scheduled&limit=100`,
      );
      expect(drafts.json.data.every((row) => row.status === 'not_scheduled')).toBe(true);
      expect(drafts.json.data.map((row) => row.id)).toContain(draft.id);
      const window = await v1<ApiPost[]>(
        'GET',
        `${PUBLIC_API_PATHS.v1Posts}?from=${encodeURIComponent(inMinutes(23 * 60))}&to=${encodeURIComponent(inMinutes(25 * 60))}`,
      );
      expect(window.json.data.map((row) => row.id)).toEqual([early.id]);
      const backwards = await v1(
        'GET',
        `${PUBLIC_API_PATHS.v1Posts}?from=${encodeURIComponent(inMinutes(60))}&to=${encodeURIComponent(inMinutes(30))}`,
      );
      expect(backwards.status).toBe(400);
      expect(backwards.json.message).toBe(PUBLIC_API_MESSAGES.rangeBackwards);
      const badStatus = await v1('GET', `${PUBLIC_API_PATHS.v1Posts}?status=lost`);
      expect(badStatus.status).toBe(400);
      expect(badStatus.json.message).toBe(PUBLIC_API_MESSAGES.statusInvalid);
    });

    it("keeps a limited key to its entities' posts, and every key to its own customer's", async () => {
      const inA = await createApiPost({ networks: ['bluesky'], scheduled_for: inMinutes(45) });
      const inB = await createApiPost({
        entity_id: entityB,
        networks: ['bluesky'],
        scheduled_for: inMinutes(45),
      });
      const listed = await v1<ApiPost[]>(
        'GET',
        `${PUBLIC_API_PATHS.v1Posts}?limit=100`,
        keys.limited,
      );
      const ids = listed.json.data.map((row) => row.id);
      expect(ids).toContain(inA.id);
      expect(ids).not.toContain(inB.id);
      expect(listed.json.data.every((row) => row.entity_id === entityA)).toBe(true);
      expect(
        (await v1('GET', `${PUBLIC_API_PATHS.v1Posts}?entity_id=${entityB}`, keys.limited)).status,
      ).toBe(404);
      const created = await v1('POST', PUBLIC_API_PATHS.v1Posts, keys.limited, {
        entity_id: entityB,
        content: 'No',
      });
      expect(created.status).toBe(404);
      expect(created.json.code).toBe('COMPANY_NOT_FOUND');
      expect(
        (
          await v1('POST', PUBLIC_API_PATHS.v1Posts, keys.others, {
            entity_id: entityA,
            content: 'No',
          })
        ).status,
      ).toBe(404);

      const publicationB = inB.publications[0]!.id;
      for (const [key, post, publication] of [
        [keys.limited, inB.id, publicationB],
        [keys.others, inA.id, inA.publications[0]!.id],
      ] as const) {
        for (const [method, url, body] of [
          ['GET', at(PUBLIC_API_PATHS.v1Post, post)],
          ['PATCH', at(PUBLIC_API_PATHS.v1Post, post), { content: 'Mine now' }],
          ['DELETE', at(PUBLIC_API_PATHS.v1Post, post)],
          [
            'POST',
            at(PUBLIC_API_PATHS.v1PostSchedule, post),
            { networks: ['bluesky'], scheduled_for: inMinutes(50) },
          ],
        ] as Array<[Method, string, object?]>) {
          const answer = await v1(method, url, key, body);
          expect(answer.status, `${method} ${url}`).toBe(404);
          expect(answer.json.code).toBe('POST_NOT_FOUND');
        }
        for (const action of [
          PUBLIC_API_PATHS.v1PublicationPublishNow,
          PUBLIC_API_PATHS.v1PublicationRetry,
        ]) {
          const answer = await v1('POST', at(action, publication), key);
          expect(answer.status).toBe(404);
          expect(answer.json.code).toBe('PUBLICATION_NOT_FOUND');
        }
      }
      // Nothing of theirs changed.
      const still = await v1<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, inB.id));
      expect(still.json.data).toEqual(inB);
      const othersList = await v1<ApiPost[]>('GET', PUBLIC_API_PATHS.v1Posts, keys.others);
      expect(othersList.json.data).toEqual([]);
    });
  });

  describe('publication actions', () => {
    const act = (action: string, id: string, key = keys.full, body?: object) =>
      v1<ApiPublication>('POST', `/v1/publications/${id}/${action}`, key, body);
    const webAct = (action: string, id: string, body?: object) =>
      call('POST', `/publications/${id}/${action}`, owner, body);

    it('publishes a pending one now (202), once, with the Scheduling page answers', async () => {
      const post = await createApiPost({ networks: ['bluesky'], scheduled_for: inMinutes(120) });
      const id = post.publications[0]!.id;
      const now = await act('publish-now', id);
      expect(now.status).toBe(202);
      expect(now.json.message).toBe('Publishing now.');
      expect(now.json.data).toMatchObject({ id, status: 'pending', network: 'bluesky' });
      const twice = await act('publish-now', id);
      const web = await webAct('publish-now', id);
      expect(twice.status).toBe(409);
      expect([twice.json.code, twice.json.message]).toEqual([web.json.code, web.json.message]);
      // Confirm-absent is for an unconfirmed one only: the same refusal as on the page.
      const absent = await act('confirm-absent', id);
      const webAbsent = await webAct('confirm-absent', id);
      expect([absent.status, absent.json.message]).toEqual([409, webAbsent.json.message]);
      const mark = await act('mark-published', id, keys.readWrite, {
        url: 'https://bsky.app/profile/x/post/1',
      });
      expect(mark.status).toBe(409);
    });

    it('retries a failed one (202) and marks an unconfirmed one published with write alone', async () => {
      const post = await createApiPost({ networks: ['bluesky'], scheduled_for: inMinutes(5) });
      const id = post.publications[0]!.id;
      fakes.bluesky.failNext('invalid', 1, 'com.atproto.repo.createRecord');
      await publishDue(post.id);
      const failed = await v1<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, post.id));
      expect(failed.json.data.publications[0]).toMatchObject({
        status: 'failed',
        error: {
          code: expect.any(String) as unknown,
          message: expect.stringContaining('Bluesky') as unknown,
        },
      });
      const retried = await act('retry', id);
      expect(retried.status).toBe(202);
      expect(retried.json.data).toMatchObject({ status: 'pending', error: null, attempts: 0 });

      const unsure = await createApiPost({ networks: ['bluesky'], scheduled_for: inMinutes(5) });
      const unsureId = unsure.publications[0]!.id;
      await t.container.services.publicationActions.publishNow(
        await accountIdOf(t, 'api-owner@example.com'),
        unsureId,
      );
      await t.infra.database.db
        .update(publications)
        .set({
          status: 'unconfirmed',
          lastError: 'The network did not answer',
          errorCode: 'unconfirmed',
        })
        .where(eq(publications.id, unsureId));
      const badLink = await act('mark-published', unsureId, keys.readWrite, {
        url: 'https://x.com/a/1',
      });
      expect(badLink.status).toBe(400);
      expect(badLink.json.code).toBe('LINK_NOT_ON_NETWORK');
      const marked = await act('mark-published', unsureId, keys.readWrite, {
        url: 'https://bsky.app/profile/someone/post/1',
      });
      expect(marked.status).toBe(200);
      expect(marked.json.message).toBe('Marked published.');
      expect(marked.json.data).toMatchObject({
        status: 'published',
        url: 'https://bsky.app/profile/someone/post/1',
        error: null,
      });
      const late = await act('retry', unsureId);
      expect(late.status).toBe(409);
      expect(late.json.message).toBe('This post is already published.');
      expect((await act('retry', crypto.randomUUID())).status).toBe(404);
      expect((await act('retry', 'nope')).status).toBe(404);
    });
  });
});
