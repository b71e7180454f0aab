import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialConnections } from '../src/db/schema.js';
import { apiCall } from './helpers/api.js';
import { createCookieJar } from './helpers/cookie-jar.js';
import { engines } from './helpers/databases.js';
import { createCompany, startNetworkFakes, type NetworkFakes } from './helpers/networks.js';
import {
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

// The demo says PUBLIC_URL is localhost; a newcomer opens it on 127.0.0.1. One-click connect
// must come back to the address the browser used (its session and the flow's cookie live
// there), and never to an address anyone else named.
const PORT = '4317';
const PUBLIC_URL = `http://localhost:${PORT}`;
const CALLBACK = '/api/social-accounts/oauth/twitter/callback';

describe.each(engines)('where one-click connect returns, in the demo, on %s', (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let owner = '';
  let companyId = '';

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, {
      env: {
        ...fakes.env,
        ...fakes.oauthEnv,
        PUBLIC_URL,
        PORT,
        SIMULATED_NETWORKS: 'true',
      },
    });
    owner = await createVerifiedAccount(t, { email: 'owner@example.com' });
    await setTierByCommand(t, 'owner@example.com', 'enterprise');
    companyId = await createCompany(t, owner, 'Acme');
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  async function start(headers: Record<string, string>) {
    const jar = createCookieJar();
    const response = await apiCall(
      t.app,
      'POST',
      '/social-accounts/oauth/twitter/start',
      owner,
      { company_id: companyId },
      { headers },
    );
    expect(response.status).toBe(200);
    jar.take(response.headers['set-cookie']);
    const cookie = String(response.headers['set-cookie']);
    const authorizeUrl = new URL((response.json.data as { authorize_url: string }).authorize_url);
    return {
      jar,
      cookie,
      authorizeUrl,
      redirectUri: authorizeUrl.searchParams.get('redirect_uri'),
    };
  }

  async function authorize(authorizeUrl: URL) {
    const html = await (await fetch(authorizeUrl)).text();
    const href = /id="authorize" href="([^"]+)"/.exec(html)?.[1];
    if (!href) throw new Error(`no Authorize link: ${html.slice(0, 200)}`);
    return new URL(href.replace(/&amp;/g, '&'));
  }

  it('returns to the loopback address the browser started on, connected', async () => {
    const { jar, cookie, authorizeUrl, redirectUri } = await start({
      origin: `http://127.0.0.1:${PORT}`,
    });
    expect(redirectUri).toBe(`http://127.0.0.1:${PORT}${CALLBACK}`);
    expect(cookie).toContain(`Path=${CALLBACK}`);
    expect(cookie).not.toContain('Secure');

    const back = await authorize(authorizeUrl);
    expect(back.origin).toBe(`http://127.0.0.1:${PORT}`);
    const pathAndQuery = `${back.pathname}${back.search}`;
    const response = await t.app.inject({
      method: 'GET',
      url: pathAndQuery,
      headers: { host: back.host, cookie: jar.headerFor(pathAndQuery) ?? '' },
    });
    expect(response.statusCode).toBe(302);
    // A path on the same address: the browser stays on 127.0.0.1, where it is signed in.
    const location = String(response.headers.location);
    expect(location.startsWith('/companies?')).toBe(true);
    const landing = new URL(location, back.origin);
    expect(landing.searchParams.get('connected')).toBe('1');
    expect(landing.searchParams.get('socials')).toBe(companyId);

    const [row] = await t.infra.database.db
      .select()
      .from(socialConnections)
      .where(
        and(eq(socialConnections.companyId, companyId), eq(socialConnections.network, 'twitter')),
      );
    expect(row?.authMethod).toBe('oauth');
  });

  it("names each entity's account after the entity on the stand-ins' consent pages", async () => {
    const northwind = await createCompany(t, owner, 'Northwind Bikes');
    const connected: Record<string, string | null> = {};
    for (const network of ['twitter', 'linkedIn', 'threads', 'facebook'] as const) {
      const jar = createCookieJar();
      const started = await apiCall(
        t.app,
        'POST',
        `/social-accounts/oauth/${network}/start`,
        owner,
        { company_id: northwind },
        { headers: { origin: PUBLIC_URL } },
      );
      expect(started.status, started.body).toBe(200);
      jar.take(started.headers['set-cookie']);
      const authorizeUrl = new URL((started.json.data as { authorize_url: string }).authorize_url);
      expect(authorizeUrl.searchParams.get('login_hint')).toBe('Northwind Bikes');
      const page = await (await fetch(authorizeUrl)).text();
      expect(page).toContain('<strong>Northwind Bikes</strong>');
      const back = await authorize(authorizeUrl);
      const pathAndQuery = `${back.pathname}${back.search}`;
      const landing = await t.app.inject({
        method: 'GET',
        url: pathAndQuery,
        headers: { cookie: jar.headerFor(pathAndQuery) ?? '' },
      });
      expect(String(landing.headers.location)).toContain('connected=1');
      const [row] = await t.infra.database.db
        .select({ accountName: socialConnections.accountName })
        .from(socialConnections)
        .where(
          and(eq(socialConnections.companyId, northwind), eq(socialConnections.network, network)),
        );
      connected[network] = row?.accountName ?? null;
    }
    for (const name of Object.values(connected)) expect(name?.toLowerCase()).toContain('northwind');
  });

  it("PUBLIC_URL's own address returns there", async () => {
    const { redirectUri } = await start({ origin: PUBLIC_URL });
    expect(redirectUri).toBe(`${PUBLIC_URL}${CALLBACK}`);
  });

  it('a foreign Origin or Host falls back to PUBLIC_URL (no open redirect)', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: `http://127.0.0.1:${Number(PORT) + 1}` },
      { origin: `http://127.0.0.1.evil.example:${PORT}` },
      { host: 'evil.example' },
      { host: `evil.example:${PORT}` },
    ];
    for (const headers of foreign) {
      const { redirectUri, cookie } = await start(headers);
      expect(redirectUri, JSON.stringify(headers)).toBe(`${PUBLIC_URL}${CALLBACK}`);
      expect(cookie).toContain(`Path=${CALLBACK}`);
    }
  });

  it('without an Origin, the Host the browser used decides the same way', async () => {
    const { redirectUri } = await start({ host: `127.0.0.1:${PORT}` });
    expect(redirectUri).toBe(`http://127.0.0.1:${PORT}${CALLBACK}`);
  });
});
