import { POST_MESSAGES, SEARCH_MESSAGES } from '@cadence/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines } from './helpers/databases.js';
import { createTestApp, createVerifiedAccount, getJson, type TestApp } from './helpers/test-app.js';
import {
  makeCseItems,
  makeNewsArticles,
  startFakeGoogleCse,
  startFakeMediastack,
} from '@cadence/fakes';

type Rows = Array<Record<string, unknown>>;

describe.each(engines)('news, web and article search on %s', (engine) => {
  let mediastack: Awaited<ReturnType<typeof startFakeMediastack>>;
  let cse: Awaited<ReturnType<typeof startFakeGoogleCse>>;
  let t: TestApp;
  let newsOnly: TestApp;
  let wrongKeys: TestApp;
  let none: TestApp;
  const tokens = new Map<TestApp, string>();

  beforeAll(async () => {
    [mediastack, cse] = await Promise.all([startFakeMediastack(), startFakeGoogleCse()]);
    const news = {
      MEDIASTACK_ACCESS_KEY: mediastack.accessKey,
      MEDIASTACK_BASE_URL: mediastack.baseUrl,
    };
    const web = {
      GOOGLE_CSE_KEY: cse.key,
      GOOGLE_CSE_CX: cse.cx,
      GOOGLE_CSE_BASE_URL: cse.baseUrl,
    };
    // One at a time: building apps side by side starves a small machine's CPU.
    t = await createTestApp(engine, { env: { ...news, ...web } });
    newsOnly = await createTestApp(engine, { env: news });
    wrongKeys = await createTestApp(engine, {
      env: {
        ...news,
        ...web,
        MEDIASTACK_ACCESS_KEY: 'wrong-news-key',
        GOOGLE_CSE_KEY: 'wrong-web-key',
      },
    });
    none = await createTestApp(engine);
    for (const app of [t, newsOnly, wrongKeys, none]) {
      tokens.set(app, await createVerifiedAccount(app, { email: 'searcher@example.com' }));
    }
    // Four apps built one after another: about 30 s alone, more beside the rest of the suite.
  }, 180_000);
  afterAll(async () => {
    await Promise.all([t, newsOnly, wrongKeys, none].map((app) => app?.close()));
    await Promise.all([mediastack?.close(), cse?.close()]);
  });
  beforeEach(() => {
    mediastack.reset();
    cse.reset();
  });

  const search = async (path: string, app = t) => {
    const response = await getJson(app.app, `/search/${path}`, tokens.get(app));
    return { ...response, rows: (response.json.data ?? []) as unknown as Rows };
  };

  describe('news', () => {
    it('asks mediastack with the exact parameters and maps the articles', async () => {
      const response = await search('news?keywords=space%20launch');
      expect(response.status).toBe(200);
      expect(mediastack.calls).toEqual([
        {
          path: '/v1/news',
          query: {
            access_key: mediastack.accessKey,
            keywords: 'space launch',
            languages: 'en',
            limit: '10',
          },
        },
      ]);
      expect(response.rows).toHaveLength(10);
      const source = makeNewsArticles('space launch');
      expect(response.rows[0]).toEqual({
        id: expect.any(String) as unknown,
        title: source[0]!.title,
        description: source[0]!.description,
        url: source[0]!.url,
        source: 'Example News',
        published_at: source[0]!.published_at,
      });
      expect(response.rows[1]?.description).toBe('');
      expect(new Set(response.rows.map((row) => row.id)).size).toBe(10);
      const again = await search('news?keywords=space%20launch');
      expect(again.rows.map((row) => row.id)).toEqual(response.rows.map((row) => row.id));
    });

    it('drops articles without a usable http(s) link', async () => {
      const [good, bad] = makeNewsArticles('x');
      mediastack.setArticles([good!, { ...bad!, url: 'javascript:alert(1)' }]);
      const response = await search('news?keywords=x');
      expect(response.rows.map((row) => row.url)).toEqual([good!.url]);
    });

    it.each([
      [
        'usage-limit',
        'Your monthly usage limit has been reached. Please upgrade your Subscription Plan.',
      ],
      ['error-with-200', 'Your current Subscription Plan does not support this API Function.'],
      ['server-error', POST_MESSAGES.newsRequestFailed],
      ['invalid-json', POST_MESSAGES.newsRequestFailed],
    ] as const)(
      'reports a mediastack failure (%s) with the spec message',
      async (failure, message) => {
        mediastack.failNext(failure);
        const response = await search('news?keywords=space');
        expect(response.status).toBe(502);
        expect(response.json.message).toBe(message);
      },
    );

    it("shows mediastack's message for a wrong key, without the key", async () => {
      const response = await search('news?keywords=space', wrongKeys);
      expect(response.status).toBe(502);
      expect(response.json.message).toMatch(/^You have not supplied a valid API Access Key/);
      expect(response.body).not.toContain('wrong-news-key');
    });

    it('gives up after 8 seconds without an answer', async () => {
      mediastack.failNext('hang');
      const started = Date.now();
      const response = await search('news?keywords=slow');
      expect(Date.now() - started).toBeGreaterThanOrEqual(7_900);
      expect(response.status).toBe(502);
      expect(response.json.message).toBe(POST_MESSAGES.newsRequestFailed);
    });
  });

  describe('web', () => {
    it('asks Google with the exact parameters and prefers the social description', async () => {
      const response = await search('web?query=reusable%20rockets');
      expect(response.status).toBe(200);
      expect(cse.calls).toEqual([
        {
          path: '/customsearch/v1',
          query: { key: cse.key, cx: cse.cx, q: 'reusable rockets', num: '10' },
        },
      ]);
      const items = makeCseItems('reusable rockets');
      expect(response.rows).toHaveLength(10);
      expect(response.rows[0]).toEqual({
        id: expect.any(String) as unknown,
        title: items[0]!.title,
        description: 'Social description of reusable rockets 1.',
        url: items[0]!.link,
      });
      expect(response.rows[1]?.description).toBe(items[1]!.snippet);
    });

    it('answers no results when Google leaves items out', async () => {
      const response = await search('web?query=nothing');
      expect(response.status).toBe(200);
      expect(response.rows).toEqual([]);
    });

    it.each(['quota', 'server-error', 'invalid-json'] as const)(
      'reports a Google failure (%s) as Failed to search articles',
      async (failure) => {
        cse.failNext(failure);
        const response = await search('web?query=rockets');
        expect(response.status).toBe(502);
        expect(response.json.message).toBe('Failed to search articles');
      },
    );

    it('does not leak a refused key', async () => {
      const response = await search('web?query=rockets', wrongKeys);
      expect(response.status).toBe(502);
      expect(response.json.message).toBe('Failed to search articles');
      expect(response.body).not.toContain('wrong-web-key');
    });
  });

  describe('articles', () => {
    it('combines news and web results, one per article', async () => {
      const [first, ...rest] = makeNewsArticles('rockets');
      // The same page as the first web result, dressed differently.
      const duplicate = { ...first!, url: 'http://www.web.example.org/rockets/1/?utm_source=feed' };
      mediastack.setArticles([duplicate, ...rest]);
      const response = await search('articles?q=rockets');
      expect(response.status).toBe(200);
      expect(mediastack.calls).toHaveLength(1);
      expect(cse.calls).toHaveLength(1);
      expect(response.rows).toHaveLength(19);
      expect(response.rows[0]).toMatchObject({ url: duplicate.url, source: 'Example News' });
      expect(response.rows.filter((row) => String(row.url).includes('/rockets/1/'))).toHaveLength(
        1,
      );
      expect(response.rows.at(-1)).toMatchObject({ source: null, published_at: null });
    });

    it('uses the other source when one fails', async () => {
      mediastack.failNext('server-error');
      const webOnly = await search('articles?q=rockets');
      expect(webOnly.status).toBe(200);
      expect(webOnly.rows).toHaveLength(10);
      expect(webOnly.rows.every((row) => row.source === null)).toBe(true);

      cse.failNext('quota');
      const newsOnlyRows = await search('articles?q=rockets');
      expect(newsOnlyRows.status).toBe(200);
      expect(newsOnlyRows.rows.every((row) => row.source === 'Example News')).toBe(true);
    });

    it('fails with Failed to search articles when every source fails', async () => {
      mediastack.failNext('usage-limit');
      cse.failNext('server-error');
      const response = await search('articles?q=rockets');
      expect(response.status).toBe(502);
      expect(response.json.message).toBe('Failed to search articles');
    });

    it('uses whichever source is configured', async () => {
      const response = await search('articles?q=rockets', newsOnly);
      expect(response.status).toBe(200);
      expect(response.rows).toHaveLength(10);
      expect(cse.calls).toHaveLength(0);
    });
  });

  describe('blank queries, settings and access', () => {
    it('answers no results for a blank query, without any outside call', async () => {
      for (const path of [
        'news',
        'news?keywords=',
        'news?keywords=%20%20',
        'web?query=%09',
        'articles?q=',
        'articles',
      ]) {
        const response = await search(path);
        expect(response.status, path).toBe(200);
        expect(response.rows).toEqual([]);
      }
      expect(mediastack.calls).toHaveLength(0);
      expect(cse.calls).toHaveLength(0);
    });

    it('answers 503 in words a customer can act on, naming no setting', async () => {
      const cases = [
        ['news?keywords=a', SEARCH_MESSAGES.newsNotConfigured, 'MEDIASTACK_ACCESS_KEY', none],
        ['web?query=a', SEARCH_MESSAGES.webNotConfigured, 'GOOGLE_CSE_CX', none],
        ['articles?q=a', SEARCH_MESSAGES.articlesNotConfigured, 'GOOGLE_CSE_KEY', none],
        ['web?query=a', SEARCH_MESSAGES.webNotConfigured, 'GOOGLE_CSE_KEY', newsOnly],
      ] as const;
      for (const [path, message, setting, app] of cases) {
        const response = await search(path, app);
        expect(response.status, path).toBe(503);
        expect(response.json.message).toBe(message);
        expect(response.json.message).not.toContain(setting);
        expect(response.json.message).not.toMatch(/[A-Z]{3,}_[A-Z_]+/);
      }
    });

    it('refuses an overlong query with a readable message', async () => {
      const response = await search(`news?keywords=${'a'.repeat(201)}`);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe('Search text must be at most 200 characters');
      expect(mediastack.calls).toHaveLength(0);
    });

    it('needs a signed-in customer', async () => {
      for (const path of ['news?keywords=a', 'web?query=a', 'articles?q=a']) {
        const response = await getJson(t.app, `/search/${path}`);
        expect(response.status, path).toBe(401);
      }
    });
  });
});
