import { HTTP_MESSAGES } from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/databases.js';
import {
  createTestApp,
  createVerifiedAccount,
  RELAXED_LIMITS,
  type TestApp,
} from './helpers/test-app.js';

/** Bodies a careless or hostile client might send, as raw JSON text. */
const BODIES = [
  '{"a":',
  '[]',
  '"just text"',
  'null',
  '{}',
  JSON.stringify({
    content: { $gt: '' },
    company_id: 12,
    post_id: ['x'],
    social_account_type: 'twitter',
    schedule_date: 'tomorrow',
    repeat_type: 'hourly',
    ids: 'all',
    url: 'javascript:alert(1)',
    page: -1,
    timezone: 'Mars/Olympus',
    platforms: '{not json',
    count: 1e308,
    keywords: 7,
  }),
  JSON.stringify({
    content: 'x'.repeat(200_000),
    company_id: '00000000-0000-0000-0000-000000000000',
  }),
];
const QUERIES = [
  '',
  '?page=abc&pageSize=1e9',
  '?page=0&pageSize=-5&q=%00%25_%5C',
  '?company_id=not-a-uuid&from=yesterday&to=soon&timezone=Nowhere',
  `?q=${'z'.repeat(5000)}&keywords=&query=`,
  '?q=%00abc&keywords=%00&query=%00',
];
const IDS = ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '..%2F..%2Fetc'];
/** Ids of the customer's own company and post, so bodies get past the ownership checks. */
const ownIds: string[] = [];

/** 503s that are deliberate: a feature whose outside service is not configured here. */
const isNotConfigured = (status: number, message: string) =>
  status === 503 && /not configured/i.test(message);

describe.each(engines)('hostile input on %s', (engine) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { authLimits: RELAXED_LIMITS });
    token = await createVerifiedAccount(t, { email: 'mallory@example.com' });
    const headers = { authorization: `Bearer ${token}` };
    const company = await t.app.inject({
      method: 'POST',
      url: '/api/customer/company',
      headers,
      payload: { name: 'Mallory Co', website: 'mallory.example.com' },
    });
    const companyId = company.json<{ data: { id: string } }>().data.id;
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/customer/post',
      headers,
      payload: { company_id: companyId, content: 'Target practice' },
    });
    ownIds.push(companyId, post.json<{ data: { id: string } }>().data.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses NUL characters in bodies, queries and forms with a readable 400', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/api/customer/company',
      headers,
      payload: { name: 'Nul\u0000Co', website: 'nul.example.com' },
    });
    const inQuery = await t.app.inject({ url: '/api/customer/post?q=a%00b', headers });
    for (const response of [inBody, inQuery]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(HTTP_MESSAGES.nulCharacter);
    }
  });

  it('never answers a server error to malformed bodies, queries or ids, on any route', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const failures: string[] = [];
    let requests = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        const upper = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const hasBody = upper !== 'GET' && upper !== 'DELETE';
        for (const id of [...IDS, ...ownIds]) {
          const concrete = path.replace(/\{[^}]+\}/g, id).replace(/^\/api/, '');
          for (const query of QUERIES) {
            // Deleting the customer's own things would only make later requests 404 earlier.
            if (upper === 'DELETE' && ownIds.includes(id)) continue;
            for (const body of hasBody ? BODIES : [undefined]) {
              const response = await t.app.inject({
                method: upper,
                url: `/api${concrete}${query}`,
                headers: {
                  authorization: `Bearer ${token}`,
                  ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                },
                ...(body === undefined ? {} : { payload: body }),
              });
              requests += 1;
              if (response.statusCode < 500) continue;
              const message = response.json<{ message?: string }>().message ?? '';
              if (isNotConfigured(response.statusCode, message)) continue;
              failures.push(
                `${upper} ${concrete}${query.slice(0, 40)} ${String(body).slice(0, 40)} -> ${response.statusCode} ${message}`,
              );
            }
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 180_000);
});
