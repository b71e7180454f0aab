import { expect, test, type Page } from '@playwright/test';
import { api, companyWithNetworks, openSignedIn, paidToken } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { uniqueName } from '../support/unique.js';

// A post with its own X text and a thread: written in the post form, published now on the
// demo stand-ins, and read back from the stand-ins' pages of the posts (where the networks'
// websites would show them). Screenshots go to VARIANT_SHOTS_DIR when it is set.
test.describe.configure({ timeout: 180_000 });
const SHOTS = process.env.VARIANT_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a post with its own X text and a thread goes out: X gets its text, Bluesky the shared one', async ({
  page,
}) => {
  const token = paidToken();
  const companyName = uniqueName('Variant Co');
  const companyId = await companyWithNetworks(token, companyName);
  // Facebook too, so the form offers the first comment beside the thread.
  const facebook = (
    JSON.parse(process.env.E2E_NETWORK_CREDENTIALS ?? '{}') as {
      facebook: { appId: string; appSecret: string; accessToken: string; pageId: string };
    }
  ).facebook;
  await api('/social-accounts/save', {
    token,
    body: {
      social_account_type: 'facebook',
      company_id: companyId,
      client_id: facebook.appId,
      client_secret: facebook.appSecret,
      access_token: facebook.accessToken,
      page_id: facebook.pageId,
    },
  });
  const stamp = Date.now();
  const shared = `Our spring menu is here ${stamp}: twelve new dishes, three new desserts and a longer terrace season for everyone.`;
  const forX = `Spring menu ${stamp}: 12 new dishes.`;
  const part2 = `Terrace opens at noon ${stamp}.`;

  await openSignedIn(page, '/posts');
  await expect(page.getByRole('heading', { name: 'Posts', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.getByLabel('Entity', { exact: true }).selectOption({ label: companyName });
  await dialog.getByLabel('Content', { exact: true }).fill(shared);

  await dialog.getByRole('button', { name: 'Customize for X' }).click();
  const xText = dialog.getByLabel('Text for X', { exact: true });
  await expect(xText).toHaveValue(shared);
  await xText.fill(forX);
  await expect(dialog.getByLabel('Media for X', { exact: true })).toBeAttached();
  await dialog.getByRole('button', { name: 'Add a part' }).click();
  await dialog.getByLabel('Part 2', { exact: true }).fill(part2);
  await dialog
    .getByLabel('First comment (optional)', { exact: true })
    .fill('The full menu is on our website.');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shoot(page, 'post-form-variant-thread');

  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Post created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Scheduled for tonight, then published now on each network from its card.
  const posts = await api<{ rows: Array<{ id: string; content: string }> }>(
    `/customer/post?page=1&pageSize=50&q=${encodeURIComponent(String(stamp))}`,
    { token },
  );
  const post = posts.rows.find((row) => row.content === shared)!;
  expect(post).toBeDefined();
  await api('/schedules', {
    token,
    body: {
      social_account_type: ['twitter', 'bluesky'],
      post_id: post.id,
      schedule_date: new Date(Date.now() + 5 * 3600_000).toISOString(),
    },
  });
  await openSignedIn(page, '/scheduling');
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  const card = page
    .getByRole('list', { name: 'Scheduled posts' })
    .locator(':scope > li')
    .filter({ hasText: shared });
  await card.getByRole('button', { name: 'Publish now' }).first().click();
  await expect(page.getByText('Publishing now.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Publish now' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await card.getByRole('button', { name: 'Publish now' }).click();
  const links = card.getByRole('link', { name: /Published on/ });
  await expect(links).toHaveCount(2, { timeout: 60_000 });
  // The thread: both parts out on each thread network.
  await expect(card.getByText('Thread of 2 posted')).toHaveCount(2, { timeout: 60_000 });
  await shoot(page, 'scheduling-thread-card');

  // Each stand-in's page of the post shows what that network was sent.
  const texts: string[] = [];
  for (const link of await links.all()) {
    texts.push(await (await page.request.get((await link.getAttribute('href'))!)).text());
  }
  const onX = texts.filter((text) => text.includes(forX));
  const onBluesky = texts.filter((text) => text.includes('twelve new dishes'));
  expect(onX).toHaveLength(1);
  expect(onX[0]).not.toContain('twelve new dishes');
  expect(onBluesky).toHaveLength(1);
  expect(onBluesky[0]).toContain('Bluesky');
});
