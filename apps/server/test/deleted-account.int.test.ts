import { AUTH_MESSAGES } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema.js';
import { engines } from './helpers/databases.js';
import { createCompany } from './helpers/networks.js';
import {
  createTestApp,
  createVerifiedAccount,
  sendJson,
  type TestApp,
  accountIdOf,
} from './helpers/test-app.js';

const PASSWORD = 'correct horse battery';

function expectSessionOver(response: {
  status: number;
  json: { code?: string; message?: string };
}) {
  expect(response.status).toBe(401);
  expect(response.json.code).toBe('SESSION_EXPIRED');
  expect(response.json.message).toBe(AUTH_MESSAGES.sessionExpired);
}

/** One signed-in customer whose account cache is warm (a read just went through). */
async function warmCustomer(t: TestApp, email: string) {
  const token = await createVerifiedAccount(t, { email, password: PASSWORD });
  const companyId = await createCompany(t, token);
  expect((await sendJson(t.app, 'GET', '/customer/post', undefined, token)).status).toBe(200);
  return { token, companyId, id: await accountIdOf(t, email) };
}

const writesOf = (companyId: string) =>
  [
    ['POST', '/customer/company', { name: 'After Co', website: 'after.example.com' }],
    ['PUT', `/customer/company/${companyId}`, { name: 'Renamed', website: 'acme.example.com' }],
    ['POST', '/customer/post', { content: 'Still here?', company_id: companyId }],
    ['PUT', '/customer/settings', { timezone: 'Europe/Berlin' }],
    [
      'PUT',
      '/customer/notifications',
      { email_publication_failures: false, email_reconnect: true },
    ],
    ['POST', '/shortener', { url: 'https://example.com/after' }],
  ] as const;

describe.each(engines)('a deleted account’s token on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await createVerifiedAccount(t, { email: 'admin@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 on every read and write right after the account deletes itself', async () => {
    const customer = await warmCustomer(t, 'leaving@example.com');
    const deleted = await sendJson(
      t.app,
      'DELETE',
      '/customer',
      { password: PASSWORD, confirm: 'DELETE' },
      customer.token,
    );
    expect(deleted.status).toBe(200);

    for (const url of ['/customer/post', '/customer/company', '/customer/settings']) {
      expectSessionOver(await sendJson(t.app, 'GET', url, undefined, customer.token));
    }
    for (const [method, url, body] of writesOf(customer.companyId)) {
      expectSessionOver(await sendJson(t.app, method, url, body, customer.token));
    }
  });

  it('answers 401 on writes at once when another process deleted the account', async () => {
    const customer = await warmCustomer(t, 'elsewhere@example.com');
    // Another process (another web server, the same database) removes the account: this
    // process's cache still holds it for a few seconds.
    await t.infra.database.db.delete(users).where(eq(users.id, customer.id));
    for (const [method, url, body] of writesOf(customer.companyId)) {
      expectSessionOver(await sendJson(t.app, method, url, body, customer.token));
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a write racing its account’s deletion', () => {
  let t: TestApp;
  let probe: pg.Pool;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    probe = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
    await createVerifiedAccount(t, { email: 'admin@example.com' });
  });
  afterAll(async () => {
    await probe?.end();
    await t?.close();
  });

  it('answers 401, not 500, when the account goes between the sign-in check and the insert', async () => {
    const customer = await warmCustomer(t, 'racing@example.com');
    const deleter = new pg.Client({ connectionString: t.config.databaseUrl });
    await deleter.connect();
    try {
      // The deletion is under way (its row lock held, not committed yet): the request
      // still finds the account, then its insert waits on that row.
      await deleter.query('begin');
      await deleter.query('delete from users where id = $1', [customer.id]);
      const saving = sendJson(
        t.app,
        'PUT',
        '/customer/settings',
        { timezone: 'Europe/Berlin' },
        customer.token,
      );
      await vi.waitFor(
        async () => {
          const { rows } = await probe.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(rows[0]!.n).toBe(1);
        },
        { timeout: 10_000 },
      );
      await deleter.query('commit');
      expectSessionOver(await saving);
    } finally {
      await deleter.end();
    }
    // The refusal also ended the cached session: reads say so too.
    expectSessionOver(await sendJson(t.app, 'GET', '/customer/post', undefined, customer.token));
  });
});
