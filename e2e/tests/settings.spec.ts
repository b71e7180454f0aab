import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { makePng } from '../../apps/server/test/helpers/images.js';
import {
  api,
  companyWithNetworks,
  createPostByApi,
  fakeCredentials,
  openSignedIn,
  paidToken,
} from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { signUpByApi } from '../support/sign-up.js';
import { waitForToastsToClear } from '../support/toasts.js';

test.use({ timezoneId: 'UTC' });
// Each test signs up, schedules or waits for publishing: leave room for a busy machine.
test.describe.configure({ timeout: 120_000 });

async function openAs(page: Page, token: string, url: string) {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, token);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

const section = (page: Page, name: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name, level: 2 }) });

test('changes the profile with an avatar and shows it in the navigation at once', async ({
  page,
}) => {
  const customer = await signUpByApi('Avery Avatar', 'settings');
  await openAs(page, customer.token, '/settings');
  const nav = page.getByRole('banner');
  await expect(nav.getByText('AA', { exact: true })).toBeVisible();
  await expect(nav.getByTestId('avatar-image')).toHaveCount(0);

  const profile = section(page, 'Update Profile');
  await expect(profile.getByLabel('Email')).toHaveValue(customer.email);
  await expect(profile.getByLabel('Email')).toHaveAttribute('readonly', '');
  await profile.getByLabel('Name').fill('Avery Updated');
  await profile.getByLabel('Gender').selectOption('other');
  await profile.getByLabel('Address').fill('5 Harbour Row, Cork');
  await profile.getByLabel('Profile image').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: makePng(120, 80),
  });
  await profile.getByRole('button', { name: 'Update Profile', exact: true }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  const avatar = nav.getByTestId('avatar-image');
  await expect(avatar).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256);
  await expect(nav.getByText('Avery Updated')).toBeAttached();

  await page.reload();
  await expect(section(page, 'Update Profile').getByLabel('Gender')).toHaveValue('other');
  await expect(section(page, 'Update Profile').getByLabel('Address')).toHaveValue(
    '5 Harbour Row, Cork',
  );
});

test('changes the password, stays signed in, and signs in with the new one', async ({ page }) => {
  const customer = await signUpByApi('Sam Secure', 'settings');
  await openAs(page, customer.token, '/settings#security');
  const security = section(page, 'Security');
  await expect(security.getByLabel('Old password')).toBeVisible();

  await security.getByLabel('Old password').fill(customer.password);
  await security.getByLabel('New password').fill('a brand new password');
  await security.getByLabel('Confirm password').fill('a different password');
  await security.getByRole('button', { name: 'Update Password' }).click();
  await expect(security.getByText('New password and confirm password do not match')).toBeVisible();

  await security.getByLabel('Old password').fill('not the password');
  await security.getByLabel('Confirm password').fill('a brand new password');
  await security.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(/Your old password is incorrect/)).toBeVisible();

  await security.getByLabel('Old password').fill(customer.password);
  await security.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();

  // The old session token no longer works, but this browser holds the fresh one.
  const old = await page.request.get('/api/customer/me', {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(old.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await waitForToastsToClear(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByLabel('Password').fill('a brand new password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
});

test('Logout ends this session on the server, not only in the browser', async ({ page }) => {
  const customer = await signUpByApi('Lou Logout', 'settings');
  await openAs(page, customer.token, '/settings');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Logout successful')).toBeVisible();
  // A copy of the token (another tab, a leaked log line) no longer works either.
  const copy = await page.request.get('/api/customer/me', {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(copy.status()).toBe(401);
});

test('Sign out everywhere, after a confirmation, ends the sessions of every browser', async ({
  page,
  browser,
}) => {
  const customer = await signUpByApi('Evi Everywhere', 'settings');
  // A second browser of the same person, with its own sign-in.
  const { access_token: otherToken } = await api<{ access_token: string }>(
    '/customer/auth/sign-in',
    { body: { email: customer.email, password: customer.password } },
  );
  const otherContext = await browser.newContext({ timezoneId: 'UTC' });
  const other = await otherContext.newPage();
  try {
    await openAs(other, otherToken, '/settings');
    await openAs(page, customer.token, '/settings#security');
    const security = section(page, 'Security');
    const opener = security.getByRole('button', { name: 'Sign out everywhere' });
    await expect(opener).toBeVisible();

    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('this one included, will have to sign in again');
    await expectNoAxeViolations(page);
    // Escape closes it, focus goes back to the opener, and nothing was signed out.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await other.getByRole('link', { name: 'Posts' }).first().click();
    await expect(other).toHaveURL(/\/posts$/);

    await opener.click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('You are signed out on every device.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The other browser is sent to sign in on its next request (a page it has not loaded yet).
    await other.getByRole('link', { name: 'Scheduling' }).first().click();
    await expect(other).toHaveURL(/\/login$/);
    await expect(other.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  } finally {
    await otherContext.close();
  }
});

test('screenshots of Settings > Security and the sign-out-everywhere dialog', async ({ page }) => {
  const dir = path.join(import.meta.dirname, '..', '.artifacts');
  const customer = await signUpByApi('Shay Shots', 'settings');
  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openAs(page, customer.token, '/settings#security');
    const security = section(page, 'Security');
    const opener = security.getByRole('button', { name: 'Sign out everywhere' });
    await opener.scrollIntoViewIfNeeded();
    await security.screenshot({ path: path.join(dir, `settings-security-${name}.png`) });
    await opener.click();
    await expect(page.getByRole('dialog', { name: 'Sign out everywhere?' })).toBeVisible();
    await page.screenshot({ path: path.join(dir, `sign-out-everywhere-${name}.png`) });
    await page.keyboard.press('Escape');
  }
});

test('filters and searches the post logs, and a row links to its post', async ({ page }) => {
  test.setTimeout(180_000);
  const token = paidToken();
  const companyId = await companyWithNetworks(token, `Log Maker ${Date.now()}`);
  const content = `Logged post ${Date.now()}: fresh bread at dawn`;
  const post = await createPostByApi(token, companyId, content);
  await api('/schedules', {
    token,
    body: {
      social_account_type: ['twitter', 'bluesky'],
      post_id: post.id,
      schedule_date: new Date(Date.now() + 3_000).toISOString(),
    },
  });
  await expect
    .poll(
      async () => {
        const logs = await api<{ rows: Array<{ post_id: string | null; status: string }> }>(
          '/customer/logs?status=success&limit=100',
          { token },
        );
        return logs.rows.filter((row) => row.post_id === post.id).length;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(2);

  await openSignedIn(page, '/settings#post-logs');
  const logs = section(page, 'Post Logs');
  const rows = logs.getByTestId('post-log');
  await expect(rows.first()).toBeVisible();

  await logs.getByRole('button', { name: 'Success', exact: true }).click();
  await expect(logs.getByRole('button', { name: 'Success', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await logs.getByRole('searchbox', { name: 'Search logs' }).fill('bluesky');
  // The list settles on the server's answer: only successful Bluesky attempts.
  await expect(rows.first()).toContainText('Bluesky');
  await expect(rows.filter({ hasNotText: 'Bluesky' })).toHaveCount(0);
  await expect(rows.filter({ hasNotText: 'Success' })).toHaveCount(0);
  await logs.getByRole('button', { name: 'Pending', exact: true }).click();
  await expect(logs.getByText('No logs match these filters.').or(rows.first())).toBeVisible();
  await expect(rows.filter({ hasNotText: 'Pending' })).toHaveCount(0);

  await logs.getByRole('button', { name: 'All', exact: true }).click();
  await logs.getByRole('searchbox', { name: 'Search logs' }).fill('');
  await logs
    .getByRole('link', { name: `View post: ${content}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/posts\\?post=${post.id}`));
  // The post's own editor opens, with its text.
  await expect(page.getByRole('dialog', { name: 'Edit Post' })).toBeVisible();
  await expect(
    page.getByRole('dialog', { name: 'Edit Post' }).getByLabel('Content', { exact: true }),
  ).toHaveValue(content);
});

test("saves a zone and the Scheduling page's times move", async ({ page }) => {
  const customer = await signUpByApi('Zoe Zone', 'settings');
  const company = await api<{ id: string }>('/customer/company', {
    token: customer.token,
    body: { name: `Zone Co ${Date.now()}`, website: 'https://zone.example.com' },
  });
  const fake = fakeCredentials();
  await api('/social-accounts/save', {
    token: customer.token,
    body: {
      social_account_type: 'twitter',
      company_id: company.id,
      api_key: fake.twitter.apiKey,
      api_secret: fake.twitter.apiSecret,
      client_id: fake.twitter.accessToken,
      client_secret: fake.twitter.accessTokenSecret,
    },
  });
  const post = await createPostByApi(customer.token, company.id, `Zone post ${Date.now()}`);
  const noon = new Date();
  noon.setUTCDate(noon.getUTCDate() + 2);
  noon.setUTCHours(12, 0, 0, 0);
  await api('/schedules', {
    token: customer.token,
    body: {
      social_account_type: ['twitter'],
      post_id: post.id,
      schedule_date: noon.toISOString(),
    },
  });

  await openAs(page, customer.token, '/settings#timezone');
  const zone = section(page, 'Timezone Settings');
  // Nothing saved yet: the browser's zone (UTC here) is chosen.
  await expect(zone.getByLabel('Time zone', { exact: true })).toHaveValue('UTC');
  await expect(zone.getByText(/does not move posts already scheduled/)).toBeVisible();

  await page.goto('/scheduling');
  const scheduledAt = page.locator(`time[datetime="${noon.toISOString()}"]`);
  await expect(scheduledAt).toContainText('12:00 PM');

  await page.goto('/settings#timezone');
  await zone.getByLabel('Search time zones').fill('tokyo');
  await zone.getByLabel('Time zone', { exact: true }).selectOption('Asia/Tokyo');
  await zone.getByRole('button', { name: 'Save Timezone' }).click();
  await expect(page.getByText('Timezone settings saved successfully')).toBeVisible();

  await page.goto('/scheduling');
  await expect(scheduledAt).toContainText('9:00 PM');
  const saved = await api<{ timezone: string; auto_dst: boolean }>('/customer/settings', {
    token: customer.token,
  });
  expect(saved).toEqual({ timezone: 'Asia/Tokyo', auto_dst: true });
});

test('copies a developer-log entry to the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const marker = `Clipboard check ${Date.now()}`;
  // Any answer will do: the call is logged whether or not it succeeds.
  await fetch(`${process.env.E2E_BASE_URL}/api/ai/hashtags`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${paidToken()}` },
    body: JSON.stringify({ content: marker }),
  });
  await openSignedIn(page, '/settings#developer-info');
  const developer = section(page, 'Developer Info');
  await expect(developer.getByText('Calls this month')).toBeVisible();
  const entry = developer.getByTestId('api-log').filter({ hasText: marker });
  await entry.getByText('Prompt', { exact: true }).click();
  await expect(entry.getByText(marker)).toBeVisible();
  await entry.getByRole('button', { name: /^Copy the hashtags call/ }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toMatchObject({ purpose: 'hashtags' });
  expect(copied).toContain(marker);
});

test('screenshots of /settings at desktop and phone width', async ({ page }) => {
  const dir = path.join(import.meta.dirname, '..', '.artifacts');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, '/settings#post-logs');
  await expect(section(page, 'Post Logs').getByText(/Refreshes every 30 seconds/)).toBeVisible();
  // From the top, so the sticky navigation sits where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, 'settings-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings#developer-info');
  await expect(section(page, 'Developer Info').getByText('Calls this month')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, 'settings-phone.png'), fullPage: true });
});

test('deletes an account after the password and the word DELETE, and signs out', async ({
  page,
}) => {
  const customer = await signUpByApi('Dana Data', 'settings');
  await api('/customer/company', {
    token: customer.token,
    body: { name: 'Leaving Co', website: 'https://leaving.example.com' },
  });
  await openAs(page, customer.token, '/settings#notifications');
  await expect(
    section(page, 'Notifications').getByLabel('E-mail me when a post fails to publish'),
  ).toBeChecked();

  await page.goto('/settings#your-data');
  const data = section(page, 'Your Data');
  await expect(data.getByText(/of 200 MB used/)).toBeVisible();
  await expect(data.getByRole('progressbar')).toBeVisible();

  const download = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Export my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cadence-export-\d{4}-\d{2}-\d{2}\.json$/);

  const opener = data.getByRole('button', { name: 'Delete my account' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  // Escape closes it and gives focus back to the opener.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The password is incorrect. Enter the password you sign in with.',
  );
  await dialog.getByLabel('Password').fill(customer.password);
  await confirm.click();
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The account is gone: signing in fails.
  const signIn = await page.request.post('/api/customer/auth/sign-in', {
    data: { email: customer.email, password: customer.password },
  });
  expect(signIn.status()).toBe(401);
});

test('the bell lists a failed publication, unread first, and marks it read', async ({ page }) => {
  test.setTimeout(150_000);
  const customer = await signUpByApi('Bella Bell', 'settings');
  const { id: companyId } = await api<{ id: string }>('/customer/company', {
    token: customer.token,
    body: { name: `Bell Co ${Date.now()}`, website: 'https://bell.example.com' },
  });
  const x = fakeCredentials().twitter;
  await api('/social-accounts/save', {
    token: customer.token,
    body: {
      social_account_type: 'twitter',
      company_id: companyId,
      api_key: x.apiKey,
      api_secret: x.apiSecret,
      client_id: x.accessToken,
      client_secret: x.accessTokenSecret,
    },
  });
  const post = await createPostByApi(customer.token, companyId, `Bell post ${Date.now()}`);
  await api('/schedules', {
    token: customer.token,
    body: {
      social_account_type: ['twitter'],
      post_id: post.id,
      schedule_date: new Date(Date.now() + 3_000).toISOString(),
    },
  });
  // Disconnected before it is due: the publication fails for good.
  await api('/social-accounts/disconnect', {
    token: customer.token,
    body: { social_account_type: 'twitter', company_id: companyId },
  });

  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, customer.token);
  await page.goto('/companies');
  const bell = page.getByRole('button', { name: /^Notifications/ }).first();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 120_000, intervals: [2_000] });

  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText('A post was not published')).toBeVisible();
  await expect(popover.getByRole('link', { name: 'Post logs' })).toHaveAttribute(
    'href',
    '/settings#post-logs',
  );
  await expectNoAxeViolations(page, '[role="dialog"]');
  await popover.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(
    page.getByRole('button', { name: 'Notifications', exact: true }).first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(bell).toBeFocused();
});

test('the whole settings page with every section open has no axe violations', async ({ page }) => {
  await openSignedIn(page, '/settings#post-logs');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  // Each closed section opens by its own button (a link opens one at a time).
  const closed = page.locator('section > h2 > button[aria-expanded="false"]');
  await expect(closed.first()).toBeVisible();
  // Branding is the owner's: it appears once the workspaces say who this is.
  await expect(section(page, 'Branding')).toBeVisible();
  while ((await closed.count()) > 0) await closed.first().click();
  await expect(page.locator('section > h2 > button[aria-expanded="true"]')).toHaveCount(10);
  await expect(section(page, 'Post Logs').getByText(/Refreshes every 30 seconds/)).toBeVisible();
  await expect(section(page, 'Developer Info').getByText('Calls this month')).toBeVisible();
  await expect(section(page, 'Your Data').getByText(/used/).first()).toBeVisible();
  await expect(
    section(page, 'Notifications').getByLabel('E-mail me when a post fails to publish'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
});

test("the links of notifications open a post's editor and an entity's Socials dialog", async ({
  page,
}) => {
  const customer = await signUpByApi('Lina Links', 'settings');
  const { id: companyId } = await api<{ id: string }>('/customer/company', {
    token: customer.token,
    body: { name: `Linked Co ${Date.now()}`, website: 'https://linked.example.com' },
  });
  const content = `Linked post ${Date.now()}`;
  const post = await createPostByApi(customer.token, companyId, content);
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, customer.token);

  await page.goto(`/posts?post=${post.id}`);
  const editor = page.getByRole('dialog', { name: 'Edit Post' });
  await expect(editor.getByLabel('Content', { exact: true })).toHaveValue(content);

  await page.goto(`/companies?socials=${companyId}`);
  await expect(page.getByRole('dialog', { name: 'Connect Social Networks' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/companies$/);
});
