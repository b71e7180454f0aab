import { expect, type Page } from '@playwright/test';

/** The paid customer's session, signed in once by the global setup. */
export function paidToken(): string {
  const token = process.env.E2E_PAID_TOKEN;
  if (!token) throw new Error('E2E_PAID_TOKEN is not set: the global setup did not run');
  return token;
}

/** Opens `path` already signed in as the paid customer (the token where the app keeps it). */
export async function openSignedIn(page: Page, path: string) {
  await page.addInitScript((token) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', token);
  }, paidToken());
  await page.goto(path);
}

/** Calls the product API the way the web app does, to set up what a test is not about. */
export async function api<T = Record<string, unknown>>(
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const json = (await response.json()) as { data: T; message?: string };
  expect(response.ok, `${path}: ${json.message ?? response.status}`).toBe(true);
  return json.data;
}

export interface FakeCredentials {
  twitter: { apiKey: string; apiSecret: string; accessToken: string; accessTokenSecret: string };
  bluesky: { username: string; appPassword: string };
  facebook: { appId: string; appSecret: string; accessToken: string };
  facebookPages: string[];
}
export const fakeCredentials = () =>
  JSON.parse(process.env.E2E_NETWORK_CREDENTIALS ?? '{}') as FakeCredentials;

/** A company with X and Bluesky connected through the real save route (against the fakes). */
export async function companyWithNetworks(token: string, name: string) {
  const company = await api<{ id: string }>('/customer/company', {
    token,
    body: { name, website: 'https://scheduling.example.com' },
  });
  const fake = fakeCredentials();
  await api('/social-accounts/save', {
    token,
    body: {
      social_account_type: 'twitter',
      company_id: company.id,
      api_key: fake.twitter.apiKey,
      api_secret: fake.twitter.apiSecret,
      client_id: fake.twitter.accessToken,
      client_secret: fake.twitter.accessTokenSecret,
    },
  });
  await api('/social-accounts/save', {
    token,
    body: {
      social_account_type: 'bluesky',
      company_id: company.id,
      username: fake.bluesky.username,
      client_secret: fake.bluesky.appPassword,
    },
  });
  return company.id;
}

export async function createPostByApi(token: string, companyId: string, content: string) {
  return api<{ id: string }>('/customer/post', {
    token,
    body: { company_id: companyId, content, tone: 'professional', platforms: [] },
  });
}
