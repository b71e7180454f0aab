import { readFileSync } from 'node:fs';
import { COMPANY_MESSAGES, LOGO_MESSAGES, type Company, type CompanyList } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialConnections } from '../src/db/schema.js';
import { engines } from './helpers/databases.js';
import {
  FAKE_EXECUTABLE,
  makePng,
  multipartFile,
  SVG_LOGO,
  SVG_WITH_HANDLER,
  SVG_WITH_SCRIPT,
} from './helpers/images.js';
import { apiCall, type Method } from './helpers/api.js';
import {
  createTestApp,
  createVerifiedAccount,
  type TestApp,
  setTierByCommand,
} from './helpers/test-app.js';

const JPEG = readFileSync(new URL('./fixtures/logo-40x24.jpg', import.meta.url));

describe.each(engines)('entities on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createVerifiedAccount(t, { email: 'owner@example.com' });
    stranger = await createVerifiedAccount(t, { email: 'stranger@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = <T = Company>(method: Method, url: string, token: string, body?: object) =>
    apiCall<T>(t.app, method, url, token, body);
  const list = (token: string) => call<CompanyList>('GET', '/customer/company', token);
  const create = (token: string, body: object) => call('POST', '/customer/company', token, body);
  const setPlan = (email: string, tier: string) => setTierByCommand(t, email, tier);
  const acme = {
    name: 'Acme',
    website: 'acme.example.com',
    industry: 'Technology',
    description: 'Rockets.',
  };

  describe('the list and the plan', () => {
    it('starts empty on the free plan, which allows one network', async () => {
      const response = await list(owner);
      expect(response.status).toBe(200);
      expect(response.json.data).toEqual({
        rows: [],
        supported_social_accounts: ['twitter'],
        company_limit: 1,
        network_limit: 1,
      });
    });

    it('needs a signed-in customer', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/customer/company' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('adding, editing and deleting', () => {
    let companyId: string;

    it('adds a company, adding https:// to a bare website', async () => {
      const response = await create(owner, acme);
      expect(response.status).toBe(201);
      expect(response.json.message).toBe('Company added successfully');
      expect(response.json.data).toMatchObject({
        name: 'Acme',
        website: 'https://acme.example.com',
        industry: 'Technology',
        custom_industry: null,
        description: 'Rockets.',
        logo_url: null,
        social_credentials: [],
      });
      companyId = response.json.data.id;
      const listed = await list(owner);
      expect(listed.json.data.rows).toHaveLength(1);
      expect(listed.json.data.rows[0]?.id).toBe(companyId);
    });

    it('refuses a second company on the free plan, naming the limit and the way up', async () => {
      const response = await create(owner, { ...acme, name: 'Second' });
      expect(response.status).toBe(403);
      expect(response.json.message).toBe(COMPANY_MESSAGES.limitReached(1, 'Free'));
      expect(response.json.message).toContain('Upgrade');
    });

    it('edits a company and keeps a custom industry only when the industry is custom', async () => {
      const custom = await call('PUT', `/customer/company/${companyId}`, owner, {
        ...acme,
        website: 'http://acme.example.com/about',
        industry: 'custom',
        custom_industry: 'Space logistics',
      });
      expect(custom.status).toBe(200);
      expect(custom.json.message).toBe('Entity updated successfully');
      expect(custom.json.data).toMatchObject({
        website: 'http://acme.example.com/about',
        industry: 'custom',
        custom_industry: 'Space logistics',
      });
      const back = await call('PUT', `/customer/company/${companyId}`, owner, {
        ...acme,
        industry: 'Energy',
        custom_industry: 'Space logistics',
      });
      expect(back.json.data).toMatchObject({ industry: 'Energy', custom_industry: null });
    });

    it('answers 404 when another customer reads, edits or deletes the company', async () => {
      expect((await list(stranger)).json.data.rows).toEqual([]);
      const edit = await call('PUT', `/customer/company/${companyId}`, stranger, acme);
      expect(edit.status).toBe(404);
      expect(edit.json.message).toBe('Entity not found');
      expect((await call('DELETE', `/customer/company/${companyId}`, stranger)).status).toBe(404);
      expect((await list(owner)).json.data.rows).toHaveLength(1);
    });

    it('answers 404 for an id that is no id', async () => {
      const response = await call('DELETE', '/customer/company/not-a-uuid', owner);
      expect(response.status).toBe(404);
      expect(response.json.message).toBe('Entity not found');
    });

    it('deletes the company together with its connections', async () => {
      const db = t.infra.database.db;
      await db
        .insert(socialConnections)
        .values({ companyId, network: 'twitter', credentialsEncrypted: 'x' });
      expect((await list(owner)).json.data.rows[0]?.social_credentials).toEqual([
        expect.objectContaining({ social_account: { key: 'twitter', name: 'X/Twitter' } }),
      ]);
      const response = await call('DELETE', `/customer/company/${companyId}`, owner);
      expect(response.status).toBe(200);
      expect(response.json.message).toBe('Company deleted successfully');
      expect((await list(owner)).json.data.rows).toEqual([]);
      const left = await db
        .select()
        .from(socialConnections)
        .where(eq(socialConnections.companyId, companyId));
      expect(left).toEqual([]);
      expect((await call('DELETE', `/customer/company/${companyId}`, owner)).status).toBe(404);
    });
  });

  describe('validation', () => {
    it.each([
      [{ website: 'acme.com' }, 'Name is required'],
      [{ name: '  ', website: 'acme.com' }, 'Name is required'],
      [{ name: 'Acme' }, 'Website is required'],
      [
        { name: 'Acme', website: 'not a website' },
        'Enter a valid website address, like example.com',
      ],
      [
        { name: 'Acme', website: 'ftp://acme.com' },
        'Enter a valid website address, like example.com',
      ],
      [
        { name: 'Acme', website: "javascript:alert(1)+'@x.com" },
        'Enter a valid website address, like example.com',
      ],
      [
        { name: 'Acme', website: 'acme.com', industry: 'Mining' },
        'Choose an industry from the list, or Other (Custom)',
      ],
      [{ name: 'Acme', website: 'acme.com', industry: 'custom' }, 'Please enter your industry'],
      [{ name: 'x'.repeat(101), website: 'acme.com' }, 'Name must be at most 100 characters'],
      [
        { name: 'Acme', website: 'acme.com', logo_url: 'javascript:alert(1)' },
        'Logo URL must be an uploaded logo or a web address',
      ],
    ])('%j → %s', async (body, message) => {
      const response = await create(stranger, body);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    });
  });

  describe('limits per tier', () => {
    it.each([
      ['pro', 3, 'Pro'],
      ['business', 10, 'Business'],
    ])('%s allows %i companies', async (tier, limit, name) => {
      const email = `${tier}@example.com`;
      const token = await createVerifiedAccount(t, { email });
      expect((await setPlan(email, tier)).ok).toBe(true);
      for (let i = 0; i < limit; i++)
        expect((await create(token, { ...acme, name: `Co ${i}` })).status).toBe(201);
      const over = await create(token, { ...acme, name: 'One too many' });
      expect(over.status).toBe(403);
      expect(over.json.message).toBe(COMPANY_MESSAGES.limitReached(limit, name));
      expect((await list(token)).json.data.company_limit).toBe(limit);
    });

    it('lets enterprise add without limit and allows every network', async () => {
      const token = await createVerifiedAccount(t, { email: 'enterprise@example.com' });
      await setPlan('enterprise@example.com', 'enterprise');
      for (let i = 0; i < 12; i++)
        expect((await create(token, { ...acme, name: `Co ${i}` })).status).toBe(201);
      const listed = await list(token);
      expect(listed.json.data.company_limit).toBeNull();
      expect(listed.json.data.supported_social_accounts).toEqual([
        'twitter',
        'facebook',
        'linkedIn',
        'instagram',
        'bluesky',
        'threads',
      ]);
      expect(listed.json.data.rows[0]?.name).toBe('Co 11');
    });

    it('holds the limit when several adds race', async () => {
      const token = await createVerifiedAccount(t, { email: 'racer@example.com' });
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => create(token, { ...acme, name: `Racer ${i}` })),
      );
      expect(results.filter((result) => result.status === 201)).toHaveLength(1);
      expect(results.filter((result) => result.status === 403)).toHaveLength(4);
    });

    it('refuses an unknown tier in the admin command', async () => {
      expect(await setPlan('owner@example.com', 'platinum')).toEqual({
        ok: false,
        message: 'Tier must be free, pro, business or enterprise',
      });
    });
  });

  describe('logo upload', () => {
    function upload(bytes: Buffer, filename: string, contentType: string, field = 'file') {
      const { payload, headers } = multipartFile(field, filename, contentType, bytes);
      return apiCall<{ logo_url: string }>(
        t.app,
        'POST',
        '/customer/company/logo',
        owner,
        payload,
        {
          headers,
        },
      );
    }

    it.each([
      ['PNG', makePng(64, 48), 'logo.png', 'image/png', 'image/png', /\.png$/],
      ['JPEG', JPEG, 'logo.jpeg', 'image/jpeg', 'image/jpeg', /\.jpg$/],
      ['SVG', SVG_LOGO, 'logo.svg', 'image/svg+xml', 'image/svg+xml', /\.svg$/],
    ])(
      'stores a %s and serves it inert under /uploads/',
      async (_kind, bytes, name, sent, served, extension) => {
        const response = await upload(bytes, name, sent);
        expect(response.status).toBe(201);
        const url = response.json.data.logo_url;
        expect(url).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.\w+$/);
        expect(url).toMatch(extension);
        const file = await t.app.inject({ method: 'GET', url });
        expect(file.statusCode).toBe(200);
        if (served === 'image/svg+xml') {
          // An SVG is stored as sanitised (its drawing kept), never byte for byte.
          expect(file.body).toContain('<svg');
          expect(file.body).toContain('<circle');
        } else {
          expect(file.rawPayload.equals(bytes)).toBe(true);
        }
        expect(file.headers['content-type']).toContain(served);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['content-security-policy']).toContain('sandbox');
        expect(file.headers['content-security-policy']).toContain("default-src 'none'");
      },
    );

    it('judges by content: a renamed executable is refused', async () => {
      const response = await upload(FAKE_EXECUTABLE, 'logo.png', 'image/png');
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(LOGO_MESSAGES.type);
    });

    it('refuses an image under 10x10 pixels', async () => {
      const response = await upload(makePng(9, 9), 'tiny.png', 'image/png');
      expect(response.status).toBe(400);
      expect(response.json.message).toBe('Image must be at least 10x10 pixels');
      expect((await upload(makePng(10, 10), 'ok.png', 'image/png')).status).toBe(201);
    });

    it('refuses a file of 2 MB or more', async () => {
      const big = makePng(1000, 1000, { noise: true });
      expect(big.length).toBeGreaterThan(2.5 * 1024 * 1024);
      const response = await upload(big, 'big.png', 'image/png');
      expect(response.status).toBe(413);
      expect(response.json.message).toBe('File size must be less than 2MB');
    });

    it.each([
      ['a script', SVG_WITH_SCRIPT],
      ['an event handler', SVG_WITH_HANDLER],
    ])('refuses an SVG with %s', async (_what, bytes) => {
      const response = await upload(bytes, 'evil.svg', 'image/svg+xml');
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(LOGO_MESSAGES.svgScript);
    });

    it('asks for a file when none comes in the field `file`', async () => {
      expect((await upload(makePng(20, 20), 'logo.png', 'image/png', 'image')).json.message).toBe(
        LOGO_MESSAGES.missing,
      );
      const json = await call('POST', '/customer/company/logo', owner, { file: 'nope' });
      expect(json.status).toBe(400);
      expect(json.json.message).toBe(LOGO_MESSAGES.missing);
    });
  });
});
