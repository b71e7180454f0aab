import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEMO_SIGN_IN, type PostMetrics } from '@cadence/shared';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { apiPost, startDemo, type RunningDemo } from '../support/demo.js';
import { waitForToastsToClear } from '../support/toasts.js';

// The demo with a scaled clock: the metrics job's schedule runs 1000 times faster
// (METRICS_POLL_SCALE) and so do the stand-ins' numbers (DEMO_METRICS_CLOCK_SCALE), so a post
// published now has hours' worth of likes and reads within a minute or two. The post is
// published from its card, its numbers show on the post's view and on the Analytics screen.
test.describe.configure({ mode: 'serial' });

/** Where the screenshots go (outside the repository): SHOTS_DIR, or none. */
const SHOTS_DIR = process.env.SHOTS_DIR;
const ENTITY = 'Harbor Coffee Roasters';

let demo: RunningDemo;
let token: string;

test.beforeAll(async () => {
  test.setTimeout(16 * 60_000);
  demo = await startDemo({
    label: 'analytics',
    env: { METRICS_POLL_SCALE: '0.001', DEMO_METRICS_CLOCK_SCALE: '1000' },
  });
  token = (
    await apiPost<{ access_token: string }>(demo.baseUrl, '/customer/auth/sign-in', DEMO_SIGN_IN)
  ).access_token;
});
test.afterAll(async () => {
  await demo?.stop();
});

async function api<T>(apiPath: string, body?: object): Promise<T> {
  const response = await fetch(`${demo.baseUrl}/api${apiPath}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T; message?: string };
  expect(response.ok, `${apiPath}: ${json.message ?? response.status}`).toBe(true);
  return json.data;
}

async function signIn(page: Page) {
  await page.goto(`${demo.baseUrl}/login`);
  await page.getByLabel('Email address', { exact: true }).fill(DEMO_SIGN_IN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SIGN_IN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${demo.baseUrl}/companies`, { timeout: 60_000 });
  await waitForToastsToClear(page);
}

/** The whole page, or (a dialog's part scrolled into view) what the screen shows. */
async function shot(page: Page, name: string, fullPage = true) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, name), fullPage });
}

test('a published post’s numbers grow and show on the post and on the Analytics screen', async ({
  page,
}) => {
  test.setTimeout(8 * 60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const companies = await api<{ rows: Array<{ id: string; name: string }> }>('/customer/company');
  const entity = companies.rows.find((row) => row.name === ENTITY)!;
  const content = `Fresh single origin from the roastery, out today ${Date.now()}`;
  const post = await api<{ id: string }>('/customer/post', {
    company_id: entity.id,
    content,
    tone: 'professional',
    platforms: [],
  });
  await api('/schedules', {
    social_account_type: ['twitter', 'bluesky'],
    post_id: post.id,
    schedule_date: new Date(Date.now() + 5 * 3600_000).toISOString(),
  });

  // Published now from its card, on both networks.
  await signIn(page);
  await page.goto(`${demo.baseUrl}/scheduling`);
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: ENTITY });
  const card = page
    .getByRole('list', { name: 'Scheduled posts' })
    .locator(':scope > li')
    .filter({ hasText: content });
  const publishNow = card.getByRole('button', { name: 'Publish now' });
  await expect(publishNow).toHaveCount(2);
  await publishNow.first().click();
  await expect(publishNow).toHaveCount(1, { timeout: 30_000 });
  await publishNow.first().click();
  await expect(card.getByRole('link', { name: /Published on/ })).toHaveCount(2, {
    timeout: 90_000,
  });

  // The metrics job reads them (its first read an hour after publishing: 3.6 s here, at its
  // next run a minute apart), then again as their numbers grow.
  await expect
    .poll(
      async () => {
        const read = (await api<PostMetrics>(`/customer/post/${post.id}/metrics`)).publications;
        return read.filter((row) => row.read_at !== null && row.likes > 0).length;
      },
      { timeout: 4 * 60_000, intervals: [5_000] },
    )
    .toBe(2);

  // The post's view: each network's latest numbers and when they were read.
  await page.goto(`${demo.baseUrl}/posts?post=${post.id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Post' });
  const numbers = dialog.getByRole('region', { name: 'Numbers', exact: true });
  await expect(numbers.getByTestId('publication-metrics')).toHaveCount(2);
  await expect(numbers.getByText('Not read yet')).toHaveCount(0);
  // Likes read from the network (the job may have read them again meanwhile: more, never 0).
  for (const name of ['X/Twitter', 'Bluesky']) {
    const line = numbers.getByTestId('publication-metrics').filter({ hasText: name });
    await expect(line.getByRole('cell').first()).toHaveText(/^[1-9][\d,]*$/);
  }
  await numbers.scrollIntoViewIfNeeded();
  await shot(page, 'post-numbers-1280.png', false);
  await page.keyboard.press('Escape');

  // The Analytics screen, with the post among its numbers.
  await page.goto(`${demo.baseUrl}/analytics`);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  const top = page.getByRole('region', { name: 'Top posts by engagement' });
  await expect(top.getByRole('row').filter({ hasText: content })).toHaveCount(2);
  const networks = page.getByRole('region', { name: 'By network' });
  await expect(networks.getByRole('row', { name: /X\/Twitter/ })).toBeVisible();
  await expect(networks.getByRole('row', { name: /Bluesky/ })).toBeVisible();
  const totals = await api<{ posts_published: number; engagements: number }>(
    `/analytics/summary?from=${new Date(Date.now() - 7 * 86_400_000).toISOString()}&to=${new Date().toISOString()}`,
  );
  expect(totals.posts_published).toBeGreaterThanOrEqual(1);
  expect(totals.engagements).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await shot(page, 'analytics-1280.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(top.getByRole('row').filter({ hasText: content })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await shot(page, 'analytics-390.png');
  await page.goto(`${demo.baseUrl}/posts?post=${post.id}`);
  await expect(numbers.getByTestId('publication-metrics')).toHaveCount(2);
  await numbers.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shot(page, 'post-numbers-390.png', false);
});
