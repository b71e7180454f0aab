import { AUTH_MESSAGES, SIGN_OUT_MESSAGES } from '@cadence/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedTokens } from '../src/db/schema.js';
import { engines } from './helpers/databases.js';
import {
  createTestApp,
  createVerifiedAccount,
  sendJson,
  signIn,
  type TestApp,
  accountIdOf,
} from './helpers/test-app.js';

const PASSWORD = 'correct horse battery';

describe.each(engines)('signing out on the server on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signOut = (token: string | undefined, body?: unknown) =>
    sendJson(t.app, 'POST', '/customer/auth/sign-out', body, token);
  /** A read the few-seconds account cache answers, and a write, both with `token`. */
  const statusesOf = async (token: string) => [
    (await sendJson(t.app, 'GET', '/customer/post', undefined, token)).status,
    (await sendJson(t.app, 'PUT', '/customer/settings', { timezone: 'UTC' }, token)).status,
  ];

  it('ends the token it is called with at once, and only that one', async () => {
    const laptop = await createVerifiedAccount(t, { email: 'one@example.com', password: PASSWORD });
    const phone = await signIn(t, 'one@example.com', PASSWORD);
    expect(await statusesOf(laptop)).toEqual([200, 200]);

    const answer = await signOut(laptop, {});
    expect(answer.status).toBe(200);
    expect(answer.json.message).toBe(SIGN_OUT_MESSAGES.signedOut);

    const refused = await sendJson(t.app, 'GET', '/customer/post', undefined, laptop);
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('SESSION_EXPIRED');
    expect(refused.json.message).toBe(AUTH_MESSAGES.sessionExpired);
    expect(await statusesOf(laptop)).toEqual([401, 401]);
    expect((await sendJson(t.app, 'GET', '/customer/me', undefined, laptop)).status).toBe(401);
    // Signing out twice is a session that is over, not an error of ours.
    expect((await signOut(laptop)).status).toBe(401);
    expect(await statusesOf(phone)).toEqual([200, 200]);
  });

  it('with everywhere, ends every token of the account, the calling one included', async () => {
    const first = await createVerifiedAccount(t, { email: 'all@example.com', password: PASSWORD });
    const second = await signIn(t, 'all@example.com', PASSWORD);
    const third = await signIn(t, 'all@example.com', PASSWORD);
    const other = await createVerifiedAccount(t, { email: 'other@example.com' });
    for (const token of [first, second, third]) expect(await statusesOf(token)).toEqual([200, 200]);

    const answer = await signOut(second, { everywhere: true });
    expect(answer.status).toBe(200);
    expect(answer.json.message).toBe(SIGN_OUT_MESSAGES.signedOutEverywhere);
    for (const token of [first, second, third]) expect(await statusesOf(token)).toEqual([401, 401]);
    expect(await statusesOf(other)).toEqual([200, 200]);

    // Signing in again works as before.
    const fresh = await signIn(t, 'all@example.com', PASSWORD);
    expect(await statusesOf(fresh)).toEqual([200, 200]);
  });

  it('needs a valid token and says what is wrong with a bad body', async () => {
    const missing = await signOut(undefined, {});
    expect(missing.status).toBe(401);
    expect(missing.json.code).toBe('SIGN_IN_REQUIRED');
    const token = await createVerifiedAccount(t, { email: 'body@example.com' });
    const wrong = await signOut(token, { everywhere: 'yes' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('everywhere must be true or false');
    expect(await statusesOf(token)).toEqual([200, 200]);
    // No body at all is this session only.
    expect((await signOut(token)).status).toBe(200);
    expect(await statusesOf(token)).toEqual([401, 401]);
  });

  it('keeps a signed-out token only until it would have expired anyway', async () => {
    const db = t.infra.database.db;
    const first = await createVerifiedAccount(t, {
      email: 'sweep@example.com',
      password: PASSWORD,
    });
    const userId = await accountIdOf(t, 'sweep@example.com');
    const kept = async () =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(revokedTokens)
            .where(eq(revokedTokens.userId, userId))
        )[0]?.n,
      );
    expect((await signOut(first)).status).toBe(200);
    expect(await kept()).toBe(1);
    t.clock.advance(8 * 24 * 3600);
    const later = await signIn(t, 'sweep@example.com', PASSWORD);
    expect((await signOut(later)).status).toBe(200);
    expect(await kept()).toBe(1);
  });
});
