import {
  CONNECTION_FAILURE_PREFIX,
  NETWORK_MESSAGES,
  type CompanyList,
  type NetworkId,
} from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialConnections } from '../src/db/schema.js';
import { deriveKey } from '../src/lib/keys.js';
import { createSecretBox } from '../src/lib/secret-box.js';
import { engines } from './helpers/databases.js';
import { apiCall } from './helpers/api.js';
import {
  createTestApp,
  createVerifiedAccount,
  postJson,
  type TestApp,
  setTierByCommand,
} from './helpers/test-app.js';
import {
  startFakeBluesky,
  startFakeFacebook,
  startFakeInstagram,
  startFakeLinkedIn,
  startFakeThreads,
  startFakeX,
} from '@cadence/fakes';

type Fakes = {
  x: Awaited<ReturnType<typeof startFakeX>>;
  threads: Awaited<ReturnType<typeof startFakeThreads>>;
  facebook: Awaited<ReturnType<typeof startFakeFacebook>>;
  instagram: Awaited<ReturnType<typeof startFakeInstagram>>;
  linkedIn: Awaited<ReturnType<typeof startFakeLinkedIn>>;
  bluesky: Awaited<ReturnType<typeof startFakeBluesky>>;
};

describe.each(engines)('social connections on %s', (engine) => {
  let fakes: Fakes;
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let companyId: string;

  /** The request fields of spec 000 section 7 for each network, good or spoiled. */
  function fieldsFor(network: NetworkId, spoil = false): Record<string, string> {
    const bad = (value: string) => (spoil ? `${value}-wrong` : value);
    switch (network) {
      case 'twitter': {
        const c = fakes.x.validCredentials;
        return {
          api_key: c.apiKey,
          api_secret: c.apiSecret,
          client_id: c.accessToken,
          client_secret: bad(c.accessTokenSecret),
        };
      }
      case 'facebook': {
        const c = fakes.facebook.validCredentials;
        return {
          client_id: c.appId,
          client_secret: c.appSecret,
          access_token: bad(c.accessToken),
          page_id: c.pageId,
        };
      }
      case 'linkedIn': {
        const c = fakes.linkedIn.validCredentials;
        return {
          client_id: c.clientId,
          client_secret: c.clientSecret,
          access_token: bad(c.accessToken),
        };
      }
      case 'instagram':
        return { access_token: bad(fakes.instagram.validCredentials.accessToken) };
      case 'bluesky': {
        const c = fakes.bluesky.validCredentials;
        return { username: c.username, client_secret: bad(c.appPassword) };
      }
      case 'threads': {
        const c = fakes.threads.validCredentials;
        return { access_token: bad(c.accessToken), client_secret: c.clientSecret };
      }
    }
  }

  const call = (path: string, token: string, body: object) =>
    apiCall(t.app, 'POST', `/social-accounts/${path}`, token, body);
  const listCompanies = async (token: string) =>
    (await apiCall<CompanyList>(t.app, 'GET', '/customer/company', token)).json.data;

  beforeAll(async () => {
    fakes = {
      x: await startFakeX(),
      threads: await startFakeThreads(),
      facebook: await startFakeFacebook(),
      instagram: await startFakeInstagram(),
      linkedIn: await startFakeLinkedIn(),
      bluesky: await startFakeBluesky(),
    };
    t = await createTestApp(engine, {
      env: {
        X_API_BASE_URL: fakes.x.baseUrl,
        THREADS_API_BASE_URL: fakes.threads.baseUrl,
        FACEBOOK_GRAPH_BASE_URL: fakes.facebook.baseUrl,
        INSTAGRAM_GRAPH_BASE_URL: fakes.instagram.baseUrl,
        LINKEDIN_API_BASE_URL: fakes.linkedIn.baseUrl,
        BLUESKY_SERVICE_URL: fakes.bluesky.baseUrl,
      },
    });
    owner = await createVerifiedAccount(t, { email: 'owner@example.com' });
    await setTierByCommand(t, 'owner@example.com', 'enterprise');
    stranger = await createVerifiedAccount(t, { email: 'stranger@example.com' });
    const created = await postJson(
      t.app,
      '/customer/company',
      { name: 'Acme', website: 'acme.example.com' },
      { authorization: `Bearer ${owner}` },
    );
    companyId = (created.json.data as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all(Object.values(fakes ?? {}).map((fake) => fake.close()));
  });

  const networks: Array<[NetworkId, string]> = [
    ['twitter', 'X/Twitter'],
    ['facebook', 'Facebook'],
    ['linkedIn', 'LinkedIn'],
    ['instagram', 'Instagram'],
    ['bluesky', 'Bluesky'],
    ['threads', 'Threads'],
  ];

  describe.each(networks)('%s', (network, name) => {
    it('tests good credentials and names the account', async () => {
      const response = await call('authenticate', owner, {
        social_account_type: network,
        company_id: companyId,
        ...fieldsFor(network),
      });
      expect(response.status, response.body).toBe(200);
      expect(response.json.message).toBe(`${name} connection verified`);
      expect(response.json.data?.account_name).toBeTruthy();
    });

    it("answers bad credentials with the spec's prefix", async () => {
      const response = await call('authenticate', owner, {
        social_account_type: network,
        company_id: companyId,
        ...fieldsFor(network, true),
      });
      expect(response.status).toBe(400);
      expect(response.json.message?.startsWith(CONNECTION_FAILURE_PREFIX[network])).toBe(true);
      expect(response.json.message!.length).toBeGreaterThan(
        CONNECTION_FAILURE_PREFIX[network].length,
      );
    });

    it('saves encrypted credentials, lists the network, disconnects, and reconnects on the same row', async () => {
      const fields = fieldsFor(network);
      const saved = await call('save', owner, {
        social_account_type: network,
        company_id: companyId,
        ...fields,
      });
      expect(saved.status, saved.body).toBe(200);
      expect(saved.json.message).toBe(`${name} connected successfully`);
      expect(saved.json.data).toMatchObject({
        success: true,
        social_account: { key: network, name },
      });

      const [row] = await t.infra.database.db
        .select()
        .from(socialConnections)
        .where(eq(socialConnections.id, saved.json.data?.id as string));
      for (const secret of Object.values(fields)) {
        if (secret.length > 8) expect(row?.credentialsEncrypted).not.toContain(secret);
      }
      const opened = createSecretBox(deriveKey(t.config.appSecret, 'credentials')).open(
        row!.credentialsEncrypted,
      );
      expect(JSON.parse(opened)).toBeTypeOf('object');

      const listed = (await listCompanies(owner)).rows[0]!.social_credentials;
      expect(listed.map((item) => item.social_account.key)).toContain(network);
      expect(JSON.stringify(listed)).not.toContain(Object.values(fields).at(-1));

      const gone = await call('disconnect', owner, {
        social_account_type: network,
        company_id: companyId,
      });
      expect(gone.json.message).toBe('Disconnected successfully');
      const after = (await listCompanies(owner)).rows[0]!.social_credentials;
      expect(after.map((item) => item.social_account.key)).not.toContain(network);

      const again = await call('save', owner, {
        social_account_type: network,
        company_id: companyId,
        ...fields,
      });
      expect(again.json.data?.id).toBe(saved.json.data?.id);
    });
  });

  it('lists Facebook pages for the page selector', async () => {
    const c = fakes.facebook.validCredentials;
    const response = await call('authenticate', owner, {
      social_account_type: 'facebook',
      company_id: companyId,
      client_id: c.appId,
      client_secret: c.appSecret,
      access_token: c.accessToken,
      grant_type: 'client_credentials',
    });
    expect(response.status, response.body).toBe(200);
    const pages = (
      response.json.data?.credentials as { page_list: Array<{ id: string; name: string }> }
    ).page_list;
    expect(pages.length).toBeGreaterThan(0);
    expect(pages[0]).toEqual({
      id: expect.any(String) as string,
      name: expect.any(String) as string,
    });
    expect(JSON.stringify(response.json)).not.toContain(c.pageAccessToken);
  });

  it('asks for every credential field', async () => {
    const response = await call('save', owner, {
      social_account_type: 'twitter',
      company_id: companyId,
      api_key: 'k',
    });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('Missing required credentials');
  });

  it('refuses a network it does not know', async () => {
    const response = await call('authenticate', owner, {
      social_account_type: 'myspace',
      company_id: companyId,
    });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('Unsupported network: myspace');
  });

  it("refuses networks outside the customer's plan", async () => {
    const freeCompany = await postJson(
      t.app,
      '/customer/company',
      { name: 'Free Co', website: 'free.example.com' },
      { authorization: `Bearer ${stranger}` },
    );
    const freeCompanyId = (freeCompany.json.data as { id: string }).id;
    const response = await call('save', stranger, {
      social_account_type: 'bluesky',
      company_id: freeCompanyId,
      ...fieldsFor('bluesky'),
    });
    expect(response.status).toBe(403);
    expect(response.json.message).toBe(NETWORK_MESSAGES.notInPlan);
  });

  it("keeps another customer away from the company's connections", async () => {
    await call('save', owner, {
      social_account_type: 'bluesky',
      company_id: companyId,
      ...fieldsFor('bluesky'),
    });
    for (const path of ['authenticate', 'disconnect']) {
      const response = await call(path, stranger, {
        social_account_type: 'bluesky',
        company_id: companyId,
        ...fieldsFor('bluesky'),
      });
      expect(response.status, path).toBe(404);
      expect(response.json.message).toBe('Entity not found');
    }
    const listed = (await listCompanies(owner)).rows[0]!.social_credentials;
    expect(listed.map((item) => item.social_account.key)).toContain('bluesky');
  });
});
