import { POST_MESSAGES } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortLinks } from '../src/db/schema.js';
import { engines } from './helpers/databases.js';
import { apiCall } from './helpers/api.js';
import {
  createTestApp,
  createVerifiedAccount,
  postJson,
  type TestApp,
} from './helpers/test-app.js';
import { startFakeTinyUrl, type FakeTinyUrlFailure } from '@cadence/fakes';

const PUBLIC_URL = 'https://cadence.example.com';
const SHORT = new RegExp(`^${PUBLIC_URL.replaceAll('.', '\\.')}/s/([A-Za-z0-9]{10})$`);

describe.each(engines)('URL shortener on %s', (engine) => {
  let tiny: Awaited<ReturnType<typeof startFakeTinyUrl>>;
  let t: TestApp;
  let withTiny: TestApp;
  let wrongToken: TestApp;
  let token: string;
  let otherToken: string;
  let tinyUser: string;

  beforeAll(async () => {
    tiny = await startFakeTinyUrl();
    const tinyEnv = { TINYURL_BASE_URL: tiny.baseUrl, PUBLIC_URL };
    // One at a time: building apps side by side starves a small machine's CPU.
    t = await createTestApp(engine, { env: { PUBLIC_URL } });
    withTiny = await createTestApp(engine, {
      env: { ...tinyEnv, TINYURL_API_TOKEN: tiny.apiToken },
    });
    wrongToken = await createTestApp(engine, {
      env: { ...tinyEnv, TINYURL_API_TOKEN: 'not-the-token' },
    });
    token = await createVerifiedAccount(t, { email: 'short@example.com' });
    otherToken = await createVerifiedAccount(t, { email: 'other@example.com' });
    tinyUser = await createVerifiedAccount(withTiny, { email: 'tiny@example.com' });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), withTiny?.close(), wrongToken?.close()]);
    await tiny?.close();
  });

  const shorten = (url: unknown, bearer = token, app = t) =>
    apiCall(app.app, 'POST', '/shortener', bearer, { url });
  const codeOf = (shortened: unknown) => SHORT.exec(String(shortened))?.[1] ?? '';
  const follow = (code: string, accept = 'application/json') =>
    t.app.inject({ method: 'GET', url: `/s/${code}`, headers: { accept } });
  const linkRow = async (code: string) => {
    const [row] = await t.infra.database.db
      .select()
      .from(shortLinks)
      .where(eq(shortLinks.code, code));
    return row;
  };

  describe('built in', () => {
    it('shortens a URL, adding https:// when missing', async () => {
      const response = await shorten('  example.com/launch?id=7 ');
      expect(response.status).toBe(200);
      expect(response.json.message).toBe('URL shortened successfully');
      expect(response.json.data).toMatchObject({
        url: 'https://example.com/launch?id=7',
        provider: 'built-in',
        fallback: false,
      });
      expect(response.json.data?.shortened_url).toMatch(SHORT);
    });

    it('redirects with 302 and counts every click', async () => {
      const { json } = await shorten('https://example.com/counted');
      const code = codeOf(json.data?.shortened_url);
      for (let i = 0; i < 2; i++) {
        const response = await follow(code);
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('https://example.com/counted');
        expect(response.headers['cache-control']).toBe('no-store');
      }
      const row = await linkRow(code);
      expect(row?.clicks).toBe(2);
      expect(row?.lastClickedAt).toBeInstanceOf(Date);
    });

    it('counts simultaneous clicks without losing any', async () => {
      const { json } = await shorten('https://example.com/busy');
      const code = codeOf(json.data?.shortened_url);
      const responses = await Promise.all(Array.from({ length: 10 }, () => follow(code)));
      expect(responses.every((response) => response.statusCode === 302)).toBe(true);
      expect((await linkRow(code))?.clicks).toBe(10);
    });

    it('reuses the link for the same customer and URL, not across customers', async () => {
      const first = await shorten('https://example.com/same');
      const again = await shorten('example.com/same');
      expect(again.json.data?.shortened_url).toBe(first.json.data?.shortened_url);
      const other = await shorten('https://example.com/same', otherToken);
      expect(other.json.data?.shortened_url).not.toBe(first.json.data?.shortened_url);
    });

    it('gives every URL its own unguessable code', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const { json } = await shorten(`https://example.com/page/${i}`, otherToken);
        codes.add(codeOf(json.data?.shortened_url));
      }
      expect(codes.size).toBe(20);
      for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{10}$/);
    });

    it('answers 404 for an unknown or malformed code, as JSON or as a page', async () => {
      for (const code of ['AAAAAAAAAA', 'abc', 'a'.repeat(100), 'bad%20code!', '..%2F..%2Fetc']) {
        const response = await follow(code);
        expect(response.statusCode, code).toBe(404);
        expect(response.json()).toMatchObject({ message: 'This short link does not exist.' });
      }
      const page = await follow('AAAAAAAAAA', 'text/html,application/xhtml+xml');
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('This short link does not exist.');
    });

    it('lives at the root, not under /api', async () => {
      const { json } = await shorten('https://example.com/root');
      const code = codeOf(json.data?.shortened_url);
      const response = await t.app.inject({ method: 'GET', url: `/api/s/${code}` });
      expect(response.statusCode).toBe(404);
    });

    it('refuses anything but an http(s) address with a readable message', async () => {
      const invalid = 'Enter a valid http:// or https:// address, like example.com/article';
      for (const url of [
        'javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'ftp://example.com/file',
        'not a url',
        'localhost:notaport',
        // Its scheme is mailto:, not a user name before an https host.
        'mailto:someone@example.com',
      ]) {
        const response = await shorten(url);
        expect(response.status, url).toBe(400);
        expect(response.json.message).toBe(invalid);
        expect(response.json.code).toBe('INVALID_URL');
      }
      for (const url of [
        'https://bank.example.com@evil.example/',
        'bank.example.com@evil.example',
      ]) {
        const response = await shorten(url);
        expect(response.status, url).toBe(400);
        expect(response.json.message).toBe(
          'Links that contain a user name or password cannot be shortened',
        );
      }
      for (const url of [undefined, '   ']) {
        const response = await shorten(url);
        expect(response.status).toBe(400);
        expect(response.json.message).toBe('Please enter a URL');
      }
      const tooLong = await shorten(`https://example.com/${'a'.repeat(2100)}`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.json.message).toBe('URL is too long');
    });

    it('needs a signed-in customer', async () => {
      const response = await postJson(t.app, '/shortener', { url: 'https://example.com' });
      expect(response.status).toBe(401);
    });
  });

  describe('TinyURL', () => {
    it('shortens through TinyURL with the token and the documented body', async () => {
      const response = await shorten('example.com/tiny', tinyUser, withTiny);
      expect(response.status).toBe(200);
      expect(response.json.message).toBe('URL shortened successfully');
      expect(response.json.data).toMatchObject({
        url: 'https://example.com/tiny',
        provider: 'tinyurl',
        fallback: false,
      });
      expect(response.json.data?.shortened_url).toMatch(/^https:\/\/tinyurl\.com\/[a-z0-9]+$/);
      expect(tiny.calls.at(-1)).toEqual({
        authorization: `Bearer ${tiny.apiToken}`,
        body: { url: 'https://example.com/tiny', domain: 'tinyurl.com' },
      });
    });

    it.each<FakeTinyUrlFailure>([
      'server-error',
      'rate-limited',
      'invalid-json',
      'missing-tiny-url',
    ])('keeps the original URL when TinyURL fails (%s)', async (failure) => {
      tiny.failNext(failure);
      const response = await shorten('https://example.com/keep', tinyUser, withTiny);
      expect(response.status).toBe(200);
      expect(response.json.message).toBe(POST_MESSAGES.shortenFailed);
      expect(response.json.data).toEqual({
        url: 'https://example.com/keep',
        shortened_url: 'https://example.com/keep',
        provider: 'tinyurl',
        fallback: true,
      });
    });

    it('keeps the original URL when TinyURL does not answer within 5 s', async () => {
      tiny.failNext('hang');
      const started = Date.now();
      const response = await shorten('https://example.com/slow', tinyUser, withTiny);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
      expect(response.status).toBe(200);
      expect(response.json.data).toMatchObject({
        shortened_url: 'https://example.com/slow',
        fallback: true,
      });
    });

    it('keeps the original URL when the token is refused', async () => {
      const user = await createVerifiedAccount(wrongToken, { email: 'wrong@example.com' });
      const response = await shorten('https://example.com/denied', user, wrongToken);
      expect(response.status).toBe(200);
      expect(response.json.message).toBe(POST_MESSAGES.shortenFailed);
      expect(response.json.data).toMatchObject({ fallback: true });
    });

    it('still validates the URL before calling out', async () => {
      const before = tiny.calls.length;
      const response = await shorten('javascript:alert(1)', tinyUser, withTiny);
      expect(response.status).toBe(400);
      expect(tiny.calls.length).toBe(before);
    });
  });
});
