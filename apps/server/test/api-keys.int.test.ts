import {
  API_PATHS,
  type ApiKey,
  type ApiKeyList,
  type ApiMe,
  type CreatedApiKey,
  PUBLIC_API_PATHS,
} from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema.js';
import { apiClient } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import { createCompany } from './helpers/networks.js';
import {
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

const keyPath = (id: string) => API_PATHS.apiKey.replace(':id', id);

describe.each(engines)('API keys and /api/v1 on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let free: string;
  let ownEntity: string;
  let othersEntity: string;
  const { call } = apiClient(() => t.app);

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createVerifiedAccount(t, { email: 'keys@example.com', name: 'Key Owner' });
    other = await createVerifiedAccount(t, { email: 'other-keys@example.com' });
    free = await createVerifiedAccount(t, { email: 'free-keys@example.com' });
    await setTierByCommand(t, 'keys@example.com', 'enterprise');
    await setTierByCommand(t, 'other-keys@example.com', 'enterprise');
    ownEntity = await createCompany(t, owner, 'Own');
    othersEntity = await createCompany(t, other, 'Theirs');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const create = (token: string, body: object) =>
    call<CreatedApiKey>('POST', API_PATHS.apiKeys, token, body);
  const list = (token: string) => call<ApiKeyList>('GET', API_PATHS.apiKeys, token);
  const me = (key: string | null) => call<ApiMe>('GET', PUBLIC_API_PATHS.v1Me, key);
  const future = () => new Date(t.clock().getTime() + 30 * 86_400_000).toISOString();

  it('creates a key, shows it once, lists it without its secret and stores only a hash', async () => {
    const created = await create(owner, {
      name: '  CI deploy  ',
      scopes: ['write', 'read'],
      entity_ids: [ownEntity],
      expires_at: future(),
    });
    expect(created.status).toBe(201);
    const key = created.json.data;
    expect(key.key).toMatch(/^cad_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{43,}$/);
    expect(key.key.startsWith(`cad_${key.prefix}_`)).toBe(true);
    expect(key).toMatchObject({
      name: 'CI deploy',
      scopes: ['read', 'write'],
      entity_ids: [ownEntity],
      last_used_at: null,
    });

    const listed = await list(owner);
    expect(listed.status).toBe(200);
    const row = listed.json.data.rows.find((entry: ApiKey) => entry.id === key.id);
    expect(row).toEqual({
      id: key.id,
      name: 'CI deploy',
      prefix: key.prefix,
      scopes: ['read', 'write'],
      entity_ids: [ownEntity],
      created_at: key.created_at,
      last_used_at: null,
      expires_at: key.expires_at,
    });
    expect(listed.body).not.toContain(key.key.slice(`cad_${key.prefix}_`.length));

    const [stored] = await t.infra.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    const secret = key.key.slice(`cad_${key.prefix}_`.length);
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect((await list(other)).json.data.rows).toEqual([]);
  });

  it('answers 403 PLAN_LIMIT on a plan without API access', async () => {
    const refused = await create(free, { name: 'Nope', scopes: ['read'] });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('PLAN_LIMIT');
    expect(refused.json.message).toMatch(/Enterprise/);
  });

  it("refuses another customer's entities, a past expiry and a key without scopes", async () => {
    const theirs = await create(owner, {
      name: 'Theirs',
      scopes: ['read'],
      entity_ids: [ownEntity, othersEntity],
    });
    expect(theirs.status).toBe(400);
    expect(theirs.json.message).toMatch(/entities does not exist in your account/);
    const past = await create(owner, {
      name: 'Old',
      scopes: ['read'],
      expires_at: new Date(t.clock().getTime() - 1000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.json.message).toBe('The expiry date must be in the future');
    const noScopes = await create(owner, { name: 'Empty', scopes: [] });
    expect(noScopes.status).toBe(400);
    expect(noScopes.json.code).toBe('VALIDATION_FAILED');
    expect(noScopes.json.message).toMatch(/at least one scope/);
  });

  it('answers /api/v1/me for a good key and records its use', async () => {
    const { key, id } = (await create(owner, { name: 'Reader', scopes: ['read'] })).json.data;
    const answer = await me(key);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({
      id: expect.any(String) as unknown,
      email: 'keys@example.com',
      name: 'Key Owner',
      plan: 'enterprise',
    });
    const row = (await list(owner)).json.data.rows.find((entry: ApiKey) => entry.id === id);
    expect(row?.last_used_at).toBe(t.clock().toISOString());
  });

  it('answers 401 UNAUTHENTICATED for a missing, wrong, revoked or expired key', async () => {
    const { key, id, prefix } = (
      await create(owner, { name: 'Short-lived', scopes: ['read'], expires_at: future() })
    ).json.data;
    const refused = async (bearer: string | null) => {
      const answer = await me(bearer);
      expect(answer.status).toBe(401);
      expect(answer.json).toMatchObject({
        statusCode: 401,
        error: 'Unauthorized',
        code: 'UNAUTHENTICATED',
      });
    };
    await refused(null);
    await refused('not-a-key');
    await refused(`cad_${prefix}_${'A'.repeat(43)}`);
    await refused(owner); // a session token is not an API key
    expect((await me(key)).status).toBe(200);

    t.clock.advance(31 * 86_400);
    try {
      await refused(key);
    } finally {
      t.clock.advance(-31 * 86_400);
    }
    expect((await me(key)).status).toBe(200);
    const revoked = await call('DELETE', keyPath(id), owner);
    expect(revoked.status).toBe(204);
    expect(revoked.body).toBe('');
    await refused(key);
    expect((await list(owner)).json.data.rows.map((row: ApiKey) => row.id)).not.toContain(id);
    expect((await call('DELETE', keyPath(id), owner)).status).toBe(404);
  });

  it('answers 403 INSUFFICIENT_SCOPE for a key without read', async () => {
    const { key } = (await create(owner, { name: 'Writer', scopes: ['write', 'publish'] })).json
      .data;
    const answer = await me(key);
    expect(answer.status).toBe(403);
    expect(answer.json.code).toBe('INSUFFICIENT_SCOPE');
  });

  it("answers 404 for another customer's key", async () => {
    const { id, key } = (await create(other, { name: 'Mine', scopes: ['read'] })).json.data;
    const answer = await call('DELETE', keyPath(id), owner);
    expect(answer.status).toBe(404);
    expect(answer.json.code).toBe('API_KEY_NOT_FOUND');
    expect((await me(key)).status).toBe(200);
  });

  it('stops the keys while the plan lacks API access, and lets them work again after', async () => {
    const { key } = (await create(other, { name: 'Downgraded', scopes: ['read'] })).json.data;
    expect((await me(key)).status).toBe(200);
    await setTierByCommand(t, 'other-keys@example.com', 'business');
    const answer = await me(key);
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe('UNAUTHENTICATED');
    await setTierByCommand(t, 'other-keys@example.com', 'enterprise');
    expect((await me(key)).status).toBe(200);
  });
});
