import { AI_MESSAGES, SIZE_FORMATS } from '@cadence/shared';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiCallLogs } from '../src/db/schema.js';
import { engines } from './helpers/databases.js';
import { apiCall } from './helpers/api.js';
import {
  createTestApp,
  createVerifiedAccount,
  postJson,
  type TestApp,
  setTierByCommand,
} from './helpers/test-app.js';
import { startFakeOpenAi, startTestWebsite } from '@cadence/fakes';

const LONG_POST =
  'Reusable rockets are changing who gets to go to orbit. Acme now flies small satellites for a tenth of the usual price, and universities book seats every week. The engines land and fly again within two days, which keeps costs down for everyone who builds small spacecraft. 🚀🛰️ #Space #Launch';

describe.each(engines)('AI writing helpers on %s', (engine) => {
  let website: Awaited<ReturnType<typeof startTestWebsite>>;
  let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let reply = 'A post.';
  let t: TestApp;
  let guarded: TestApp;
  let unconfigured: TestApp;
  let proToken: string;
  let freeToken: string;
  let strangerToken: string;
  let acmeId: string;
  let betaId: string;
  let strangersCompanyId: string;

  beforeAll(async () => {
    website = await startTestWebsite();
    openai = await startFakeOpenAi(() => ({ text: reply }));
    const aiEnv = { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseUrl };
    // One at a time: building apps side by side starves a small machine's CPU.
    t = await createTestApp(engine, { env: { ...aiEnv, FETCH_ALLOW_HOSTS: 'localhost' } });
    guarded = await createTestApp(engine, { env: aiEnv });
    unconfigured = await createTestApp(engine);
    proToken = await createVerifiedAccount(t, { email: 'pro@example.com' });
    await setTierByCommand(t, 'pro@example.com', 'pro');
    freeToken = await createVerifiedAccount(t, { email: 'free@example.com' });
    strangerToken = await createVerifiedAccount(t, { email: 'stranger@example.com' });
    await setTierByCommand(t, 'stranger@example.com', 'pro');

    const addCompany = async (token: string, body: object) => {
      const response = await apiCall(t.app, 'POST', '/customer/company', token, body);
      if (response.status !== 201) throw new Error(`company: ${response.body}`);
      return response.json.data?.id as string;
    };
    acmeId = await addCompany(proToken, {
      name: 'Acme Rockets',
      website: 'acme.example.com',
      industry: 'custom',
      custom_industry: 'Aerospace',
      description: 'Reusable rockets that put small satellites in orbit cheaply.',
    });
    betaId = await addCompany(proToken, {
      name: 'Beta Satellites',
      website: 'beta.example.com',
      industry: 'Technology',
      description: 'Tiny satellites for weather data.',
    });
    strangersCompanyId = await addCompany(strangerToken, {
      name: 'Secret Corp',
      website: 'secret.example.com',
      industry: 'Technology',
      description: 'Not yours.',
    });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), guarded?.close(), unconfigured?.close()]);
    await Promise.all([website?.close(), openai?.close()]);
  });
  beforeEach(() => {
    reply = 'A post.';
  });

  const call = (path: string, body: object, token = proToken, app = t) =>
    apiCall(app.app, 'POST', `/ai/${path}`, token, body);
  const lastPrompt = () =>
    openai.requests
      .at(-1)!
      .messages.map((m) => m.content)
      .join('\n');
  const lastLog = async () => {
    const [row] = await t.infra.database.db
      .select()
      .from(aiCallLogs)
      .orderBy(desc(aiCallLogs.createdAt))
      .limit(1);
    return row;
  };

  describe('post from URL', () => {
    it('writes a post from the article with tone, size, entities, counts and keywords', async () => {
      reply = `"${LONG_POST}"`;
      const response = await call('post-from-url', {
        url: website.url(),
        company_id: acmeId,
        reference_company_id: betaId,
        tone: 'humorous',
        size_format: 'tweet',
        include_emojis: true,
        emoji_count: 4,
        include_hashtags: true,
        hashtag_count: 12,
        keywords: 'reusable, orbit',
      });
      expect(response.status).toBe(200);
      expect(response.json.message).toBe('URL scanned successfully');
      const content = response.json.data?.content as string;
      expect(content.length).toBeLessThanOrEqual(SIZE_FORMATS.tweet.max);
      expect(content.startsWith('Reusable rockets are changing')).toBe(true);
      expect(content).not.toContain('"');

      const prompt = lastPrompt();
      expect(openai.requests.at(-1)!.model).toBe('gpt-4');
      expect(prompt).toContain('Tone: humorous.');
      expect(prompt).toContain('At most 250 characters');
      expect(prompt).toContain('Style: Concise and engaging.');
      expect(prompt).toContain('Name: Acme Rockets');
      expect(prompt).toContain('Industry: Aerospace');
      expect(prompt).toContain('Reusable rockets that put small satellites in orbit cheaply.');
      expect(prompt).toContain('Name: Beta Satellites');
      expect(prompt).toContain('exactly 4 fitting emojis');
      expect(prompt).toContain('exactly 10 relevant hashtags');
      expect(prompt).toContain('reusable, orbit');
      expect(prompt).toContain('Acme Rockets – Reusable rockets for small satellites');
      expect(prompt).toContain('Our engines land and fly again within 48 hours.');
      expect(prompt).not.toContain('should not be read');

      const log = await lastLog();
      expect(log).toMatchObject({ purpose: 'post-from-url', model: 'gpt-4', error: null });
      expect(log?.response).toBe(`"${LONG_POST}"`);
      expect(log?.prompt).toContain('Tone: humorous.');
    });

    it('uses the default hints and no extras without a size format', async () => {
      reply = LONG_POST;
      const response = await call('post-from-url', { url: website.url() });
      expect(response.status).toBe(200);
      expect(response.json.data?.content).toBe(LONG_POST);
      const prompt = lastPrompt();
      expect(prompt).toContain('Tone: professional.');
      expect(prompt).toContain('Length: Keep it concise.');
      expect(prompt).toContain('Style: Professional and engaging.');
      expect(prompt).toContain('Emojis: none.');
      expect(prompt).toContain('Hashtags: none.');
      expect(prompt).not.toContain('published by this company');
    });

    it("answers 404 for another customer's entity, before any AI call", async () => {
      const before = openai.requests.length;
      for (const body of [
        { url: website.url(), company_id: strangersCompanyId },
        { url: website.url(), reference_company_id: strangersCompanyId },
      ]) {
        const response = await call('post-from-url', body);
        expect(response.status).toBe(404);
        expect(response.json.message).toBe('Entity not found');
      }
      expect(openai.requests.length).toBe(before);
    });

    it('says why a page could not be read', async () => {
      const missing = await call('post-from-url', { url: website.url('/missing') });
      expect(missing.status).toBe(422);
      expect(missing.json.message).toBe(
        `Could not read that page: localhost:${website.port} answered 404`,
      );
      const redirects = await call('post-from-url', { url: website.url('/hop/5') });
      expect(redirects.status).toBe(422);
      expect(redirects.json.message).toMatch(/^Could not read that page: .*redirected more than 3/);
    });

    it('refuses private addresses unless the host is allowed', async () => {
      const token = await createVerifiedAccount(guarded, { email: 'guarded@example.com' });
      await setTierByCommand(guarded, 'guarded@example.com', 'pro');
      const response = await call('post-from-url', { url: website.url() }, token, guarded);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(AI_MESSAGES.websiteBlocked);
    });

    it('asks for a URL first, and a valid one', async () => {
      for (const body of [{}, { url: '   ' }]) {
        const response = await call('post-from-url', body);
        expect(response.status).toBe(400);
        expect(response.json.message).toBe('Please enter a URL');
      }
      const bad = await call('post-from-url', { url: 'javascript:alert(1)' });
      expect(bad.status).toBe(400);
      expect(bad.json.message).toBe('Enter a valid web address, like example.com/article');
    });

    it('rejects an unknown tone or size format with a readable message', async () => {
      const tone = await call('post-from-url', { url: website.url(), tone: 'angry' });
      expect(tone.status).toBe(400);
      expect(tone.json.message).toBe('Choose a tone from the list');
      const size = await call('post-from-url', { url: website.url(), size_format: 'novel' });
      expect(size.status).toBe(400);
      expect(size.json.message).toBe('Choose a size format from the list');
    });
  });

  describe('hashtags', () => {
    it('keeps only #items, de-duplicated, at most count', async () => {
      reply = '#Launch, rockets, #Space, #space, #social media, #Orbit, #Extra';
      const response = await call('hashtags', { content: 'We launched a rocket!', count: 3 });
      expect(response.status).toBe(200);
      expect(response.json.message).toBe('Hashtags generated successfully');
      expect(response.json.data).toEqual({ hashtags: ['#Launch', '#Space', '#Orbit'] });
      const prompt = lastPrompt();
      expect(prompt).toContain('Suggest 3 relevant hashtags');
      expect(prompt).toContain('comma-separated');
      expect(prompt).toContain('We launched a rocket!');
      expect(await lastLog()).toMatchObject({ purpose: 'hashtags', error: null });
    });

    it('uses the default count of 3 for invalid input', async () => {
      reply = '#A, #B, #C, #D, #E';
      const response = await call('hashtags', { content: 'Hello', count: 'many' });
      expect(response.json.data).toEqual({ hashtags: ['#A', '#B', '#C'] });
    });

    it('fails with the spec message when the answer holds no hashtag', async () => {
      reply = 'I would rather not.';
      const response = await call('hashtags', { content: 'Hello', count: 3 });
      expect(response.status).toBe(502);
      expect(response.json.message).toBe('Failed to generate hashtags');
    });

    it('needs content', async () => {
      const response = await call('hashtags', { content: '  ', count: 3 });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe('Please enter some content first');
    });
  });

  describe('enhance', () => {
    it("brings the entity's description into the content, in the tone", async () => {
      reply = 'We are hiring at Acme Rockets, where reusable rockets make orbit affordable.';
      const response = await call('enhance', {
        company_id: acmeId,
        content: 'We are hiring!',
        tone: 'friendly',
      });
      expect(response.status).toBe(200);
      expect(response.json.message).toBe('Company information integrated successfully');
      expect(response.json.data).toEqual({ content: reply });
      const prompt = lastPrompt();
      expect(prompt).toContain('Tone: friendly.');
      expect(prompt).toContain('Name: Acme Rockets');
      expect(prompt).toContain('Reusable rockets that put small satellites in orbit cheaply.');
      expect(prompt).toContain('We are hiring!');
      expect(await lastLog()).toMatchObject({ purpose: 'enhance', error: null });
    });

    it('needs an entity and content, and only the customer’s own', async () => {
      const noEntity = await call('enhance', { content: 'Hi' });
      expect(noEntity.status).toBe(400);
      expect(noEntity.json.message).toBe('Please select an entity and add content first');
      const noContent = await call('enhance', { company_id: acmeId, content: '' });
      expect(noContent.status).toBe(400);
      expect(noContent.json.message).toBe('Please add content first');
      const foreign = await call('enhance', { company_id: strangersCompanyId, content: 'Hi' });
      expect(foreign.status).toBe(404);
      expect(foreign.json.message).toBe('Entity not found');
    });
  });

  describe('generate', () => {
    it('replaces every [AI] marker with text about the entity', async () => {
      reply = 'Acme Rockets flies small satellites for less.';
      const response = await call('generate', {
        company_id: acmeId,
        content: 'Big news: [AI] Join us! [AI]',
        tone: 'enthusiastic',
      });
      expect(response.status).toBe(200);
      expect(response.json.data).toEqual({
        content: `Big news: ${reply} Join us! ${reply}`,
      });
      const prompt = lastPrompt();
      expect(prompt).toContain('placeholder [AI]');
      expect(prompt).toContain('Big news: [AI] Join us! [AI]');
      expect(prompt).toContain('Tone: enthusiastic.');
      expect(prompt).toContain('Name: Acme Rockets');
      expect(await lastLog()).toMatchObject({ purpose: 'generate', error: null });
    });

    it('answers the text alone without a marker, capped to the size format', async () => {
      reply = LONG_POST;
      const response = await call('generate', {
        company_id: betaId,
        content: '',
        size_format: 'bite',
      });
      expect(response.status).toBe(200);
      const content = response.json.data?.content as string;
      expect(content.length).toBeLessThanOrEqual(150);
      expect(LONG_POST.startsWith(content.replace(/…$/, ''))).toBe(true);
      expect(lastPrompt()).toContain('At most 150 characters');
      expect(lastPrompt()).toContain('Name: Beta Satellites');
    });

    it("answers 404 for another customer's entity", async () => {
      const response = await call('generate', { company_id: strangersCompanyId, content: '[AI]' });
      expect(response.status).toBe(404);
      expect(response.json.message).toBe('Entity not found');
    });
  });

  describe('gating', () => {
    const bodies = () =>
      [
        ['post-from-url', { url: website.url() }],
        ['hashtags', { content: 'Hello', count: 3 }],
        ['enhance', { company_id: acmeId, content: 'Hello' }],
        ['generate', { company_id: acmeId, content: '[AI]' }],
      ] as const;

    it('answers 403 on a plan without AI, before any AI call', async () => {
      const before = openai.requests.length;
      for (const [path, body] of bodies()) {
        const response = await call(path, body, freeToken);
        expect(response.status, path).toBe(403);
        expect(response.json.message).toBe(AI_MESSAGES.notInPlan);
      }
      expect(openai.requests.length).toBe(before);
    });

    it('answers 503 when the server has no AI key', async () => {
      const token = await createVerifiedAccount(unconfigured, { email: 'nokey@example.com' });
      for (const [path, body] of bodies()) {
        const response = await call(path, body, token, unconfigured);
        expect(response.status, path).toBe(503);
        expect(response.json.message).toBe('AI is not configured on this server');
      }
    });

    it('needs a signed-in customer', async () => {
      for (const [path, body] of bodies()) {
        const response = await postJson(t.app, `/ai/${path}`, body);
        expect(response.status, path).toBe(401);
      }
    });
  });
});
