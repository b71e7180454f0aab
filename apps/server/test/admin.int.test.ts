import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdmin } from '../src/modules/admin/index.js';
import { engines } from './helpers/databases.js';
import { createTestApp, createVerifiedAccount, getJson, type TestApp } from './helpers/test-app.js';

describe.each(engines)('admin role on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('grants and revokes admin by email, and says when nothing matches', async () => {
    await createVerifiedAccount(t, { email: 'owner@example.com' });
    const token = await createVerifiedAccount(t, { email: 'helper@example.com' });
    expect((await getJson(t.app, '/customer/me', token)).json.data?.is_admin).toBe(false);

    expect(await setAdmin(t.infra.database.db, 'Helper@Example.com', true)).toEqual({
      ok: true,
      message: 'helper@example.com is now an admin.',
    });
    expect((await getJson(t.app, '/customer/me', token)).json.data?.is_admin).toBe(true);

    expect((await setAdmin(t.infra.database.db, 'helper@example.com', false)).ok).toBe(true);
    expect((await getJson(t.app, '/customer/me', token)).json.data?.is_admin).toBe(false);

    expect(await setAdmin(t.infra.database.db, 'missing@example.com', true)).toEqual({
      ok: false,
      message: 'No account uses missing@example.com.',
    });
    expect((await setAdmin(t.infra.database.db, 'nonsense', true)).ok).toBe(false);
  });
});
