import {
  API_CALLS_KEPT_DAYS,
  API_PATHS,
  WEBHOOK_KEPT_DAYS,
  type CreatedApiKey,
  type WebhookWithSecret, PUBLIC_API_PATHS } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCallLogs,
  apiKeys,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
} from '../src/db/schema.js';
import { apiClient } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';
import {
  accountIdOf,
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  signIn,
  type TestApp,
} from './helpers/test-app.js';

const EMAIL = 'developer@example.com';
const DAY_SECONDS = 86_400;

describe.each(engines)("a developer's data: retention and export on %s", (engine) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let userId: string;
  let created: CreatedApiKey;
  const { call } = apiClient(() => t.app);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp(engine, {
      env: {
        // Only the receiver's port is let through (an entry may be a host:port).
        FETCH_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
        // A failed event waits 40 days for its retry: still being retried past the retention.
        WEBHOOK_RETRY_SCHEDULE: String(40 * DAY_SECONDS),
      },
    });
    const token = await createVerifiedAccount(t, { email: EMAIL });
    await setTierByCommand(t, EMAIL, 'enterprise');
    userId = await accountIdOf(t, EMAIL);
    created = (
      await call<CreatedApiKey>('POST', API_PATHS.apiKeys, token, {
        name: 'Exported key',
        scopes: ['read', 'write'],
      })
    ).json.data;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const db = () => t.infra.database.db;
  const addEndpoint = async (path: string) => {
    const answer = await call<WebhookWithSecret>('POST', PUBLIC_API_PATHS.v1Webhooks, created.key, {
      url: receiver.url(path),
      events: ['publication.published'],
    });
    expect(answer.status, answer.body).toBe(201);
    return answer.json.data;
  };
  const sendTest = async (endpointId: string) => {
    const answer = await call(
      'POST',
      PUBLIC_API_PATHS.v1WebhookTest.replace(':id', endpointId),
      created.key,
    );
    expect(answer.status, answer.body).toBeLessThan(300);
    await t.publisher.deliverDueWebhooks();
  };

  it('deletes webhook events and attempts, and API calls, once past their days; keeps the rest', async () => {
    const up = await addEndpoint('/up');
    const down = await addEndpoint('/down');
    receiver.answer('/down', 500);
    await sendTest(up.id);
    await sendTest(down.id);
    expect(receiver.at('/up')).toHaveLength(1);
    const old = await db().select().from(webhookMessages);
    expect(old.map((row) => row.status).sort()).toEqual(['delivered', 'pending']);
    expect(await db().select().from(webhookDeliveries)).toHaveLength(2);
    const oldCalls = (await db().select().from(apiCallLogs)).length;
    expect(oldCalls).toBeGreaterThan(0);

    // A day short of the retention nothing goes.
    t.clock.advance((WEBHOOK_KEPT_DAYS - 1) * DAY_SECONDS);
    expect(await t.container.jobs.sweepWebhooks()).toEqual({ messages: 0, deliveries: 0 });
    expect((await t.container.jobs.sweepPublicApi()).calls).toBe(0);

    // Past it, the settled event and every attempt of that day go; the one still being
    // retried stays (it has attempts to make); newer rows stay.
    t.clock.advance(2 * DAY_SECONDS);
    await sendTest(up.id);
    const swept = await t.container.jobs.sweepWebhooks();
    expect(swept).toEqual({ messages: 1, deliveries: 2 });
    const left = await db().select().from(webhookMessages);
    expect(left.map((row) => row.status).sort()).toEqual(['delivered', 'pending']);
    expect(left.find((row) => row.status === 'pending')?.id).toBe(
      old.find((row) => row.status === 'pending')?.id,
    );
    expect(await db().select().from(webhookDeliveries)).toHaveLength(1);

    expect(WEBHOOK_KEPT_DAYS).toBe(API_CALLS_KEPT_DAYS);
    const { calls } = await t.container.jobs.sweepPublicApi();
    expect(calls).toBe(oldCalls);
    expect((await db().select().from(apiCallLogs)).length).toBeGreaterThan(0);
  });

  it('exports the API keys and webhook endpoints, never a secret or its hash', async () => {
    const token = await signIn(t, EMAIL, 'correct horse battery');
    const revoked = (
      await call<CreatedApiKey>('POST', API_PATHS.apiKeys, token, {
        name: 'Revoked key',
        scopes: ['read'],
      })
    ).json.data;
    expect((await call('DELETE', API_PATHS.apiKey.replace(':id', revoked.id), token)).status).toBe(
      204,
    );
    const endpoint = await addEndpoint('/exported');

    const response = await call('GET', '/customer/export', token);
    expect(response.status).toBe(200);
    const archive = JSON.parse(response.body) as {
      api_keys: Array<Record<string, unknown>>;
      webhook_endpoints: Array<Record<string, unknown>>;
    };
    expect(archive.api_keys.map((row) => row.name).sort()).toEqual(['Exported key', 'Revoked key']);
    expect(archive.api_keys.find((row) => row.id === created.id)).toEqual({
      id: created.id,
      name: 'Exported key',
      prefix: created.prefix,
      scopes: ['read', 'write'],
      entity_ids: null,
      created_at: created.created_at,
      last_used_at: expect.any(String) as unknown,
      expires_at: null,
      revoked_at: null,
    });
    expect(archive.api_keys.find((row) => row.id === revoked.id)?.revoked_at).toEqual(
      expect.any(String),
    );
    expect(archive.webhook_endpoints.find((row) => row.id === endpoint.id)).toMatchObject({
      url: receiver.url('/exported'),
      events: ['publication.published'],
      enabled: true,
    });

    // Neither the keys, their hashes, the endpoints' secrets nor their sealed form.
    const keyRows = await db().select().from(apiKeys).where(eq(apiKeys.userId, userId));
    const endpointRows = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId));
    for (const secret of [
      created.key,
      revoked.key,
      endpoint.secret,
      ...keyRows.map((row) => row.secretHash),
      ...endpointRows.map((row) => row.secretSealed),
    ]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toMatch(/"[a-z_]*(hash|secret|sealed)[a-z_]*":/i);
  });
});
