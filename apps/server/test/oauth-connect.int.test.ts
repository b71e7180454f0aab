import { createHash } from 'node:crypto';
import { type ScheduledInstance } from '@cadence/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  oauthPendingChoices,
  oauthStates,
  publications,
  socialConnections,
  users,
} from '../src/db/schema.js';
import { deriveKey } from '../src/lib/keys.js';
import { createSecretBox } from '../src/lib/secret-box.js';
import { apiCall } from './helpers/api.js';
import { createCookieJar, type CookieJar } from './helpers/cookie-jar.js';
import { engines } from './helpers/databases.js';
import { createCompany, startNetworkFakes, type NetworkFakes } from './helpers/networks.js';
import { createPost } from './helpers/posts.js';
import {
  createTestApp,
  createVerifiedAccount,
  signIn,
  type TestApp,
  setTierByCommand,
} from './helpers/test-app.js';

const PUBLIC_URL = 'http://cadence.example.test';
const SECRET = 'test-secret-that-is-long-enough-for-hkdf-0123456789';
type OAuthNetwork = 'twitter' | 'facebook' | 'linkedIn' | 'instagram' | 'threads';
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

describe.each(engines)('one-click connect (OAuth) on %s', (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let companyId: string;
  let strangerCompanyId: string;
  let sequence = 0;
  /** The browser the owner starts flows in (and comes back to). */
  const browser = createCookieJar();
  const box = createSecretBox(deriveKey(SECRET, 'credentials'));

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, {
      env: { ...fakes.env, ...fakes.oauthEnv, PUBLIC_URL, PUBLISH_RETRY_BASE_MS: '10' },
    });
    owner = await createVerifiedAccount(t, { email: 'owner@example.com' });
    stranger = await createVerifiedAccount(t, { email: 'stranger@example.com' });
    await setTierByCommand(t, 'owner@example.com', 'enterprise');
    await setTierByCommand(t, 'stranger@example.com', 'enterprise');
    companyId = await createCompany(t, owner, 'Acme');
    strangerCompanyId = await createCompany(t, stranger, 'Other');
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const db = () => t.infra.database.db;

  /** The start, from the web app in `jar`'s browser (which keeps the cookie it is given). */
  async function start(
    network: OAuthNetwork,
    token = owner,
    company = companyId,
    jar: CookieJar = browser,
  ) {
    const response = await apiCall(
      t.app,
      'POST',
      `/social-accounts/oauth/${network}/start`,
      token,
      {
        company_id: company,
      },
    );
    jar.take(response.headers['set-cookie']);
    return response;
  }

  /** Opens the consent page like a browser and answers where its Authorize (or Cancel) link goes. */
  async function consent(authorizeUrl: string, choice: 'authorize' | 'cancel' = 'authorize') {
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const href = new RegExp(`id="${choice}" href="([^"]+)"`).exec(html)?.[1];
    if (!href) throw new Error(`no ${choice} link on the consent page: ${html.slice(0, 300)}`);
    const back = new URL(href.replace(/&amp;/g, '&'));
    expect(back.origin + back.pathname).toContain(`${PUBLIC_URL}/api/social-accounts/oauth/`);
    return `${back.pathname}${back.search}`;
  }

  /** The callback request (no bearer: the browser comes back from the network, with its cookies). */
  async function callback(pathAndQuery: string, jar: CookieJar = browser) {
    const cookie = jar.headerFor(pathAndQuery);
    const response = await t.app.inject({
      method: 'GET',
      url: pathAndQuery,
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode).toBe(302);
    jar.take(response.headers['set-cookie']);
    return new URL(String(response.headers.location), PUBLIC_URL);
  }

  async function connect(network: OAuthNetwork) {
    const started = await start(network);
    expect(started.status).toBe(200);
    const authorizeUrl = (started.json.data as { authorize_url: string }).authorize_url;
    return { authorizeUrl, landing: await callback(await consent(authorizeUrl)) };
  }

  const connectionOf = async (network: OAuthNetwork) =>
    (
      await db()
        .select()
        .from(socialConnections)
        .where(
          and(eq(socialConnections.companyId, companyId), eq(socialConnections.network, network)),
        )
    )[0];

  it('answers which networks offer one-click connect, and variable names to admins only', async () => {
    const config = await apiCall(t.app, 'GET', '/social-accounts/oauth', owner);
    expect(config.status).toBe(200);
    const networks = (
      config.json.data as {
        networks: Array<{ network: string; enabled: boolean; variables?: string[] }>;
      }
    ).networks;
    expect(networks.map((n) => n.network).sort()).toEqual(
      ['facebook', 'instagram', 'linkedIn', 'threads', 'twitter'].sort(),
    );
    expect(networks.every((n) => n.enabled && n.variables === undefined)).toBe(true);
  });

  it('X: the authorize address carries the documented parameters, and the flow stores sealed tokens', async () => {
    const started = await start('twitter');
    const url = new URL((started.json.data as { authorize_url: string }).authorize_url);
    expect(url.origin + url.pathname).toBe(fakes.twitter.authorizeUrl);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(fakes.twitter.oauth.app.clientId);
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/social-accounts/oauth/twitter/callback`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('scope')).toBe('tweet.read tweet.write users.read media.write offline.access');
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(32);

    const landing = await callback(await consent(url.toString()));
    expect(landing.pathname).toBe('/companies');
    expect(landing.searchParams.get('socials')).toBe(companyId);
    expect(landing.searchParams.get('network')).toBe('twitter');
    expect(landing.searchParams.get('connected')).toBe('1');
    expect(landing.searchParams.get('error')).toBeNull();

    const row = await connectionOf('twitter');
    expect(row?.authMethod).toBe('oauth');
    expect(row?.accountName).toBe(fakes.twitter.user.username);
    expect(row?.tokenExpiresAt?.getTime()).toBe(t.clock().getTime() + 7200 * 1000);
    // Sealed: no token in clear in the row, and the sealed value opens to them.
    expect(row?.credentialsEncrypted).not.toMatch(/fake-x-oauth|refresh/);
    const credentials = JSON.parse(box.open(row!.credentialsEncrypted)) as Record<string, string>;
    expect(credentials.oauth2AccessToken).toMatch(/^fake-x-oauth-/);
    expect(credentials.refreshToken).toMatch(/^fake-x-refresh-/);
    expect(fakes.twitter.oauth.stats.codeExchanges).toBe(1);
  });

  it('refuses a replayed, unknown or missing state before any token exchange', async () => {
    const started = await start('twitter');
    const back = await consent((started.json.data as { authorize_url: string }).authorize_url);
    const exchanges = fakes.twitter.oauth.stats.codeExchanges;
    expect((await callback(back)).searchParams.get('connected')).toBe('1');
    expect(fakes.twitter.oauth.stats.codeExchanges).toBe(exchanges + 1);

    // The callback spent the browser's cookie with the state; a replay carries none.
    expect(browser.headerFor(back)).toBeUndefined();
    const replayed = await callback(back);
    expect(replayed.searchParams.get('error')).toBe('state_invalid');
    expect(replayed.searchParams.get('socials')).toBeNull();
    const forged = await callback(back.replace(/state=[^&]+/, 'state=forged-state-value'));
    expect(forged.searchParams.get('error')).toBe('state_invalid');
    const missing = await callback(back.replace(/&?state=[^&]+/, ''));
    expect(missing.searchParams.get('error')).toBe('state_invalid');
    // A state of one network is no good for another.
    const otherNetwork = await start('linkedIn');
    const linkedInBack = await consent(
      (otherNetwork.json.data as { authorize_url: string }).authorize_url,
    );
    const crossed = await callback(linkedInBack.replace('/oauth/linkedIn/', '/oauth/twitter/'));
    expect(crossed.searchParams.get('error')).toBe('state_invalid');
    expect(fakes.twitter.oauth.stats.codeExchanges).toBe(exchanges + 1);
  });

  it('refuses an expired state before any token exchange', async () => {
    const started = await start('twitter');
    const back = await consent((started.json.data as { authorize_url: string }).authorize_url);
    const exchanges = fakes.twitter.oauth.stats.codeExchanges;
    t.clock.advance(11 * 60);
    const landing = await callback(back);
    expect(landing.searchParams.get('error')).toBe('state_invalid');
    expect(fakes.twitter.oauth.stats.codeExchanges).toBe(exchanges);
  });

  it('gives the starting browser a short-lived httpOnly cookie for the callback path alone', async () => {
    const jar = createCookieJar();
    const started = await start('linkedIn', owner, companyId, jar);
    expect(started.status).toBe(200);
    const header = String(started.headers['set-cookie']);
    expect(header).toMatch(/^cadence_oauth_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{43}; /);
    const attributes = header.split('; ').slice(1);
    expect(attributes).toEqual([
      'Path=/api/social-accounts/oauth/linkedIn/callback',
      'Max-Age=600',
      'HttpOnly',
      'SameSite=Lax',
    ]);
    // Only its hash is stored with the state.
    const value = header.split(';')[0]!.split('=')[1]!;
    const rows = await db().select().from(oauthStates);
    expect(JSON.stringify(rows)).not.toContain(value);
    expect(rows.some((row) => row.bindingHash === sha256(value))).toBe(true);
  });

  it.each(['twitter', 'linkedIn', 'threads', 'facebook'] as const)(
    "%s: a consent link completed in a browser that did not start the flow attaches nothing to the starter's entity",
    async (network) => {
      // The attacker starts a connect for an entity of theirs and passes the consent link on.
      const attacker = createCookieJar();
      const attackersEntity = await createCompany(t, stranger, `Attacker ${network}`);
      const started = await start(network, stranger, attackersEntity, attacker);
      expect(started.status).toBe(200);
      const back = await consent((started.json.data as { authorize_url: string }).authorize_url);
      const exchanges = fakes[network].oauth.stats.codeExchanges;
      const attached = async () =>
        db()
          .select()
          .from(socialConnections)
          .where(eq(socialConnections.companyId, attackersEntity));
      const pendingChoices = async () =>
        db()
          .select()
          .from(oauthPendingChoices)
          .where(eq(oauthPendingChoices.companyId, attackersEntity));

      // The victim's browser (no Cadence session, no cookie) comes back from the network.
      const victim = await callback(back, createCookieJar());
      expect(victim.pathname).toBe('/companies');
      expect(victim.searchParams.get('error')).toBe('other_browser');
      expect(victim.searchParams.get('connected')).toBeNull();
      expect(victim.searchParams.get('choose')).toBeNull();
      expect(victim.searchParams.get('socials')).toBeNull();
      // A cookie of the right name with another value is no better.
      const forger = createCookieJar();
      const [name] = attacker.names();
      forger.set(name!, 'A'.repeat(43), `/api/social-accounts/oauth/${network}/callback`);
      expect((await callback(back, forger)).searchParams.get('error')).toBe('other_browser');
      // No token was asked for and nothing was stored.
      expect(fakes[network].oauth.stats.codeExchanges).toBe(exchanges);
      expect(await attached()).toEqual([]);
      expect(await pendingChoices()).toEqual([]);

      // The refusals did not spend the state: the browser that started it still completes it.
      const own = await callback(back, attacker);
      expect(own.searchParams.get('error')).toBeNull();
      expect(own.searchParams.get('socials')).toBe(attackersEntity);
      expect(fakes[network].oauth.stats.codeExchanges).toBe(exchanges + 1);
      expect(attacker.names()).toEqual([]);
    },
  );

  it("refuses to start a flow for another customer's entity, or without signing in", async () => {
    const refused = await start('twitter', stranger, companyId);
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe('COMPANY_NOT_FOUND');
    const anonymous = await apiCall(t.app, 'POST', '/social-accounts/oauth/twitter/start', null, {
      company_id: companyId,
    });
    expect(anonymous.status).toBe(401);
    const unknown = await start('bluesky' as OAuthNetwork);
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe('UNSUPPORTED_NETWORK');
    // The stranger's own flow lands on the stranger's entity only.
    const own = await start('twitter', stranger, strangerCompanyId);
    const landing = await callback(
      await consent((own.json.data as { authorize_url: string }).authorize_url),
    );
    expect(landing.searchParams.get('socials')).toBe(strangerCompanyId);
    const states = await db()
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.companyId, companyId));
    expect(states.every((state) => state.usedAt !== null || state.expiresAt > t.clock())).toBe(
      true,
    );
  });

  it('a cancelled consent comes back with the error code the web app has words for', async () => {
    const started = await start('twitter');
    const back = await consent(
      (started.json.data as { authorize_url: string }).authorize_url,
      'cancel',
    );
    const landing = await callback(back);
    expect(landing.searchParams.get('error')).toBe('cancelled');
    expect(landing.searchParams.get('socials')).toBe(companyId);
  });

  it('LinkedIn: connects with a 60-day token and a refresh token', async () => {
    const { landing } = await connect('linkedIn');
    expect(landing.searchParams.get('connected')).toBe('1');
    const row = await connectionOf('linkedIn');
    expect(row?.authMethod).toBe('oauth');
    expect(row?.accountId).toBe(fakes.linkedIn.member.sub);
    expect(row?.tokenExpiresAt?.getTime()).toBe(t.clock().getTime() + 60 * 24 * 3600 * 1000);
    const credentials = JSON.parse(box.open(row!.credentialsEncrypted)) as Record<string, string>;
    expect(credentials.refreshToken).toMatch(/^fake-linkedin-refresh-/);
    expect(credentials.memberId).toBe(fakes.linkedIn.member.sub);
  });

  it('Threads: connects with a long-lived token', async () => {
    const { landing } = await connect('threads');
    expect(landing.searchParams.get('connected')).toBe('1');
    const row = await connectionOf('threads');
    expect(row?.accountId).toBe(fakes.threads.user.id);
    expect(row?.tokenExpiresAt?.getTime()).toBe(t.clock().getTime() + 60 * 24 * 3600 * 1000);
  });

  it('Facebook: the customer picks the Page from a list, then it is connected with its page token', async () => {
    const { landing } = await connect('facebook');
    const pendingId = landing.searchParams.get('choose');
    expect(pendingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(landing.searchParams.get('connected')).toBeNull();
    expect(await connectionOf('facebook')).toBeUndefined();

    // Only the customer who started it can read or complete it.
    const foreign = await apiCall(
      t.app,
      'GET',
      `/social-accounts/oauth/facebook/choices/${pendingId}`,
      stranger,
    );
    expect(foreign.status).toBe(404);
    const choices = await apiCall(
      t.app,
      'GET',
      `/social-accounts/oauth/facebook/choices/${pendingId}`,
      owner,
    );
    expect(choices.status).toBe(200);
    const data = choices.json.data as {
      company_id: string;
      options: Array<{ id: string; name: string }>;
    };
    expect(data.company_id).toBe(companyId);
    expect(data.options).toEqual(
      fakes.facebook.pages.map((page) => ({ id: page.id, name: page.name })),
    );
    expect(JSON.stringify(choices.json)).not.toContain('token');

    const foreignComplete = await apiCall(
      t.app,
      'POST',
      '/social-accounts/oauth/facebook/complete',
      stranger,
      { pending_id: pendingId, option_id: '2020' },
    );
    expect(foreignComplete.status).toBe(404);
    const completed = await apiCall(
      t.app,
      'POST',
      '/social-accounts/oauth/facebook/complete',
      owner,
      { pending_id: pendingId, option_id: '2020' },
    );
    expect(completed.status).toBe(200);
    expect(completed.json.message).toBe('Facebook connected successfully');
    const row = await connectionOf('facebook');
    expect(row?.authMethod).toBe('oauth');
    expect(row?.accountId).toBe('2020');
    expect(row?.tokenExpiresAt).toBeNull();
    const credentials = JSON.parse(box.open(row!.credentialsEncrypted)) as Record<string, string>;
    expect(credentials.pageAccessToken).toBe('fake-page-token-2020');
    // Used once.
    const again = await apiCall(t.app, 'POST', '/social-accounts/oauth/facebook/complete', owner, {
      pending_id: pendingId,
      option_id: '1010',
    });
    expect(again.status).toBe(404);
  });

  it('Instagram: Facebook Login finds the linked professional account and connects it', async () => {
    const { landing } = await connect('instagram');
    expect(landing.searchParams.get('error')).toBeNull();
    // The fake's login manages one Page with an Instagram account: nothing to choose.
    expect(landing.searchParams.get('connected')).toBe('1');
    const row = await connectionOf('instagram');
    expect(row?.accountId).toBe(fakes.instagram.igUser.id);
    expect(row?.tokenExpiresAt?.getTime()).toBe(t.clock().getTime() + 60 * 24 * 3600 * 1000);
  });

  /** Schedules a fresh post to one network `inSeconds` ahead; answers its instance. */
  async function schedule(network: OAuthNetwork, inSeconds: number) {
    const content = `OAuth post ${++sequence} ${engine}`;
    const post = await createPost(t, {
      email: 'owner@example.com',
      companyId,
      content,
      withImage: network === 'instagram',
    });
    const response = await apiCall(t.app, 'POST', '/schedules', owner, {
      social_account_type: [network],
      post_id: post.id,
      schedule_date: new Date(t.clock().getTime() + inSeconds * 1000).toISOString(),
    });
    expect(response.status).toBe(201);
    const data = response.json.data as unknown as { instances: ScheduledInstance[] };
    return { instanceId: data.instances[0]!.id, content };
  }
  const publicationOf = async (instanceId: string) =>
    (await db().select().from(publications).where(eq(publications.instanceId, instanceId)))[0];
  const xTexts = () => fakes.twitter.posts.map((post) => post.text);

  it('X: a post due after the first access token expired goes out once, with the refreshed one', async () => {
    await connect('twitter');
    const before = JSON.parse(
      box.open((await connectionOf('twitter'))!.credentialsEncrypted),
    ) as Record<string, string>;
    const refreshes = fakes.twitter.oauth.stats.refreshes;
    const { instanceId, content } = await schedule('twitter', 3 * 3600);
    // The network agrees the first token has expired by then.
    t.clock.advance(3 * 3600 + 1);
    fakes.twitter.oauth.expireAccessTokens();
    await t.publisher.publishInstance(instanceId);
    expect((await publicationOf(instanceId))?.status).toBe('published');
    expect(xTexts().filter((text) => text === content)).toHaveLength(1);
    expect(fakes.twitter.oauth.stats.refreshes).toBe(refreshes + 1);
    const after = await connectionOf('twitter');
    const stored = JSON.parse(box.open(after!.credentialsEncrypted)) as Record<string, string>;
    expect(stored.refreshToken).not.toBe(before.refreshToken);
    expect(stored.oauth2AccessToken).not.toBe(before.oauth2AccessToken);
    expect(after?.tokenExpiresAt?.getTime()).toBe(t.clock().getTime() + 7200 * 1000);
  });

  it('X: a 401 with a token thought valid refreshes once and posts once', async () => {
    await connect('twitter');
    const refreshes = fakes.twitter.oauth.stats.refreshes;
    const { instanceId, content } = await schedule('twitter', 60);
    t.clock.advance(61);
    fakes.twitter.oauth.expireAccessTokens(); // revoked early, as networks may
    await t.publisher.publishInstance(instanceId);
    expect((await publicationOf(instanceId))?.status).toBe('published');
    expect(xTexts().filter((text) => text === content)).toHaveLength(1);
    expect(fakes.twitter.oauth.stats.refreshes).toBe(refreshes + 1);
    expect(fakes.twitter.oauth.stats.spentRefreshReused).toBe(0);
  });

  it('two concurrent refreshes spend the refresh token once', async () => {
    await connect('twitter');
    const refreshes = fakes.twitter.oauth.stats.refreshes;
    t.clock.advance(2 * 3600); // the access token is about to expire
    const lifecycle = t.container.services.tokenLifecycle;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => lifecycle.forPublishing(companyId, 'twitter')),
    );
    expect(results.every((result) => result.kind === 'ok')).toBe(true);
    const tokens = new Set(
      results.map((result) => (result.kind === 'ok' ? JSON.stringify(result.credentials) : 'none')),
    );
    expect(tokens.size).toBe(1);
    expect(fakes.twitter.oauth.stats.refreshes).toBe(refreshes + 1);
    expect(fakes.twitter.oauth.stats.spentRefreshReused).toBe(0);
  });

  it('LinkedIn and Threads refresh before expiry too', async () => {
    await connect('linkedIn');
    await connect('threads');
    const linkedIn = fakes.linkedIn.oauth.stats.refreshes;
    const threads = fakes.threads.oauth.stats.refreshes;
    t.clock.advance(60 * 24 * 3600 - 60);
    const lifecycle = t.container.services.tokenLifecycle;
    expect((await lifecycle.forPublishing(companyId, 'linkedIn')).kind).toBe('ok');
    expect((await lifecycle.forPublishing(companyId, 'threads')).kind).toBe('ok');
    expect(fakes.linkedIn.oauth.stats.refreshes).toBe(linkedIn + 1);
    expect(fakes.threads.oauth.stats.refreshes).toBe(threads + 1);
    expect((await connectionOf('threads'))?.tokenExpiresAt?.getTime()).toBe(
      t.clock().getTime() + 60 * 24 * 3600 * 1000,
    );
  });

  it("an expired token that cannot be renewed fails fast with 'Reconnect {network} for {entity}'", async () => {
    owner = await signIn(t, 'owner@example.com', 'correct horse battery'); // the clock moved on
    await connect('instagram');
    const { instanceId } = await schedule('instagram', 61 * 24 * 3600);
    const calls = { ...fakes.instagram.calls };
    t.clock.advance(61 * 24 * 3600 + 1);
    await t.publisher.publishInstance(instanceId);
    const publication = await publicationOf(instanceId);
    expect(publication?.status).toBe('failed');
    expect(publication?.lastError).toBe('Reconnect Instagram for Acme');
    expect(fakes.instagram.calls).toEqual(calls); // never attempted
    expect((await connectionOf('instagram'))?.needsReconnect).toBe(true);
  });
});

describe.each(engines)('one-click connect not configured, on %s', (engine) => {
  let t: TestApp;
  let customer: string;
  let admin: string;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_URL } });
    // The instance's first account is its admin.
    admin = await createVerifiedAccount(t, { email: 'admin@example.com' });
    customer = await createVerifiedAccount(t, { email: 'customer@example.com' });
    await t.infra.database.db
      .update(users)
      .set({ isAdmin: true })
      .where(eq(users.email, 'admin@example.com'));
    await setTierByCommand(t, 'customer@example.com', 'enterprise');
    companyId = await createCompany(t, customer, 'Plain');
  });
  afterAll(async () => {
    await t?.close();
  });

  type Entry = { network: string; enabled: boolean; variables?: string[] };
  const networksOf = async (token: string) => {
    const response = await apiCall(t.app, 'GET', '/social-accounts/oauth', token);
    expect(response.status).toBe(200);
    return (response.json.data as { networks: Entry[] }).networks;
  };

  it('tells admins which variables would enable it, and customers nothing of the kind', async () => {
    const forCustomer = await networksOf(customer);
    expect(forCustomer.every((entry) => !entry.enabled && entry.variables === undefined)).toBe(
      true,
    );
    const forAdmin = await networksOf(admin);
    expect(forAdmin.find((entry) => entry.network === 'twitter')?.variables).toEqual([
      'X_CLIENT_ID',
      'X_CLIENT_SECRET',
    ]);
    expect(forAdmin.find((entry) => entry.network === 'instagram')?.variables).toEqual([
      'FACEBOOK_CLIENT_ID',
      'FACEBOOK_CLIENT_SECRET',
    ]);
  });

  it('refuses to start, saying the key form is the way', async () => {
    const response = await apiCall(
      t.app,
      'POST',
      '/social-accounts/oauth/twitter/start',
      customer,
      { company_id: companyId },
    );
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('OAUTH_NOT_CONFIGURED');
    expect(response.json.message).toBe(
      'One-click connect is not set up for X on this server. Use the key form instead.',
    );
  });
});
