import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthLimits } from '../src/modules/auth/index.js';
import { engines } from './helpers/databases.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Three attempts per address, per email as many as wanted: the address is what is tested. */
const LIMITS: AuthLimits = {
  perIp: { max: 3, windowSeconds: 600 },
  perEmail: { max: 1000, windowSeconds: 600 },
  perEmailTotal: { max: 1000, windowSeconds: 600 },
};

const randomAddress = () =>
  `${randomInt(1, 224)}.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * One failed sign-in arriving over a socket from `socket` with `forwardedFor` as its
 * X-Forwarded-For header; answers the status (401 counted, 429 refused by the address limit).
 */
async function signInFrom(t: TestApp, socket: string, forwardedFor?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/customer/auth/sign-in',
    remoteAddress: socket,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { email: `someone${randomInt(1e9)}@example.com`, password: 'not-the-password' },
  });
  return response.statusCode;
}

describe.each(engines)('the client address behind a reverse proxy on %s', (engine) => {
  const apps: TestApp[] = [];
  const appWith = async (trustProxy: string) => {
    const t = await createTestApp(engine, { authLimits: LIMITS, env: { TRUST_PROXY: trustProxy } });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  describe.each(['1', 'true'])('TRUST_PROXY=%s (one proxy on this machine)', (setting) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(setting);
    });

    it('takes the address the proxy added, never one the client wrote', async () => {
      // The client writes 6.6.6.6; the proxy (127.0.0.1) appends the address it saw.
      for (let i = 0; i < 3; i++) {
        expect(await signInFrom(t, '127.0.0.1', '6.6.6.6, 203.0.113.9')).toBe(401);
      }
      expect(await signInFrom(t, '127.0.0.1', '6.6.6.6, 203.0.113.9')).toBe(429);
      // The same client without a header of its own: the same address, still refused.
      expect(await signInFrom(t, '127.0.0.1', '203.0.113.9')).toBe(429);
      // 6.6.6.6 itself made no attempt; nor did another client behind the same proxy.
      expect(await signInFrom(t, '127.0.0.1', '6.6.6.6')).toBe(401);
      expect(await signInFrom(t, '127.0.0.1', '6.6.6.6, 198.51.100.7')).toBe(401);
    });

    it('still limits one machine that writes a new X-Forwarded-For value every time', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(await signInFrom(t, '127.0.0.1', `${randomAddress()}, 192.0.2.44`));
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    });
  });

  describe('TRUST_PROXY as a list of the proxies’ addresses and ranges', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith('10.0.0.0/8, fd00::/8');
    });

    it('takes the address the nearest trusted proxy saw', async () => {
      for (let i = 0; i < 3; i++) {
        expect(await signInFrom(t, '10.1.2.3', '6.6.6.6, 203.0.113.9')).toBe(401);
      }
      expect(await signInFrom(t, '10.1.2.3', `${randomAddress()}, 203.0.113.9`)).toBe(429);
      // Two trusted proxies in a row (10.0.0.7 passed it on to 10.1.2.3); IPv6 socket too.
      expect(await signInFrom(t, '10.1.2.3', '6.6.6.6, 203.0.113.9, 10.0.0.7')).toBe(429);
      expect(await signInFrom(t, 'fd00::5', '6.6.6.6, 203.0.113.9')).toBe(429);
      expect(await signInFrom(t, '10.1.2.3', '203.0.113.10')).toBe(401);
    });

    it('believes no header from an address that is not a listed proxy', async () => {
      for (let i = 0; i < 3; i++) {
        expect(await signInFrom(t, '198.51.100.50', randomAddress())).toBe(401);
      }
      expect(await signInFrom(t, '198.51.100.50', randomAddress())).toBe(429);
    });
  });
});
