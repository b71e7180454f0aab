import type { AddressInfo } from 'node:net';
import {
  AI_MESSAGES,
  AI_POST_MESSAGES,
  HTTP_MESSAGES,
  LOGO_MESSAGES,
  MEDIA_MESSAGES,
  PROFILE_MESSAGES,
  UPLOAD_RATE_LIMIT,
} from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, startTestWebsite } from '@cadence/fakes';
import { apiCall, apiForm } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import { FAKE_EXECUTABLE, makePng, multipartFile } from './helpers/images.js';
import {
  createTestApp,
  createVerifiedAccount,
  type TestApp,
  setTierByCommand,
} from './helpers/test-app.js';

/** 68 KB of nested groups: cleaning it on the event loop held every request for about 2 minutes. */
const DEEP_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">${'<g>'.repeat(10_000)}<circle cx="32" cy="32" r="30"/>${'</g>'.repeat(10_000)}</svg>`,
);

/** The health route's slowest answer allowed while the server works on hostile input. */
const HEALTH_BOUND_MS = 250;

describe.each(engines)('hostile files and pages stay off the event loop on %s', (engine) => {
  let t: TestApp;
  let origin: string;
  let website: Awaited<ReturnType<typeof startTestWebsite>>;
  let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let token: string;

  beforeAll(async () => {
    website = await startTestWebsite();
    openai = await startFakeOpenAi(() => ({ text: 'A post.' }));
    t = await createTestApp(engine, {
      env: {
        OPENAI_API_KEY: openai.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        FETCH_ALLOW_HOSTS: 'localhost',
      },
    });
    // A real socket, so the health route is asked by a client as it would be in production.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    token = await createVerifiedAccount(t, { email: 'hostile@example.com' });
    await setTierByCommand(t, 'hostile@example.com', 'pro');
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([website?.close(), openai?.close()]);
  });

  /**
   * Runs `work` while another client asks GET /api/health back to back (at least 20 times),
   * and answers the work's result with the slowest health answer in milliseconds.
   */
  async function healthDuring<T>(work: () => Promise<T>) {
    const times: number[] = [];
    let isDone = false;
    const poll = (async () => {
      while (!isDone || times.length < 20) {
        const started = performance.now();
        const response = await fetch(`${origin}/api/health`);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        times.push(performance.now() - started);
      }
    })();
    let result: T;
    try {
      result = await work();
    } finally {
      isDone = true;
      await poll;
    }
    return { result, slowestMs: Math.max(...times) };
  }

  async function uploadLogoOverHttp(bytes: Buffer, name: string, type: string) {
    const { payload, headers } = multipartFile('file', name, type, bytes);
    const response = await fetch(`${origin}/api/customer/company/logo`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: payload,
    });
    return {
      status: response.status,
      json: (await response.json()) as { message: string; code?: string },
    };
  }

  it('refuses the depth-10,000 SVG logo with a 400 while the health route keeps answering', async () => {
    const { result, slowestMs } = await healthDuring(() =>
      uploadLogoOverHttp(DEEP_SVG, 'deep.svg', 'image/svg+xml'),
    );
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({
      message: LOGO_MESSAGES.svgTooComplex,
      code: 'LOGO_SVG_TOO_COMPLEX',
    });
    expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
  });

  it('judges a logo of many empty comments at once', async () => {
    // The old sniffing pattern backtracked exponentially: seconds for 28 comments.
    const comments = Buffer.from(`${'<!---->'.repeat(28)}x`);
    const { result, slowestMs } = await healthDuring(() =>
      uploadLogoOverHttp(comments, 'logo.svg', 'image/svg+xml'),
    );
    expect(result.status).toBe(400);
    expect(result.json.message).toBe(LOGO_MESSAGES.type);
    expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
  });

  it('refuses a JSON body nested a million levels deep before parsing it', async () => {
    // Under the 1 MB body limit; JSON.parse spent about half a second on it.
    const depth = 512 * 1024 - 16;
    const body = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const { result, slowestMs } = await healthDuring(async () => {
      const response = await fetch(`${origin}/api/customer/post`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      return { status: response.status, json: (await response.json()) as { message: string } };
    });
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ message: HTTP_MESSAGES.jsonTooDeep, code: 'INVALID_JSON' });
    expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
  });

  it('counts refused uploads in the upload rate, whichever form they came through', async () => {
    const burst = await createVerifiedAccount(t, { email: 'burst@example.com' });
    const company = await apiCall(t.app, 'POST', '/customer/company', burst, {
      name: 'Burst',
      website: 'burst.example.com',
    });
    const companyId = company.json.data?.id as string;
    const logo = (bytes: Buffer, name = 'logo.svg', type = 'image/svg+xml') => {
      const { payload, headers } = multipartFile('file', name, type, bytes);
      return apiCall(t.app, 'POST', '/customer/company/logo', burst, payload, { headers });
    };
    const refusals: Array<[() => Promise<{ status: number; json: { message?: string } }>, string]> =
      [
        [() => logo(DEEP_SVG), LOGO_MESSAGES.svgTooComplex],
        [() => logo(FAKE_EXECUTABLE, 'logo.png', 'image/png'), LOGO_MESSAGES.type],
        [
          () =>
            apiForm(t.app, 'PUT', '/customer/update', burst, [
              { name: 'name', value: 'Burst' },
              { name: 'profile_image', filename: 'me.png', type: 'image/png', bytes: DEEP_SVG },
            ]),
          PROFILE_MESSAGES.avatarType,
        ],
        [
          () =>
            apiForm(t.app, 'POST', '/customer/post', burst, [
              { name: 'company_id', value: companyId },
              { name: 'content', value: 'with a bad file' },
              { name: 'media', filename: 'a.png', type: 'image/png', bytes: FAKE_EXECUTABLE },
            ]),
          MEDIA_MESSAGES.type,
        ],
      ];
    for (let attempt = 0; attempt < UPLOAD_RATE_LIMIT.max; attempt++) {
      const [send, message] = refusals[attempt % refusals.length]!;
      const refused = await send();
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe(message);
    }
    const valid = await logo(makePng(64, 64), 'logo.png', 'image/png');
    expect(valid.status).toBe(429);
    expect(valid.json).toMatchObject({ code: 'UPLOAD_RATE_LIMITED' });
    expect(valid.json.message).toMatch(/^Too many uploads\. Please try again in \d+ seconds?\.$/);
    // Refused at once, before the next file is even judged.
    expect((await logo(DEEP_SVG)).status).toBe(429);

    t.clock.advance(UPLOAD_RATE_LIMIT.windowSeconds + 1);
    expect((await logo(makePng(64, 64), 'logo.png', 'image/png')).status).toBe(201);
  });

  describe('the article reader', () => {
    const postFromUrl = (url: string) =>
      fetch(`${origin}/api/ai/post-from-url`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ url }),
      }).then(async (response) => ({
        status: response.status,
        json: (await response.json()) as { message: string; code?: string },
      }));

    it.each([
      ['100,000 closed', '/deep'],
      ['16,000 open', '/deep-open'],
    ])(
      'refuses a page of %s nested elements with a 422 the customer can act on',
      async (_what, path) => {
        const { result, slowestMs } = await healthDuring(() => postFromUrl(website.url(path)));
        expect(result.status).toBe(422);
        expect(result.json).toMatchObject({
          message: AI_POST_MESSAGES.pageUnreadable(AI_POST_MESSAGES.pageTooComplex),
          code: 'PAGE_UNREADABLE',
        });
        expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
      },
    );

    it('refuses a deeply nested company website the same way', async () => {
      const response = await apiCall(t.app, 'POST', '/ai/company-description', token, {
        website: website.url('/deep'),
      });
      expect(response.status).toBe(422);
      expect(response.json.message).toBe(AI_MESSAGES.websiteTooComplex);
    });

    it('still reads an ordinary page', async () => {
      const response = await postFromUrl(website.url());
      expect(response.status).toBe(200);
    });
  });
});
