import { expect, test, type Page } from '@playwright/test';
import { api, companyWithNetworks, createPostByApi, paidToken } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { ADMIN, PAID_CUSTOMER } from '../support/global-setup.js';

/** The admin's session (the first account of the global setup is the instance's admin). */
async function adminToken() {
  const data = await api<{ access_token: string }>('/customer/auth/sign-in', {
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  return data.access_token;
}

async function openAdmin(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, token);
  await page.goto('/admin/subscriptions');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
}

const section = (page: Page, title: string) =>
  page.getByRole('button', { name: title, exact: true });
/** An open section's body. */
const region = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });

test('a customer is sent away from the admin panel', async ({ page }) => {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), paidToken());
  await page.goto('/admin/subscriptions');
  // Home ('/') forwards to the Entities page.
  await expect(page).toHaveURL(/\/(companies)?$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
});

test('an admin edits a setting, stops and starts the publisher', async ({ page }) => {
  test.setTimeout(90_000);
  await openAdmin(page, await adminToken());

  const input = page.getByLabel('AI requests per hour', { exact: true });
  await expect(input).toBeVisible();
  await expect(page.getByText('Allowed range: 1-10000 requests')).toBeVisible();
  await input.fill('240');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('AI requests per hour', { exact: true })).toHaveValue('240');

  const publisher = page.getByTestId('service-publisher');
  await expect(publisher.getByText('running', { exact: true }).first()).toBeVisible({
    timeout: 20_000,
  });
  // Stop asks first; Cancel leaves it running.
  await publisher.getByRole('button', { name: 'Stop' }).click();
  const confirm = page.getByRole('dialog', { name: /^Stop .+\?$/ });
  await expect(confirm.getByText('Nothing is published while it is stopped')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(publisher.getByText('running', { exact: true }).first()).toBeVisible();
  await publisher.getByRole('button', { name: 'Stop' }).click();
  await confirm.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByText('Service stopped successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(publisher.getByText('stopped', { exact: true }).first()).toBeVisible();
  await expect(publisher.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await publisher.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Service started successfully')).toBeVisible();
  await expect(publisher.getByRole('button', { name: 'Stop' })).toBeVisible();
});

test('the next deployment cannot be set in the past', async ({ page }) => {
  await openAdmin(page, await adminToken());
  const when = page.getByLabel(/Set the next deployment/);
  await expect(when).toBeVisible();
  await when.fill('2020-01-01T09:00');
  await page.getByRole('button', { name: 'Set', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Choose a deployment time in the future' }),
  ).toBeVisible();
  await expect(page.getByText('Next deployment saved')).toHaveCount(0);

  // The server refuses it too, with the same words.
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/admin/deployment`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await adminToken()}`,
    },
    body: JSON.stringify({ next_deployment: '2020-01-01T09:00:00Z' }),
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { message: string }).message).toBe(
    'Choose a deployment time in the future',
  );
});

test('an admin puts a plan on sale and sees the price history row', async ({ page }) => {
  await openAdmin(page, await adminToken());
  await section(page, 'Subscription Management').click();
  // Business, not Pro: the billing spec buys Pro at its list price on the same instance.
  const business = page.getByRole('form', { name: 'Business plan' });
  await business.getByLabel('Sale Price').fill('59.99');
  await business.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Plan updated successfully')).toBeVisible();
  await expect(
    page.getByRole('form', { name: 'Business plan' }).getByText(/Save \d+%/),
  ).toBeVisible();

  await section(page, 'Price History').click();
  const row = page.getByRole('row').filter({ hasText: 'Business' }).filter({ hasText: '$59.99' });
  await expect(row.first()).toBeVisible();
  await expect(row.first()).toContainText(ADMIN.email);
});

test('an admin grants admin access to another account and removes it again', async ({ page }) => {
  await openAdmin(page, await adminToken());
  await section(page, 'User Management').click();
  await page.getByPlaceholder('Search by email...').fill('pro@');
  await page.getByRole('button', { name: PAID_CUSTOMER.email }).click();
  const dialog = page.getByRole('dialog', { name: 'User Details' });
  await expect(dialog.getByRole('button', { name: 'Update Subscription' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Grant Admin Access' }).click();
  await expect(page.getByText('Admin access granted')).toBeVisible();
  await expect(dialog.getByText('Admin User')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove Admin Access' }).click();
  await expect(page.getByText('Admin access removed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('an admin finds a failed publication in the system logs by its error code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A post due in a few seconds to Bluesky, whose connection is gone by then: not_connected.
  const token = paidToken();
  const companyId = await companyWithNetworks(token, `Logs Co ${Date.now()}`);
  const post = await createPostByApi(token, companyId, `Log me ${Date.now()}`);
  await api('/schedules', {
    token,
    body: {
      social_account_type: ['bluesky'],
      post_id: post.id,
      schedule_date: new Date(Date.now() + 4_000).toISOString(),
    },
  });
  await api('/social-accounts/disconnect', {
    token,
    body: { company_id: companyId, social_account_type: 'bluesky' },
  });

  await openAdmin(page, await adminToken());
  await section(page, 'System Logs').click();
  const logs = region(page, 'System Logs');
  await logs.getByPlaceholder('Search logs...').fill('not_connected');
  await logs.getByRole('button', { name: 'Error', exact: true }).click();
  const row = logs.getByRole('row').filter({ hasText: 'not_connected' }).first();
  await expect(async () => {
    await logs.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText(PAID_CUSTOMER.email);
  await expect(row).toContainText('Bluesky');
});

test('the admin panel, every section open and the User Details dialog, has no axe violations', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openAdmin(page, await adminToken());
  // The two sections open by default, with their data in.
  await expect(page.getByLabel('AI requests per hour', { exact: true })).toBeVisible();
  await expect(page.getByTestId('service-publisher')).toBeVisible();
  await expectNoAxeViolations(page);

  for (const title of [
    'Subscription Management',
    'Price History',
    'Dashboard Statistics',
    'System Logs',
    'User Management',
  ]) {
    await section(page, title).click();
    await expect(section(page, title)).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(page.getByRole('form', { name: 'Pro plan' })).toBeVisible();
  await expect(page.getByText('Total Posts')).toBeVisible();
  await expect(page.getByRole('button', { name: ADMIN.email })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: ADMIN.email }).click();
  const dialog = page.getByRole('dialog', { name: 'User Details' });
  await expect(dialog.getByText('Admin User')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus returns to the row that opened the dialog.
  await expect(page.getByRole('button', { name: ADMIN.email })).toBeFocused();
});
