import {
  AUTH_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_RULE,
  PROFILE_MESSAGES,
  type ApiLogList,
  type LogList,
  type Profile,
} from '@cadence/shared';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppInstance } from '../src/app-instance.js';
import { createContainer } from '../src/container.js';
import { aiCallLogs, systemLogs } from '../src/db/schema.js';
import { createLogger } from '../src/logger.js';
import { DEFAULT_AUTH_LIMITS } from '../src/modules/auth/index.js';
import { engines } from './helpers/databases.js';
import { FAKE_EXECUTABLE, makePng, SVG_LOGO } from './helpers/images.js';
import { apiClient, type FormPart } from './helpers/api.js';
import {
  accountIdOf,
  createTestApp,
  createVerifiedAccount,
  getJson,
  postJson,
  signIn,
  type TestApp,
} from './helpers/test-app.js';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4f46e5' } });

/** A valid PNG whose header declares a canvas of `size` x `size` pixels. */
function pngDeclaring(size: number) {
  const png = Buffer.from(makePng(64, 64));
  png.writeUInt32BE(size, 16);
  png.writeUInt32BE(size, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(engines)('settings: profile, password, logs on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let ownerId: string;
  let strangerId: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { authLimits: DEFAULT_AUTH_LIMITS });
    owner = await createVerifiedAccount(t, { name: 'Olive Owner', email: 'owner@example.com' });
    stranger = await createVerifiedAccount(t, { email: 'stranger@example.com' });
    ownerId = await accountIdOf(t, 'owner@example.com');
    strangerId = await accountIdOf(t, 'stranger@example.com');
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const { call, send } = apiClient(() => t.app);

  const updateProfile = (parts: FormPart[], token = owner) =>
    send<Profile>('PUT', '/customer/update', token, parts);
  const withImage = (bytes: Buffer, filename = 'me.png', type = 'image/png') =>
    updateProfile([
      { name: 'name', value: 'Olive Owner' },
      { name: 'profile_image', filename, type, bytes },
    ]);

  describe('profile', () => {
    it('answers the profile with the spec message, and 401 without a session', async () => {
      const response = await call<Profile>('GET', '/customer', owner);
      expect(response.status).toBe(200);
      expect(response.json.message).toBe('Customer Fetched Successfully');
      expect(response.json.data).toEqual({
        name: 'Olive Owner',
        email: 'owner@example.com',
        profile_image: null,
        gender: null,
        address: null,
      });
      expect((await getJson(t.app, '/customer')).status).toBe(401);
    });

    it('saves name, gender and address; email stays read only', async () => {
      const response = await updateProfile([
        { name: 'name', value: '  Olive O. ' },
        { name: 'gender', value: 'female' },
        { name: 'address', value: '1 Quay Street, Dublin' },
      ]);
      expect(response.status, response.body).toBe(200);
      expect(response.json.message).toBe(PROFILE_MESSAGES.updated);
      expect(response.json.data).toMatchObject({
        name: 'Olive O.',
        email: 'owner@example.com',
        gender: 'female',
        address: '1 Quay Street, Dublin',
      });
      const cleared = await call<Profile>('PUT', '/customer/update', owner, {
        name: 'Olive Owner',
        gender: '',
        address: '',
      });
      expect(cleared.status, cleared.body).toBe(200);
      expect(cleared.json.data).toMatchObject({ gender: null, address: null });
      const email = await updateProfile([
        { name: 'name', value: 'Olive Owner' },
        { name: 'email', value: 'taken@example.com' },
      ]);
      expect(email.status).toBe(400);
      expect(email.json.message).toBe(PROFILE_MESSAGES.unknownField('email'));
      expect((await call<Profile>('GET', '/customer', owner)).json.data.email).toBe(
        'owner@example.com',
      );
    });

    it.each([
      [[], 'Name is required'],
      [[{ name: 'name', value: '   ' }], 'Name is required'],
      [[{ name: 'name', value: 'x'.repeat(101) }], 'Name must be at most 100 characters'],
      [
        [
          { name: 'name', value: 'Olive' },
          { name: 'gender', value: 'robot' },
        ],
        'Gender must be male, female, other or not set',
      ],
      [
        [
          { name: 'name', value: 'Olive' },
          { name: 'address', value: 'a'.repeat(501) },
        ],
        'Address must be at most 500 characters',
      ],
    ])('refuses %j with "%s"', async (parts, message) => {
      const response = await updateProfile(parts);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    });
  });

  describe('avatar', () => {
    async function fetchUpload(url: string) {
      const response = await t.app.inject({ method: 'GET', url });
      return { status: response.statusCode, bytes: response.rawPayload };
    }

    it.each([
      ['PNG', () => solid(300, 200).png().toBuffer(), 'image/png'],
      ['JPEG', () => solid(64, 90).jpeg().toBuffer(), 'image/jpeg'],
      ['WebP', () => solid(40, 40).webp().toBuffer(), 'image/webp'],
      ['GIF', () => solid(48, 48).gif().toBuffer(), 'image/gif'],
    ])(
      'stores a %s re-encoded as a 256x256 WebP and shows it in /me',
      async (_kind, make, type) => {
        const before = (await call<Profile>('GET', '/customer', owner)).json.data.profile_image;
        const response = await withImage(await make(), 'avatar.bin', type);
        expect(response.status, response.body).toBe(200);
        const url = response.json.data.profile_image!;
        expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+\.webp$/);
        const stored = await fetchUpload(url);
        expect(stored.status).toBe(200);
        const meta = await sharp(stored.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
        const me = await getJson(t.app, '/customer/me', owner);
        expect(me.json.data?.profile_image).toBe(url);
        // The previous avatar's file is gone.
        if (before) expect((await fetchUpload(before)).status).toBe(404);
      },
    );

    it.each([
      ['a renamed executable', FAKE_EXECUTABLE, 'photo.png', 400, PROFILE_MESSAGES.avatarType],
      ['an SVG', SVG_LOGO, 'photo.svg', 400, PROFILE_MESSAGES.avatarType],
      ['a 10x10 PNG', makePng(10, 10), 'tiny.png', 400, PROFILE_MESSAGES.avatarTooSmall],
      [
        'a PNG declaring 100000x100000 pixels',
        pngDeclaring(100_000),
        'bomb.png',
        400,
        PROFILE_MESSAGES.avatarTooLarge,
      ],
      [
        'a 33 MB file',
        Buffer.concat([makePng(64, 64), Buffer.alloc(33 * 1024 * 1024, 0x61)]),
        'huge.png',
        413,
        PROFILE_MESSAGES.avatarSize,
      ],
    ])(
      'refuses %s and keeps the current avatar',
      async (_kind, bytes, filename, status, message) => {
        const before = (await call<Profile>('GET', '/customer', owner)).json.data.profile_image;
        const response = await withImage(bytes, filename);
        expect(response.status).toBe(status);
        expect(response.json.message).toBe(message);
        expect((await call<Profile>('GET', '/customer', owner)).json.data.profile_image).toBe(
          before,
        );
      },
    );

    it("changes only the caller's own profile", async () => {
      const ownerBefore = (await call<Profile>('GET', '/customer', owner)).json.data;
      const response = await updateProfile(
        [
          { name: 'name', value: 'Stan Stranger' },
          { name: 'profile_image', filename: 'a.png', type: 'image/png', bytes: makePng(40, 40) },
        ],
        stranger,
      );
      expect(response.status).toBe(200);
      expect((await call<Profile>('GET', '/customer', owner)).json.data).toEqual(ownerBefore);
      expect((await call<Profile>('GET', '/customer', stranger)).json.data.name).toBe(
        'Stan Stranger',
      );
    });
  });

  describe('password change', () => {
    const change = (body: object, token: string, ip?: string) =>
      call<{ access_token: string }>('PATCH', '/customer/update-password', token, body, { ip });

    it.each([
      [{ new_password: 'new-password-1' }, 'Old password is required'],
      [{ previous_password: 'x', new_password: 'short' }, PASSWORD_RULE],
      [{ previous_password: 'x' }, 'Password is required'],
      [
        { previous_password: 'same-password', new_password: 'same-password' },
        'The new password must be different from the old one',
      ],
    ])('refuses %j with "%s"', async (body, message) => {
      const response = await change(body, stranger);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    });

    it('refuses a wrong old password with a message to act on', async () => {
      const response = await change(
        { previous_password: 'not my password', new_password: 'brand new password' },
        stranger,
      );
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(PASSWORD_CHANGE_MESSAGES.wrongOld);
    });

    it('signs out other sessions, keeps the changing one with a fresh token, and mails a notice', async () => {
      t.clock.advance(601);
      const email = 'changer@example.com';
      const changing = await createVerifiedAccount(t, { email, password: 'old password 1' });
      const other = await signIn(t, email, 'old password 1');
      const mailsBefore = t.smtp.mailsTo(email).length;
      const response = await change(
        { previous_password: 'old password 1', new_password: 'new password 2' },
        changing,
      );
      expect(response.status, response.body).toBe(200);
      expect(response.json.message).toBe('Password updated successfully');
      const fresh = response.json.data.access_token;
      expect((await getJson(t.app, '/customer/me', fresh)).status).toBe(200);
      for (const old of [changing, other]) {
        const me = await getJson(t.app, '/customer/me', old);
        expect(me.status).toBe(401);
        expect(me.json.message).toBe(AUTH_MESSAGES.sessionExpired);
      }
      const oldSignIn = await postJson(t.app, '/customer/auth/sign-in', {
        email,
        password: 'old password 1',
      });
      expect(oldSignIn.status).toBe(401);
      expect(await signIn(t, email, 'new password 2')).toBeTruthy();
      await vi.waitFor(() => expect(t.smtp.mailsTo(email).length).toBeGreaterThan(mailsBefore), {
        timeout: 10_000,
        interval: 50,
      });
      const notice = t.smtp.mailsTo(email).at(-1)!;
      expect(notice.subject).toBe('Your Cadence password was changed');
      expect(notice.raw).toContain('/settings#security');
    });

    it('limits password attempts per account', async () => {
      t.clock.advance(601);
      const email = 'guesser@example.com';
      const token = await createVerifiedAccount(t, { email, password: 'the real one' });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await change(
          { previous_password: `guess ${i}`, new_password: 'something new 1' },
          token,
        );
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('attempt limits in the database', () => {
    let second: AppInstance;
    beforeAll(async () => {
      // A second web process on the same database: its own memory, the same counters.
      second = await buildApp(
        createContainer(
          { config: t.config, logger: createLogger('silent'), ...t.infra },
          { clock: t.clock, authLimits: DEFAULT_AUTH_LIMITS },
        ),
        { webDistDir: '/nonexistent' },
      );
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
    });

    const signInFrom = (
      app: AppInstance,
      ip: string,
      password: string,
      email = 'victim@example.com',
    ) =>
      app.inject({
        method: 'POST',
        url: '/api/customer/auth/sign-in',
        payload: { email, password },
        remoteAddress: ip,
      });

    it('counts sign-in attempts across processes', async () => {
      t.clock.advance(601);
      await createVerifiedAccount(t, { email: 'victim@example.com', password: 'victim password' });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const app = i % 2 === 0 ? t.app : second;
        statuses.push((await signInFrom(app, '198.51.100.7', `wrong ${i}`)).statusCode);
      }
      // Ten wrong tries spread over two processes, then the eleventh is refused, and the
      // right password from there now needs a mailed code (decision 104).
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      const right = await signInFrom(second, '198.51.100.7', 'victim password');
      expect(right.statusCode).toBe(403);
      expect(right.json<{ code: string }>().code).toBe('SIGN_IN_CODE_REQUIRED');
    });

    it("does not lock the customer out of their own client after a stranger's failures", async () => {
      const own = await signInFrom(t.app, '192.0.2.44', 'victim password');
      expect(own.statusCode).toBe(200);
    });

    it('still limits one client spraying many addresses', async () => {
      t.clock.advance(601);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const app = i % 2 === 0 ? t.app : second;
        const response = await signInFrom(app, '198.51.100.99', 'x', `spray${i}@example.com`);
        statuses.push(response.statusCode);
      }
      expect(statuses[29]).toBe(401);
      expect(statuses[30]).toBe(429);
    });

    it('refuses guesses at one address from all clients together after its total', async () => {
      t.clock.advance(601);
      let last = 0;
      for (let i = 0; i < 101; i++) {
        const ip = `203.0.113.${i % 50}`;
        last = (await signInFrom(t.app, ip, `wrong ${i}`)).statusCode;
      }
      expect(last).toBe(429);
      // The owner's right password is not refused: it is asked for a mailed code.
      const owner = await signInFrom(t.app, '192.0.2.44', 'victim password');
      expect(owner.statusCode).toBe(403);
      expect(owner.json<{ code: string }>().code).toBe('SIGN_IN_CODE_REQUIRED');
      t.clock.advance(601);
      expect((await signInFrom(t.app, '192.0.2.44', 'victim password')).statusCode).toBe(200);
    });
  });

  describe('post logs', () => {
    beforeAll(async () => {
      const db = t.infra.database.db;
      const base = new Date('2026-11-01T00:00:00Z').getTime();
      const statuses = ['success', 'error', 'pending'] as const;
      await db.insert(systemLogs).values(
        Array.from({ length: 30 }, (_, i) => ({
          userId: ownerId,
          platform: i % 2 === 0 ? 'twitter' : 'bluesky',
          status: statuses[i % 3]!,
          message: i % 3 === 1 ? `Rejected by the network (${i})` : `Attempt ${i}`,
          errorCode: i % 3 === 1 ? (i === 4 ? 'RATE_LIMITED' : 'invalid') : null,
          retryCount: i % 4,
          scheduledFor: new Date(base + i * 3_600_000),
          createdAt: new Date(base + i * 60_000),
        })),
      );
      await db.insert(systemLogs).values({
        userId: strangerId,
        platform: 'twitter',
        status: 'error',
        message: 'Stranger attempt',
        errorCode: 'RATE_LIMITED',
      });
    });
    const logs = (query: string, token = owner) =>
      call<LogList>('GET', `/customer/logs${query}`, token);

    it('pages newest first with a total', async () => {
      const first = await logs('?limit=10');
      expect(first.status).toBe(200);
      expect(first.json.data).toMatchObject({ count: 30, page: 1, limit: 10 });
      expect(first.json.data.rows[0]?.message).toBe('Attempt 29');
      const third = await logs('?page=3&limit=10');
      expect(third.json.data.rows.map((row) => row.message).at(-1)).toBe('Attempt 0');
      expect(third.json.data.rows[0]?.scheduled_for).toBe('2026-11-01T09:00:00.000Z');
      const beyond = await logs('?page=4&limit=10');
      expect(beyond.json.data).toMatchObject({ rows: [], count: 30 });
    });

    it('counts only a few pages ahead of the page asked for (decision 041)', async () => {
      // (1 + 5) pages of 2: 12 rows counted of 30, and the answer says more follow.
      const near = await logs('?limit=2');
      expect(near.json.data).toMatchObject({ count: 12, count_is_exact: false });
      // Page 10 of 2 counts up to 30 rows: all of them, so the count is exact.
      const far = await logs('?page=10&limit=2');
      expect(far.json.data).toMatchObject({ count: 30, count_is_exact: true });
    });

    it('filters by status and searches platform, message and error code', async () => {
      const errors = await logs('?status=error&limit=100');
      expect(errors.json.data.count).toBe(10);
      expect(errors.json.data.rows.every((row) => row.status === 'error')).toBe(true);
      expect((await logs('?q=BLUESKY')).json.data.count).toBe(15);
      expect((await logs('?q=rejected')).json.data.count).toBe(10);
      const code = await logs('?q=rate_limited');
      expect(code.json.data.rows.map((row) => row.error_code)).toEqual(['RATE_LIMITED']);
      expect((await logs('?q=%25')).json.data.count).toBe(0);
      const both = await logs('?status=pending&q=twitter');
      expect(
        both.json.data.rows.every((r) => r.status === 'pending' && r.platform === 'twitter'),
      ).toBe(true);
    });

    it('shows each account only its own logs, and refuses bad queries', async () => {
      const theirs = await logs('', stranger);
      expect(theirs.json.data.rows.map((row) => row.message)).toEqual(['Stranger attempt']);
      expect((await logs('?q=Stranger')).json.data.count).toBe(0);
      expect((await logs('?status=weird')).json.message).toBe(
        'Status must be success, error or pending',
      );
      expect((await logs('?limit=101')).json.message).toBe('limit must be at most 100');
      expect((await logs('?page=0')).json.message).toBe('page must be 1 or more');
    });
  });

  describe('developer info (AI call log)', () => {
    beforeAll(async () => {
      const db = t.infra.database.db;
      const now = t.clock().getTime();
      await db.insert(aiCallLogs).values([
        ...Array.from({ length: 12 }, (_, i) => ({
          userId: ownerId,
          platform: 'OpenAI',
          model: 'gpt-4',
          purpose: 'generate',
          prompt: `Prompt ${i}`,
          response: i === 3 ? null : `Response ${i}`,
          responseTimeMs: 100 + i,
          inputTokens: 10,
          outputTokens: 20,
          error: i === 3 ? 'The AI service timed out' : null,
          createdAt: new Date(now - i * 60_000),
        })),
        {
          userId: ownerId,
          platform: 'OpenAI',
          model: 'gpt-4',
          purpose: 'hashtags',
          prompt: 'Last month',
          response: 'old',
          responseTimeMs: 90,
          inputTokens: 1000,
          outputTokens: 1000,
          createdAt: new Date(now - 40 * 24 * 3_600_000),
        },
        {
          userId: strangerId,
          platform: 'OpenAI',
          model: 'gpt-4',
          purpose: 'generate',
          prompt: 'Secret prompt',
          response: 'Secret',
          responseTimeMs: 5,
        },
      ]);
    });
    const apiLogs = (query: string, token = owner) =>
      call<ApiLogList>('GET', `/customer/api-logs${query}`, token);

    it('counts only a few pages ahead of the page asked for (decision 041)', async () => {
      const near = await apiLogs('?limit=1');
      expect(near.json.data).toMatchObject({ count: 6, count_is_exact: false });
      expect(near.json.data.month.calls).toBe(12);
      const far = await apiLogs('?page=8&limit=1');
      expect(far.json.data).toMatchObject({ count: 13, count_is_exact: true });
    });

    it('lists the calls newest first in data.rows, paged, with this month in sum', async () => {
      const response = await apiLogs('?limit=5');
      expect(response.status).toBe(200);
      expect(response.json.message).toBe('API logs fetched successfully');
      const { data } = response.json;
      expect(data).toMatchObject({ count: 13, page: 1, limit: 5 });
      expect(data.rows[0]).toMatchObject({
        platform: 'OpenAI',
        model: 'gpt-4',
        responseTime: 100,
        inputTokens: 10,
        outputTokens: 20,
        prompt: 'Prompt 0',
        response: 'Response 0',
        error: null,
        warning: null,
      });
      expect(data.month).toEqual({ calls: 12, errors: 1, input_tokens: 120, output_tokens: 240 });
      const last = await apiLogs('?page=3&limit=5');
      expect(last.json.data.rows.map((row) => row.prompt)).toEqual([
        'Prompt 10',
        'Prompt 11',
        'Last month',
      ]);
    });

    it('shows each account only its own calls, and refuses bad paging', async () => {
      const theirs = await apiLogs('', stranger);
      expect(theirs.json.data.rows.map((row) => row.prompt)).toEqual(['Secret prompt']);
      expect((await apiLogs('?limit=0')).status).toBe(400);
      expect((await apiLogs('?page=abc')).json.message).toBe('page must be a whole number');
      expect((await getJson(t.app, '/customer/api-logs')).status).toBe(401);
    });
  });
});
