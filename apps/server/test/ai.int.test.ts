import { AI_MESSAGES } from '@cadence/shared';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiCallLogs } from '../src/db/schema.js';
import { engines } from './helpers/databases.js';
import { apiCall } from './helpers/api.js';
import {
  createTestApp,
  createVerifiedAccount,
  type TestApp,
  setTierByCommand,
} from './helpers/test-app.js';
import { startFakeOpenAi, startTestWebsite } from '@cadence/fakes';

const DESCRIPTION =
  'Acme Rockets flies small satellites to orbit for a tenth of the usual price. Universities and start-ups book seats on weekly launches. Engines that land and refly within 48 hours keep costs down.';

describe.each(engines)('AI Assist on %s', (engine) => {
  let website: Awaited<ReturnType<typeof startTestWebsite>>;
  let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let aiFails = false;
  let t: TestApp;
  let guarded: TestApp;
  let unconfigured: TestApp;
  let proToken: string;
  let freeToken: string;

  beforeAll(async () => {
    website = await startTestWebsite();
    openai = await startFakeOpenAi(() =>
      aiFails ? { status: 500, message: 'The server had an error' } : { text: `"${DESCRIPTION}"` },
    );
    const aiEnv = { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseUrl };
    t = await createTestApp(engine, { env: { ...aiEnv, FETCH_ALLOW_HOSTS: 'localhost' } });
    guarded = await createTestApp(engine, { env: aiEnv });
    unconfigured = await createTestApp(engine);
    proToken = await createVerifiedAccount(t, { email: 'pro@example.com' });
    await setTierByCommand(t, 'pro@example.com', 'pro');
    freeToken = await createVerifiedAccount(t, { email: 'free@example.com' });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), guarded?.close(), unconfigured?.close()]);
    await Promise.all([website?.close(), openai?.close()]);
  });

  const describeCompany = (app: TestApp, token: string, body: object) =>
    apiCall(app.app, 'POST', '/ai/company-description', token, body);

  it('describes a company from its website, in the chosen tone and industry', async () => {
    const response = await describeCompany(t, proToken, {
      website: website.url(),
      tone: 'friendly',
      industry: 'Aerospace',
      name: 'Acme',
    });
    expect(response.status).toBe(200);
    expect(response.json.message).toBe('Website scanned successfully');
    expect(response.json.data).toEqual({ description: DESCRIPTION });

    const request = openai.requests.at(-1)!;
    expect(request.model).toBe('gpt-4');
    const [system, user] = request.messages;
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/marketing copywriter/);
    expect(user?.content).toMatch(/2-3 sentence/);
    expect(user?.content).toMatch(/value proposition/);
    expect(user?.content).toMatch(/target audience/);
    expect(user?.content).toMatch(/competitive advantage/);
    expect(user?.content).toContain('friendly tone');
    expect(user?.content).toContain('Aerospace');
    expect(user?.content).toContain('Acme Rockets – Reusable rockets for small satellites');
    expect(user?.content).toContain('a tenth of the usual price');
    expect(user?.content).toContain('Our engines land and fly again within 48 hours.');
    expect(user?.content).not.toContain('should not be read');
    expect(user?.content).not.toContain('Careers');
  });

  it('records the call in the AI call log', async () => {
    const [row] = await t.infra.database.db
      .select()
      .from(aiCallLogs)
      .orderBy(desc(aiCallLogs.createdAt))
      .limit(1);
    expect(row).toMatchObject({
      platform: 'openai',
      model: 'gpt-4',
      purpose: 'company-description',
      response: `"${DESCRIPTION}"`,
      error: null,
    });
    expect(row?.prompt).toContain('Acme Rockets');
    expect(row?.inputTokens).toBeGreaterThan(0);
    expect(row?.outputTokens).toBeGreaterThan(0);
    expect(row?.responseTimeMs).toBeGreaterThanOrEqual(0);
  });

  it('follows up to three redirects and refuses more', async () => {
    expect((await describeCompany(t, proToken, { website: website.url('/hop/2') })).status).toBe(
      200,
    );
    const tooMany = await describeCompany(t, proToken, { website: website.url('/hop/3') });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.message).toBe(AI_MESSAGES.websiteUnreachable);
  });

  it('reads only the first 2 MB of a huge page', async () => {
    const response = await describeCompany(t, proToken, { website: website.url('/huge') });
    expect(response.status).toBe(200);
  });

  it('says so when the website cannot be read', async () => {
    const response = await describeCompany(t, proToken, { website: website.url('/missing') });
    expect(response.status).toBe(422);
    expect(response.json.message).toBe(AI_MESSAGES.websiteUnreachable);
  });

  it('refuses loopback and private addresses unless the host is allowed', async () => {
    const token = await createVerifiedAccount(guarded, { email: 'guarded@example.com' });
    await setTierByCommand(guarded, 'guarded@example.com', 'pro');
    for (const url of [
      website.url(),
      `http://127.0.0.1:${website.port}/`,
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
    ]) {
      const response = await describeCompany(guarded, token, { website: url });
      expect(response.status, url).toBe(400);
      expect(response.json.message).toBe(AI_MESSAGES.websiteBlocked);
    }
  });

  it('answers 403 on a plan without AI', async () => {
    const response = await describeCompany(t, freeToken, { website: website.url() });
    expect(response.status).toBe(403);
    expect(response.json.message).toBe(AI_MESSAGES.notInPlan);
  });

  it('answers 503 when the server has no AI key', async () => {
    const token = await createVerifiedAccount(unconfigured, { email: 'nokey@example.com' });
    const response = await describeCompany(unconfigured, token, { website: 'example.com' });
    expect(response.status).toBe(503);
    expect(response.json.message).toBe('AI is not configured on this server');
  });

  it('asks for a website first', async () => {
    for (const body of [{}, { website: '  ' }]) {
      const response = await describeCompany(t, proToken, body);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe('Please enter a website URL');
    }
  });

  it('reports an AI failure as such and logs it', async () => {
    aiFails = true;
    try {
      const response = await describeCompany(t, proToken, { website: website.url() });
      expect(response.status).toBe(502);
      expect(response.json.message).toBe(AI_MESSAGES.failed);
    } finally {
      aiFails = false;
    }
    const [row] = await t.infra.database.db
      .select()
      .from(aiCallLogs)
      .orderBy(desc(aiCallLogs.createdAt))
      .limit(1);
    expect(row?.error).toBeTruthy();
    expect(row?.response).toBeNull();
  });
});
