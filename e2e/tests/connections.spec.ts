import { expect, test, type Page } from '@playwright/test';
import { PAID_CUSTOMER } from '../support/global-setup.js';
import { waitForToastsToClear } from '../support/toasts.js';
import { uniqueName } from '../support/unique.js';

interface FakeCredentials {
  twitter: { apiKey: string; apiSecret: string; accessToken: string; accessTokenSecret: string };
  bluesky: { username: string; appPassword: string };
  facebook: { appId: string; appSecret: string; accessToken: string };
  facebookPages: string[];
}
const credentials = () =>
  JSON.parse(process.env.E2E_NETWORK_CREDENTIALS ?? '{}') as FakeCredentials;

async function openSocials(page: Page, companyName: string) {
  await page.goto('/login');
  await page.getByLabel('Email address', { exact: true }).fill(PAID_CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(PAID_CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
  // Each test adds its own company, so none depends on what another left behind.
  await waitForToastsToClear(page);
  await page.getByRole('button', { name: 'Add Entity' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add New Entity' });
  await form.getByLabel('Name', { exact: true }).fill(companyName);
  await form.getByLabel('Website', { exact: true }).fill('connections.example.com');
  await form.getByRole('button', { name: 'Add Company' }).click();
  await expect(form).toBeHidden();
  await page
    .getByRole('row', { name: new RegExp(companyName) })
    .getByRole('button', { name: 'Socials' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Connect Social Networks' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('connects Bluesky and X through the dialog, then disconnects', async ({ page }) => {
  const fake = credentials();
  // Two networks connected, tested and disconnected: triple time on a busy machine.
  test.slow();
  const companyName = uniqueName('Orbit Bakery');
  let dialog = await openSocials(page, companyName);

  await dialog.getByRole('button', { name: /^Bluesky Not Connected/ }).click();
  const bluesky = dialog.getByRole('region', { name: 'Bluesky settings' });
  await bluesky.getByRole('button', { name: 'Show Setup Instructions' }).click();
  await expect(bluesky.getByRole('button', { name: 'Hide Instructions' })).toBeVisible();
  await expect(bluesky.getByLabel('App Password', { exact: true })).toHaveAttribute(
    'type',
    'password',
  );
  await expect(bluesky.getByText('Test connection to verify credentials')).toBeVisible();

  await bluesky.getByLabel('Handle', { exact: true }).fill(fake.bluesky.username);
  await bluesky.getByLabel('App Password', { exact: true }).fill('wrong-app-password');
  await bluesky.getByRole('button', { name: 'Test Connection' }).click();
  await expect(bluesky.getByText('Connection failed', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Bluesky connection failed: /).first()).toBeVisible();

  await bluesky.getByLabel('App Password', { exact: true }).fill(fake.bluesky.appPassword);
  await bluesky.getByRole('button', { name: 'Test Connection' }).click();
  await expect(bluesky.getByText('Connection verified', { exact: true })).toBeVisible();
  await bluesky.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('Bluesky connected successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  dialog = page.getByRole('dialog', { name: 'Connect Social Networks' });
  await page
    .getByRole('row', { name: new RegExp(companyName) })
    .getByRole('button', { name: 'Socials' })
    .click();
  await expect(dialog.getByRole('button', { name: /^Bluesky Connected/ })).toBeVisible();

  await dialog.getByRole('button', { name: /^X\/Twitter Not Connected/ }).click();
  const x = dialog.getByRole('region', { name: 'X/Twitter settings' });
  // One-click connect is configured for X here: the key form is the advanced path.
  await x.getByText('Use your own keys instead (advanced)').click();
  await x.getByLabel('API Key', { exact: true }).fill(fake.twitter.apiKey);
  await x.getByLabel('API Secret', { exact: true }).fill(fake.twitter.apiSecret);
  await x.getByLabel('Access Token', { exact: true }).fill(fake.twitter.accessToken);
  await x.getByLabel('Access Token Secret', { exact: true }).fill(fake.twitter.accessTokenSecret);
  await x.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('X/Twitter connected successfully')).toBeVisible();

  await page
    .getByRole('row', { name: new RegExp(companyName) })
    .getByRole('button', { name: 'Socials' })
    .click();
  await dialog.getByRole('button', { name: /^Bluesky Connected/ }).click();
  await dialog
    .getByRole('region', { name: 'Bluesky settings' })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(page.getByText('Bluesky disconnected successfully')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Bluesky Not Connected/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^X\/Twitter Connected/ })).toBeVisible();
});

test('fills the Facebook page selector from Get Page List', async ({ page }) => {
  const fake = credentials();
  const dialog = await openSocials(page, uniqueName('Harbor Books'));
  await dialog.getByRole('button', { name: /^Facebook Not Connected/ }).click();
  const facebook = dialog.getByRole('region', { name: 'Facebook settings' });
  await facebook.getByText('Use your own keys instead (advanced)').click();
  await facebook.getByLabel('App ID', { exact: true }).fill(fake.facebook.appId);
  await facebook.getByLabel('App Secret', { exact: true }).fill(fake.facebook.appSecret);
  await facebook.getByLabel('User Access Token', { exact: true }).fill(fake.facebook.accessToken);
  await facebook.getByRole('button', { name: 'Get Page List' }).click();
  const select = facebook.getByLabel('Page', { exact: true });
  for (const name of fake.facebookPages)
    await expect(select.locator('option', { hasText: name })).toHaveCount(1);
  await select.selectOption({ label: fake.facebookPages[0]! });
  await facebook.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('Facebook connected successfully')).toBeVisible();
});

test('marks each empty credential field beside it when Connect is pressed', async ({ page }) => {
  const dialog = await openSocials(page, uniqueName('Quiet Mill'));
  await dialog.getByRole('button', { name: /^Bluesky Not Connected/ }).click();
  const bluesky = dialog.getByRole('region', { name: 'Bluesky settings' });
  const handle = bluesky.getByLabel('Handle', { exact: true });
  const appPassword = bluesky.getByLabel('App Password', { exact: true });
  await expect(handle).not.toHaveAttribute('aria-invalid', 'true');

  await bluesky.getByRole('button', { name: 'Connect', exact: true }).click();
  // One toast, and each empty field says so where it is; the first one has the focus.
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveText([
    'Missing required credentials',
  ]);
  await expect(handle).toHaveAttribute('aria-invalid', 'true');
  await expect(handle).toHaveAccessibleDescription('Handle is required');
  await expect(appPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(appPassword).toHaveAccessibleDescription('App Password is required');
  await expect(handle).toBeFocused();

  // Filling a field clears its mark; the other stays marked until it is filled too.
  await handle.fill('someone.bsky.social');
  await expect(handle).not.toHaveAttribute('aria-invalid', 'true');
  await expect(appPassword).toHaveAttribute('aria-invalid', 'true');
  await bluesky.getByRole('button', { name: 'Test Connection' }).click();
  await expect(appPassword).toBeFocused();
});
