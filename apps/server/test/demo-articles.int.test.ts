import { articleText } from '@cadence/fakes';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoFakes } from '../demo/fakes.js';
import { aiCallLogs } from '../src/db/schema.js';
import { apiCall } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import {
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

// `npm run demo` runs without the internet: its news and web results link to article pages
// the demo serves itself, and its configuration lets the fetch guard read those (and only
// those) on the loopback address, so 'Scan URL' and 'From Articles' work end to end.
describe.each(engines)("the demo's article-to-post path on %s", (engine) => {
  let fakes: Awaited<ReturnType<typeof startDemoFakes>>;
  let t: TestApp;
  let token = '';

  beforeAll(async () => {
    fakes = await startDemoFakes();
    t = await createTestApp(engine, { env: { SIMULATED_NETWORKS: 'true', ...fakes.env } });
    token = await createVerifiedAccount(t, { email: 'writer@example.com' });
    await setTierByCommand(t, 'writer@example.com', 'pro');
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  it('finds articles on the demo itself and writes a post from one of them', async () => {
    const found = await apiCall<{ title: string; url: string }[]>(
      t.app,
      'GET',
      '/search/articles?q=electric%20bikes',
      token,
    );
    expect(found.status).toBe(200);
    const articles = found.json.data;
    expect(articles.length).toBeGreaterThan(10);
    for (const article of articles) expect(article.url.startsWith(fakes.articleOrigin)).toBe(true);
    const news = articles.find((article) => article.title === 'electric bikes: story 1')!;
    const web = articles.find((article) => article.title === 'electric bikes – page 2')!;

    for (const [article, n] of [
      [news, 1],
      [web, 2],
    ] as const) {
      const scanned = await apiCall<{ content: string }>(
        t.app,
        'POST',
        '/ai/post-from-url',
        token,
        { url: article.url, tone: 'professional', size_format: 'tweet' },
      );
      expect(scanned.status, scanned.body).toBe(200);
      expect(scanned.json.data.content.length).toBeGreaterThan(0);
      // The AI was given the article's own text, read from the page.
      const [log] = await t.infra.database.db
        .select({ prompt: aiCallLogs.prompt })
        .from(aiCallLogs)
        .orderBy(desc(aiCallLogs.createdAt))
        .limit(1);
      expect(log!.prompt).toContain(articleText('electric bikes', n)[1]);
    }
  });

  it('still refuses any other loopback address', async () => {
    const other = new URL(fakes.articleOrigin);
    other.port = String(Number(other.port) === 65535 ? 65534 : Number(other.port) + 1);
    const refused = await apiCall(t.app, 'POST', '/ai/post-from-url', token, {
      url: `${other.origin}/news/x/1`,
      tone: 'professional',
      size_format: 'tweet',
    });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('FETCH_BLOCKED');
  });
});
