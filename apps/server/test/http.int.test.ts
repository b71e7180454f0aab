import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { AUTH_MESSAGES, PASSWORD_RULE } from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_LIMITS } from '../src/modules/auth/index.js';
import { AFTER_PAINT_CSP_SOURCE, AFTER_PAINT_LOADER } from '../src/plugins/route-preloads.js';
import { engines } from './helpers/databases.js';
import {
  createTestApp,
  createVerifiedAccount,
  postJson,
  type TestApp,
} from './helpers/test-app.js';

const BIG_JS = `export const words = ${JSON.stringify('cadence '.repeat(2000))};\n`;

describe.each(engines)('HTTP behaviour on %s', (engine) => {
  let t: TestApp;
  let webRoot: string;
  let webDir: string;
  beforeAll(async () => {
    // As in apps/web: dist/ with the Vite manifest, build/route-sources.json beside it.
    webRoot = await mkdtemp(path.join(tmpdir(), 'cadence-web-'));
    webDir = path.join(webRoot, 'dist');
    await mkdir(path.join(webDir, 'assets'), { recursive: true });
    await mkdir(path.join(webDir, '.vite'));
    await mkdir(path.join(webRoot, 'build'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><title>Cadence</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(
      path.join(webDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/app-abc123.js', isEntry: true },
        'src/posts-page.tsx': { file: 'assets/posts-page-abc123.js', imports: ['index.html'] },
      }),
    );
    await writeFile(
      path.join(webRoot, 'build', 'route-sources.json'),
      JSON.stringify({ '/posts': ['src/posts-page.tsx'] }),
    );
    await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the web build writes: a large asset with its precompressed copies beside it.
    await writeFile(path.join(webDir, 'assets', 'big-abc123.js'), BIG_JS);
    await writeFile(path.join(webDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_JS));
    await writeFile(path.join(webDir, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_JS));
    t = await createTestApp(engine, { webDistDir: webDir, authLimits: DEFAULT_AUTH_LIMITS });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const signUp = (body: unknown, headers?: Record<string, string>) =>
    postJson(t.app, '/customer/auth/sign-up', body, headers);

  describe('validation answers 400 with a message a person can act on', () => {
    it.each([
      [{ email: 'a@example.com', password: 'long-enough' }, 'Name is required'],
      [{ name: '   ', email: 'a@example.com', password: 'long-enough' }, 'Name is required'],
      [{ name: 'A', password: 'long-enough' }, 'Email is required'],
      [
        { name: 'A', email: 'not-an-email', password: 'long-enough' },
        'Enter a valid email address',
      ],
      [{ name: 'A', email: 'a@example.com' }, 'Password is required'],
      [{ name: 'A', email: 'a@example.com', password: 'short' }, PASSWORD_RULE],
      [
        { name: 'A', email: 'a@example.com', password: 'x'.repeat(129) },
        'Password must be at most 128 characters',
      ],
      [{ name: 42, email: 'a@example.com', password: 'long-enough' }, 'Name must be text'],
      [{}, 'Name is required. Email is required. Password is required'],
    ])('sign-up %j → %s', async (body, message) => {
      const response = await signUp(body);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message,
        code: 'VALIDATION_FAILED',
      });
    });

    it.each([
      [{ purpose: 'registration', email: 'a@example.com' }, 'Code is required'],
      [
        {
          purpose: 'registration',
          email: 'a@example.com',
          otp_code: '12345',
          password: 'a-password',
        },
        'The code must be 6 digits',
      ],
      [
        {
          purpose: 'registration',
          email: 'a@example.com',
          otp_code: '12345a',
          password: 'a-password',
        },
        'The code must be 6 digits',
      ],
      [
        { purpose: 'login', email: 'a@example.com', otp_code: '123456' },
        'Purpose must be registration or reset_password',
      ],
    ])('submit-otp %j → %s', async (body, message) => {
      const response = await postJson(t.app, '/customer/auth/submit-otp', body);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    });

    it.each([
      ['/customer/auth/sign-in', { password: 'x' }, 'Email is required'],
      ['/customer/auth/sign-in', { email: 'a@example.com' }, 'Password is required'],
      ['/customer/auth/sign-in', { email: 'a@example.com', password: '' }, 'Password is required'],
      [
        '/customer/auth/resend-otp',
        { email: 'a@example.com' },
        'Purpose must be registration or reset_password',
      ],
      [
        '/customer/auth/resend-otp',
        { purpose: 'registration', email: 'a@' },
        'Enter a valid email address',
      ],
    ])('%s %j → %s', async (url, body, message) => {
      const response = await postJson(t.app, url, body);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    });

    it('answers malformed JSON with 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/customer/auth/sign-in',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@example.com", ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The request body is not valid JSON.',
        code: 'INVALID_JSON',
      });
    });

    it('answers a body that is not an object, or no body at all, with 400', async () => {
      expect((await signUp(['a', 'b'])).json.message).toBe(
        'The request body must be a JSON object.',
      );
      const empty = await t.app.inject({ method: 'POST', url: '/api/customer/auth/sign-in' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ message: string }>().message).toBe(
        'The request body must be a JSON object.',
      );
    });

    it('answers an oversized body with 413 and a body of another type with 415 or 400', async () => {
      const huge = await signUp({
        name: 'x'.repeat(20_000),
        email: 'a@example.com',
        password: 'long-enough',
      });
      expect(huge.status).toBe(413);
      expect(huge.json.message).toBe('The request body is too large.');
      expect(huge.json.code).toBe('PAYLOAD_TOO_LARGE');
      const xml = await t.app.inject({
        method: 'POST',
        url: '/api/customer/auth/sign-in',
        headers: { 'content-type': 'application/xml' },
        payload: '<email>a</email>',
      });
      expect(xml.statusCode).toBe(415);
      expect(xml.json<{ code: string }>().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(xml.json<{ message: string }>().message).toBe(
        'This content type is not supported. Send JSON.',
      );
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/customer/auth/sign-in',
        headers: { 'content-type': 'text/plain' },
        payload: 'email=a',
      });
      expect(text.statusCode).toBe(400);
      expect(text.json<{ message: string }>().message).toBe(
        'The request body must be a JSON object.',
      );
    });
  });

  describe('rate limits', () => {
    it('throttles sign-in attempts per email', async () => {
      await createVerifiedAccount(t, { email: 'target@example.com', password: 'right-password' });
      const attempts: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await postJson(t.app, '/customer/auth/sign-in', {
          email: 'target@example.com',
          password: `wrong-${i}`,
        });
        attempts.push(response.status);
      }
      // Ten failures from this client, then it is refused (the sign-in above is no failure).
      expect(attempts.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(attempts[10]).toBe(429);
      const last = await postJson(t.app, '/customer/auth/sign-in', {
        email: 'target@example.com',
        password: 'wrong-again',
      });
      expect(last.status).toBe(429);
      expect(last.json.message).toBe(AUTH_MESSAGES.tooManyAttempts(600));
      expect(last.json.code).toBe('RATE_LIMITED');
      expect(last.headers['retry-after']).toBe('600');
      // The right password past the limit is asked for a mailed code (decision 104).
      const right = await postJson(t.app, '/customer/auth/sign-in', {
        email: 'target@example.com',
        password: 'right-password',
      });
      expect(right.status).toBe(403);
      expect(right.json.code).toBe('SIGN_IN_CODE_REQUIRED');
    });

    it('throttles per address across emails', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const response = await postJson(
          t.app,
          '/customer/auth/sign-in',
          { email: `spray${i}@example.com`, password: 'whatever' },
          { 'x-forwarded-for': '203.0.113.9' },
        );
        statuses.push(response.status);
      }
      // TRUST_PROXY is off: the header is ignored and the socket address counts.
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('system routes', () => {
    it('reports health with database reachability and version', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      const body = response.json<{
        message: string;
        data: { status: string; database: string; version: string };
      }>();
      expect(body).toMatchObject({ message: 'OK', data: { status: 'ok', database: 'up' } });
      expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
    });

    it('serves the OpenAPI documentation page', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
    });

    it('answers unknown API paths with JSON 404', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'No API route matches GET /api/no-such-thing.',
        code: 'NOT_FOUND',
      });
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/customer/auth/nope',
        payload: {},
      });
      expect(post.statusCode).toBe(404);
    });

    it('serves the app for deep links and hashed assets with long caching', async () => {
      for (const url of ['/', '/posts', '/admin/subscriptions', '/login?next=1']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
      expect(missing.statusCode).toBe(404);
    });

    it("names a screen's chunks in its page, compressed, and leaves other pages plain", async () => {
      const posts = await t.app.inject({
        method: 'GET',
        url: '/posts?post=1',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(posts.statusCode).toBe(200);
      expect(posts.headers['content-encoding']).toBe('br');
      expect(posts.headers['content-type']).toContain('text/html');
      expect(posts.headers['cache-control']).toBe('no-cache');
      expect(posts.headers['vary']).toMatch(/accept-encoding/i);
      const html = brotliDecompressSync(posts.rawPayload).toString();
      // Named in the list the page's inline loader adds after the first paint (decision 126),
      // which the CSP allows by its hash and no other inline script.
      expect(html).toMatch(/id="cadence-scripts">[^<]*"\/assets\/posts-page-abc123\.js"/);
      expect(html).toContain(`<script>${AFTER_PAINT_LOADER}</script>`);
      expect(posts.headers['content-security-policy']).toContain(
        `script-src 'self' ${AFTER_PAINT_CSP_SOURCE}`,
      );
      expect(html).toContain('<div id="root">');
      const again = await t.app.inject({
        method: 'GET',
        url: '/posts',
        headers: { 'if-none-match': String(posts.headers['etag']) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const companies = await t.app.inject({ method: 'GET', url: '/companies' });
      expect(companies.body).not.toContain('modulepreload');
    });

    it('sends built assets precompressed: brotli, else gzip, else as they are', async () => {
      const url = '/assets/big-abc123.js';
      const br = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

      const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

      const plain = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_JS);
    });

    it('compresses JSON answers over 1 KB and leaves small ones alone', async () => {
      const large = await t.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(large.statusCode).toBe(200);
      expect(large.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('paths');

      const gz = await t.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveProperty('paths');

      const small = await t.app.inject({
        method: 'GET',
        url: '/api/no-such-thing',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toMatchObject({ statusCode: 404 });
    });

    it('sends security headers and a request id', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/posts' });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // Served over plain HTTP here: promising HTTPS would lock people out.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });
});
