import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema.js';
import { setAdmin } from '../src/modules/admin/index.js';
import { engines } from './helpers/databases.js';
import {
  createTestApp,
  createVerifiedAccount,
  sendJson,
  type TestApp,
  accountIdOf,
} from './helpers/test-app.js';

const PASSWORD = 'correct horse battery';

/**
 * The paths that change who is admin: the panel's toggle (here an admin stepping down),
 * deleting one's own account (Settings > Your Data), and the admin command. Each counts
 * the admins before it changes anything, so all of them must wait for one another.
 */
function adminKit(getApp: () => TestApp) {
  const db = () => getApp().infra.database.db;
  let made = 0;

  async function account(label: string) {
    made += 1;
    const email = `${label}-${made}@example.com`;
    const token = await createVerifiedAccount(getApp(), { email, password: PASSWORD });
    return { id: await accountIdOf(getApp(), email), email, token };
  }

  /** Exactly these accounts are admin now (set in the database, caches forgotten). */
  async function onlyAdmins(...ids: string[]) {
    await db().update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    for (const id of ids) await db().update(users).set({ isAdmin: true }).where(eq(users.id, id));
    for (const id of ids) getApp().container.infra.sessions.forget(id);
  }

  async function adminCount() {
    const [row] = await db().select({ value: count() }).from(users).where(eq(users.isAdmin, true));
    return Number(row?.value ?? 0);
  }

  const stepDown = (admin: { id: string; token: string }) =>
    sendJson(getApp().app, 'POST', `/admin/users/${admin.id}/admin`, undefined, admin.token);
  const deleteOwnAccount = (admin: { token: string }) =>
    sendJson(
      getApp().app,
      'DELETE',
      '/customer',
      { password: PASSWORD, confirm: 'DELETE' },
      admin.token,
    );

  return { db, account, onlyAdmins, adminCount, stepDown, deleteOwnAccount };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'admin rights on PostgreSQL, changed at once',
  () => {
    let t: TestApp;
    let probe: pg.Pool;
    const kit = adminKit(() => t);
    beforeAll(async () => {
      t = await createTestApp('postgres');
      probe = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
    });
    afterAll(async () => {
      await probe?.end();
      await t?.close();
    });

    /** Sessions of the test database waiting for a lock another one holds. */
    async function waitingForLocks() {
      const { rows } = await probe.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return rows[0]!.n;
    }

    it('an admin deleting their account while the other steps down leaves one admin', async () => {
      const first = await kit.account('first');
      const second = await kit.account('second');
      await kit.onlyAdmins(first.id, second.id);

      // Hold the second admin's row, so stepping down stops after counting the admins and
      // before writing: the moment the deletion could slip in between.
      const holder = new pg.Client({ connectionString: t.config.databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select 1 from users where id = $1 for update', [second.id]);
        const steppingDown = kit.stepDown(second);
        await vi.waitFor(async () => expect(await waitingForLocks()).toBe(1), { timeout: 10_000 });

        let deletionSettled = false;
        const deleting = kit.deleteOwnAccount(first).finally(() => (deletionSettled = true));
        // Either the deletion waits for the step-down (one lock for both), or it went through.
        await vi.waitFor(
          async () => expect(deletionSettled || (await waitingForLocks()) === 2).toBe(true),
          { timeout: 15_000 },
        );
        await holder.query('commit');

        const [stepped, deleted] = await Promise.all([steppingDown, deleting]);
        expect(stepped.status).toBe(200);
        expect(stepped.json.data).toEqual({ is_admin: false });
        expect(deleted.status).toBe(409);
        expect(deleted.json.code).toBe('LAST_ADMIN');
      } finally {
        await holder.end();
      }
      expect(await kit.adminCount()).toBe(1);
    });

    it('the same two changes raced many times never leave the instance without an admin', async () => {
      // The deletion checks the password first; the step-down starts at points spread over
      // the deletion's own duration, so some rounds land inside its transaction.
      let deletionMs = 150;
      for (let round = 0; round < 12; round++) {
        const first = await kit.account('racer');
        const second = await kit.account('racer');
        await kit.onlyAdmins(first.id, second.id);
        const started = performance.now();
        const deleting = kit.deleteOwnAccount(first).finally(() => {
          deletionMs = performance.now() - started;
        });
        await new Promise((resolve) => setTimeout(resolve, (deletionMs * (round + 2)) / 14));
        const [stepped, deleted] = await Promise.all([kit.stepDown(second), deleting]);
        expect([200, 409]).toContain(stepped.status);
        expect([200, 409]).toContain(deleted.status);
        expect(await kit.adminCount(), `round ${round}`).toBeGreaterThanOrEqual(1);
      }
    }, 120_000);

    it("the admin command's revoke and an account deletion at once leave one admin", async () => {
      let deletionMs = 150;
      for (let round = 0; round < 8; round++) {
        const first = await kit.account('command');
        const second = await kit.account('command');
        await kit.onlyAdmins(first.id, second.id);
        const started = performance.now();
        const deleting = kit.deleteOwnAccount(first).finally(() => {
          deletionMs = performance.now() - started;
        });
        await new Promise((resolve) => setTimeout(resolve, (deletionMs * (round + 2)) / 10));
        const [revoked, deleted] = await Promise.all([
          setAdmin(kit.db(), second.email, false),
          deleting,
        ]);
        expect(revoked.ok || deleted.status === 200).toBe(true);
        expect(await kit.adminCount(), `round ${round}`).toBeGreaterThanOrEqual(1);
      }
    }, 120_000);
  },
);

describe.each(engines)('admin rights on %s', (engine) => {
  let t: TestApp;
  const kit = adminKit(() => t);
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the first verified account becomes admin, the next does not', async () => {
    const first = await kit.account('owner');
    const second = await kit.account('helper');
    const rows = await kit
      .db()
      .select({ id: users.id, isAdmin: users.isAdmin })
      .from(users)
      .where(sql`${users.id} in (${first.id}, ${second.id})`);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.isAdmin]))).toEqual({
      [first.id]: true,
      [second.id]: false,
    });
  });

  it('the only admin can neither step down, be revoked by the command, nor delete the account', async () => {
    const only = await kit.account('only');
    await kit.onlyAdmins(only.id);
    const stepped = await kit.stepDown(only);
    expect(stepped.status).toBe(409);
    expect(stepped.json.code).toBe('LAST_ADMIN');
    expect(await setAdmin(kit.db(), only.email, false)).toEqual({
      ok: false,
      message: `${only.email} is the only admin. Grant the role to another account first (npm run admin -- grant <email>).`,
    });
    const deleted = await kit.deleteOwnAccount(only);
    expect(deleted.status).toBe(409);
    expect(deleted.json.code).toBe('LAST_ADMIN');
    expect(await kit.adminCount()).toBe(1);
  });

  it('with two admins, one steps down, is granted again by the command, then deletes the account', async () => {
    const first = await kit.account('pair');
    const second = await kit.account('pair');
    await kit.onlyAdmins(first.id, second.id);
    expect((await kit.stepDown(second)).json.data).toEqual({ is_admin: false });
    expect((await setAdmin(kit.db(), second.email, true)).ok).toBe(true);
    t.container.infra.sessions.forget(second.id);
    expect((await kit.deleteOwnAccount(second)).status).toBe(200);
    expect(await kit.adminCount()).toBe(1);
  });
});
