import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  API_PATHS,
  IDEMPOTENCY_KEY_MAX,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  API_TRAFFIC_MESSAGES,
  type ApiCallList,
  type ApiMedia,
  type CreatedApiKey,
  PUBLIC_API_PATHS,
} from '@cadence/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppInstance } from '../src/app-instance.js';
import { createContainer } from '../src/container.js';
import { apiIdempotencyKeys, uploadedFiles } from '../src/db/schema.js';
import { apiCall, apiClient, apiForm } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import { GIF, PNG, multipartForm } from './helpers/media.js';
import {
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

const READS = 5;
const WRITES = 4;

/** A website on 127.0.0.1 (allowed through FETCH_ALLOW_HOSTS) serving the files the tests fetch. */
async function startFileHost() {
  let arrived: () => void = () => undefined;
  let release: () => void = () => undefined;
  const slow = {
    arrived: new Promise<void>((resolve) => (arrived = resolve)),
    release: () => release(),
  };
  const held = new Promise<void>((resolve) => (release = resolve));
  const send = (response: ServerResponse, type: string, body: Buffer) => {
    response.writeHead(200, { 'content-type': type, 'content-length': body.length });
    response.end(body);
  };
  const server: Server = createServer((request, response) => {
    switch (request.url) {
      case '/photo.png':
        return send(response, 'image/png', PNG);
      case '/other.gif':
        return send(response, 'image/gif', GIF);
      case '/not-an-image.png':
        // The header claims an image; the bytes are text.
        return send(response, 'image/png', Buffer.from('just some text, not an image at all'));
      case '/declared-huge.mp4':
        response.writeHead(200, {
          'content-type': 'video/mp4',
          'content-length': MEDIA_MAX_BYTES + 1,
        });
        return response.end();
      case '/endless.png': {
        // No declared length: the bytes are counted on the way to storage.
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(PNG);
        const chunk = Buffer.alloc(1024 * 1024, 7);
        let sent = PNG.length;
        const more = () => {
          while (sent <= MEDIA_MAX_BYTES + chunk.length) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', more);
          }
          response.end();
        };
        response.on('error', () => undefined);
        return more();
      }
      case '/slow.png':
        arrived();
        return void held.then(() => send(response, 'image/png', PNG));
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (file: string) => `http://127.0.0.1:${port}${file}`,
    port,
    slow,
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(engines)('the public API: limits, call log, idempotency, media on %s', (engine) => {
  let t: TestApp;
  let files: Awaited<ReturnType<typeof startFileHost>>;
  let owner: string;
  let ownerId: string;
  let other: string;
  const { call } = apiClient(() => t.app);

  beforeAll(async () => {
    files = await startFileHost();
    t = await createTestApp(engine, {
      env: {
        API_READS_PER_MINUTE: String(READS),
        API_WRITES_PER_MINUTE: String(WRITES),
        FETCH_ALLOW_HOSTS: '127.0.0.1',
      },
    });
    owner = await createVerifiedAccount(t, { email: 'limits@example.com', name: 'Limit Owner' });
    other = await createVerifiedAccount(t, { email: 'limits-other@example.com' });
    await setTierByCommand(t, 'limits@example.com', 'enterprise');
    await setTierByCommand(t, 'limits-other@example.com', 'enterprise');
    ownerId = (await call<{ id: string }>('GET', '/customer/me', owner)).json.data.id;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await files?.close();
  });

  const newKey = async (name: string, scopes = ['read', 'write'], token = owner) => {
    const created = await call<CreatedApiKey>('POST', API_PATHS.apiKeys, token, { name, scopes });
    expect(created.status).toBe(201);
    return created.json.data;
  };
  const me = (key: string, app: AppInstance = t.app) =>
    apiCall(app, 'GET', PUBLIC_API_PATHS.v1Me, key);
  const fromUrl = (key: string, url: string, idempotencyKey?: string) =>
    call<ApiMedia>(
      'POST',
      PUBLIC_API_PATHS.v1MediaFromUrl,
      key,
      { url },
      {
        headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
      },
    );
  const mediaCount = async () =>
    (
      await t.infra.database.db
        .select()
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.userId, ownerId), eq(uploadedFiles.kind, 'media')))
    ).length;
  /** Starts a new rate window for every key. */
  const nextMinute = () => t.clock.advance(61);

  it('answers RateLimit-* on every answer and 429 with Retry-After past the reads of a minute', async () => {
    const { key } = await newKey('Reader', ['read']);
    for (let n = 1; n <= READS; n++) {
      const answer = await me(key);
      expect(answer.status).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBe(String(READS));
      expect(answer.headers['ratelimit-remaining']).toBe(String(READS - n));
      expect(answer.headers['ratelimit-reset']).toBe('60');
    }
    t.clock.advance(20);
    const refused = await me(key);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: API_TRAFFIC_MESSAGES.rateLimited('read', READS, 40),
    });
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-reset']).toBe('40');

    // Writes count in their own window: a refused write (no scope) still carries its headers.
    const write = await fromUrl(key, files.url('/photo.png'));
    expect(write.status).toBe(403);
    expect(write.json.code).toBe('INSUFFICIENT_SCOPE');
    expect(write.headers['ratelimit-limit']).toBe(String(WRITES));
    expect(write.headers['ratelimit-remaining']).toBe(String(WRITES - 1));

    t.clock.advance(41);
    const again = await me(key);
    expect(again.status).toBe(200);
    expect(again.headers['ratelimit-remaining']).toBe(String(READS - 1));
    // A request without a valid key is refused before any count (there is no key to count).
    const anonymous = await apiCall(t.app, 'GET', PUBLIC_API_PATHS.v1Me, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['ratelimit-limit']).toBeUndefined();
  });

  it('counts a key across processes sharing the database', async () => {
    nextMinute();
    const { key } = await newKey('Two processes', ['read']);
    const second = createContainer(
      { config: t.config, logger: t.container.infra.logger, ...t.infra },
      { clock: t.clock },
    );
    const otherProcess = await buildApp(second);
    try {
      const statuses = [];
      for (let n = 0; n < READS + 1; n++) {
        statuses.push((await me(key, n % 2 === 0 ? t.app : otherProcess)).status);
      }
      expect(statuses).toEqual([...Array<number>(READS).fill(200), 429]);
      expect((await me(key, t.app)).status).toBe(429);
    } finally {
      await otherProcess.close();
    }
  });

  it('refuses writes past their own limit, while reads go on', async () => {
    nextMinute();
    const { key } = await newKey('Writer');
    for (let n = 0; n < WRITES; n++) {
      const answer = await fromUrl(key, files.url('/photo.png'));
      expect(answer.status).toBe(201);
    }
    const refused = await fromUrl(key, files.url('/photo.png'));
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/more than 4 write requests this minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(key)).status).toBe(200);
  });

  it('logs every call with its key, route pattern, status and time, for Developer Info', async () => {
    nextMinute();
    const { key, prefix } = await newKey('Logged', ['read']);
    const readAt = t.clock().toISOString();
    expect((await me(key)).status).toBe(200);
    t.clock.advance(1);
    const writeAt = t.clock().toISOString();
    expect((await fromUrl(key, files.url('/photo.png'))).status).toBe(403);
    const logged = () =>
      call<ApiCallList>('GET', `${API_PATHS.apiKeyCalls}?limit=100`, owner).then((answer) =>
        answer.json.data.rows.filter((row) => row.key_prefix === prefix),
      );
    await expect.poll(async () => (await logged()).length).toBe(2);
    const rows = await logged();
    expect(
      rows.map(({ method, route, status, key_name }) => ({ method, route, status, key_name })),
    ).toEqual([
      { method: 'POST', route: '/api/v1/media/from-url', status: 403, key_name: 'Logged' },
      { method: 'GET', route: '/api/v1/me', status: 200, key_name: 'Logged' },
    ]);
    expect(rows.map((row) => row.created_at)).toEqual([writeAt, readAt]);
    for (const row of rows) expect(row.duration_ms).toBeGreaterThanOrEqual(0);
    const list = await call<ApiCallList>('GET', API_PATHS.apiKeyCalls, owner);
    expect(list.json.data).toMatchObject({ page: 1, limit: 25 });
    expect(list.json.data.count).toBeGreaterThanOrEqual(rows.length);
    // Another customer sees none of them; the route needs a session, not an API key.
    expect((await call<ApiCallList>('GET', API_PATHS.apiKeyCalls, other)).json.data.rows).toEqual(
      [],
    );
    expect((await call('GET', API_PATHS.apiKeyCalls, key)).status).toBe(401);
  });

  it('replays the first answer for the same Idempotency-Key and body, and stores nothing more', async () => {
    nextMinute();
    const { key } = await newKey('Idempotent');
    const before = await mediaCount();
    const first = await fromUrl(key, files.url('/photo.png'), 'photo-1');
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await fromUrl(key, files.url('/photo.png'), 'photo-1');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await mediaCount()).toBe(before + 1);

    // Another body with the same key: 422, nothing stored.
    const reused = await fromUrl(key, files.url('/other.gif'), 'photo-1');
    expect(reused.status).toBe(422);
    expect(reused.json).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: API_TRAFFIC_MESSAGES.idempotencyKeyReused,
    });
    expect(await mediaCount()).toBe(before + 1);

    // Keys are per API key: another key's same Idempotency-Key is its own request.
    const { key: otherKey } = await newKey('Idempotent too');
    const theirs = await fromUrl(otherKey, files.url('/photo.png'), 'photo-1');
    expect(theirs.status).toBe(201);
    expect(theirs.json.data.id).not.toBe(first.json.data.id);

    // After 24 hours the key is free again, and the sweep removes what expired.
    t.clock.advance(24 * 3600 + 1);
    const later = await fromUrl(key, files.url('/photo.png'), 'photo-1');
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json.data.id).not.toBe(first.json.data.id);
    t.clock.advance(24 * 3600 + 1);
    const swept = await t.container.jobs.sweepPublicApi();
    expect(swept.keys).toBeGreaterThanOrEqual(2);
    expect(await t.infra.database.db.select().from(apiIdempotencyKeys)).toEqual([]);
  });

  it('answers 409 while the first request with the key runs, then replays its answer', async () => {
    nextMinute();
    const { key } = await newKey('Concurrent');
    const first = fromUrl(key, files.url('/slow.png'), 'slow-1');
    await files.slow.arrived;
    const second = await fromUrl(key, files.url('/slow.png'), 'slow-1');
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({
      code: 'IDEMPOTENCY_KEY_IN_USE',
      message: API_TRAFFIC_MESSAGES.idempotencyKeyInUse,
    });
    files.slow.release();
    const answered = await first;
    expect(answered.status).toBe(201);
    const third = await fromUrl(key, files.url('/slow.png'), 'slow-1');
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json.data).toEqual(answered.json.data);
  });

  it('refuses an Idempotency-Key that is too long or not visible ASCII', async () => {
    nextMinute();
    const { key } = await newKey('Odd keys');
    for (const odd of ['k'.repeat(IDEMPOTENCY_KEY_MAX + 1), 'two words']) {
      const answer = await fromUrl(key, files.url('/photo.png'), odd);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({
        code: 'IDEMPOTENCY_KEY_INVALID',
        message: API_TRAFFIC_MESSAGES.idempotencyKeyInvalid,
      });
    }
    expect(
      (await fromUrl(key, files.url('/photo.png'), 'k'.repeat(IDEMPOTENCY_KEY_MAX))).status,
    ).toBe(201);
  });

  it('gives the key back when the first request fails on our side (5xx)', async () => {
    nextMinute();
    const { key } = await newKey('Failing');
    // The media folder becomes a file: storing fails with a server error.
    const folder = path.join(t.config.dataDir, 'uploads', 'posts');
    await rename(folder, `${folder}.aside`);
    await writeFile(folder, 'not a folder');
    try {
      const failed = await fromUrl(key, files.url('/photo.png'), 'retry-me');
      expect(failed.status).toBe(500);
    } finally {
      await rm(folder);
      await rename(`${folder}.aside`, folder);
    }
    const retried = await fromUrl(key, files.url('/photo.png'), 'retry-me');
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  describe('media', () => {
    it('uploads one file (multipart) with the post form rules, and replays it by Idempotency-Key', async () => {
      nextMinute();
      const { key } = await newKey('Uploader');
      const upload = (bytes: Buffer, type: string, idempotencyKey?: string) => {
        const parts = [{ name: 'media', filename: 'photo.png', type, bytes }];
        if (!idempotencyKey)
          return apiForm<ApiMedia>(t.app, 'POST', PUBLIC_API_PATHS.v1Media, key, parts);
        return apiFormWithHeader(key, parts, idempotencyKey);
      };
      const before = await mediaCount();
      const stored = await upload(PNG, 'image/png', 'upload-1');
      expect(stored.status).toBe(201);
      const media = stored.json.data;
      expect(media).toMatchObject({ type: 'image/png', size: PNG.length });
      expect(media.url).toMatch(/^http:\/\/localhost:3000\/uploads\/posts\/[\w-]+\.png$/);
      const served = await t.app.inject({ method: 'GET', url: new URL(media.url).pathname });
      expect(served.rawPayload.equals(PNG)).toBe(true);
      const [row] = await t.infra.database.db
        .select()
        .from(uploadedFiles)
        .where(eq(uploadedFiles.id, media.id));
      expect(row).toMatchObject({ userId: ownerId, kind: 'media', sizeBytes: PNG.length });

      const replay = await upload(PNG, 'image/png', 'upload-1');
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json.data).toEqual(media);
      const otherFile = await upload(GIF, 'image/gif', 'upload-1');
      expect(otherFile.status).toBe(422);
      expect(otherFile.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await mediaCount()).toBe(before + 1);

      nextMinute();
      const text = await upload(Buffer.from('plain text pretending'), 'image/png');
      expect(text.status).toBe(400);
      expect(text.json).toMatchObject({ code: 'MEDIA_TYPE', message: MEDIA_MESSAGES.type });
      const json = await call('POST', PUBLIC_API_PATHS.v1Media, key, {
        url: files.url('/photo.png'),
      });
      expect(json.status).toBe(400);
      expect(json.json.message).toBe(API_TRAFFIC_MESSAGES.mediaNotMultipart);
      const empty = await apiForm(t.app, 'POST', PUBLIC_API_PATHS.v1Media, key, [
        { name: 'note', value: 'no file' },
      ]);
      expect(empty.status).toBe(400);
      expect(empty.json.code).toBe('MEDIA_MISSING');
      expect(await mediaCount()).toBe(before + 1);
    });

    it('fetches a file from a public address, judged by its bytes', async () => {
      nextMinute();
      const { key } = await newKey('Fetcher');
      const fetched = await fromUrl(key, files.url('/other.gif'));
      expect(fetched.status).toBe(201);
      expect(fetched.json.data).toMatchObject({ type: 'image/gif', size: GIF.length });

      const wrongType = await fromUrl(key, files.url('/not-an-image.png'));
      expect(wrongType.status).toBe(400);
      expect(wrongType.json).toMatchObject({ code: 'MEDIA_TYPE', message: MEDIA_MESSAGES.type });

      const missing = await fromUrl(key, files.url('/nothing-here.png'));
      expect(missing.status).toBe(422);
      expect(missing.json.code).toBe('FETCH_FAILED');
      expect(missing.json.message).toMatch(/answered 404/);
    });

    it('refuses private addresses, files too large and keys without write', async () => {
      nextMinute();
      const { key } = await newKey('Refused');
      const before = await mediaCount();
      for (const url of [
        `http://localhost:${files.port}/photo.png`,
        'http://10.1.2.3/photo.png',
        'http://[::1]/photo.png',
      ]) {
        const answer = await fromUrl(key, url);
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({
          code: 'FETCH_BLOCKED',
          message: API_TRAFFIC_MESSAGES.mediaUrlBlocked,
        });
      }
      nextMinute();
      const declared = await fromUrl(key, files.url('/declared-huge.mp4'));
      expect(declared.status).toBe(413);
      expect(declared.json).toMatchObject({
        code: 'MEDIA_TOO_LARGE',
        message: MEDIA_MESSAGES.size,
      });
      const endless = await fromUrl(key, files.url('/endless.png'));
      expect(endless.status).toBe(413);
      expect(endless.json.code).toBe('MEDIA_TOO_LARGE');
      const notUrl = await fromUrl(key, 'ftp://example.com/photo.png');
      expect(notUrl.status).toBe(400);
      expect(notUrl.json.code).toBe('INVALID_URL');
      expect(await mediaCount()).toBe(before);

      const { key: reader } = await newKey('Read only', ['read']);
      const noScope = await fromUrl(reader, files.url('/photo.png'));
      expect(noScope.status).toBe(403);
      expect(noScope.json.code).toBe('INSUFFICIENT_SCOPE');
    });
  });

  async function apiFormWithHeader(
    key: string,
    parts: { name: string; filename: string; type: string; bytes: Buffer }[],
    idempotencyKey: string,
  ) {
    const { payload, headers } = multipartForm(parts);
    return apiCall<ApiMedia>(t.app, 'POST', PUBLIC_API_PATHS.v1Media, key, payload, {
      headers: { ...headers, 'idempotency-key': idempotencyKey },
    });
  }
});
