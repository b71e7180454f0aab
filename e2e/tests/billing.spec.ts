import { expect, test, type Page } from '@playwright/test';
import { api } from '../support/api.js';
import { checkOutPro } from '../support/checkout.js';
import { signUpByApi } from '../support/sign-up.js';

// Each story is long (sign-up, checkout, several pages); leave room for a busy machine.
test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 20_000 };

async function openAs(page: Page, token: string, path: string) {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, token);
  await page.goto(path);
}

test('a Free customer buys Pro through the preview and the test checkout', async ({ page }) => {
  const { token } = await signUpByApi('Buyer', 'buyer');
  await api('/customer/company', {
    token,
    body: { name: 'First Co', website: 'first.example.com' },
  });
  await openAs(page, token, '/subscriptions');

  // The yearly switch shows the saving and the yearly price.
  await page.getByText('Yearly').click();
  await expect(page.getByText(/Save \d+%/)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Pro' }).getByText('$290.00')).toBeVisible();
  await page.getByText('Monthly').click();

  await checkOutPro(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(SLOW);
  await expect(page.getByText(/Your Pro plan is now active/)).toBeVisible();

  // The limit follows the plan at once: a second and a third entity can be added.
  await page.goto('/companies');
  for (const name of ['Second Co', 'Third Co']) {
    await page.getByRole('button', { name: 'Add Entity' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Entity' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Website').fill(`${name.split(' ')[0]!.toLowerCase()}.example.com`);
    await dialog.getByRole('button', { name: 'Add Company' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }

  // The plans page marks Pro as subscribed.
  await page.goto('/subscriptions');
  await expect(
    page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Subscribed' }),
  ).toBeDisabled();

  // Settings shows Pro, its next billing date and the receipt.
  await page.goto('/settings#subscription');
  const current = page.getByLabel('Current subscription');
  await expect(current.getByRole('heading', { name: 'Pro' })).toBeVisible();
  await expect(current.getByText('Active', { exact: true })).toBeVisible();
  await expect(current.getByText('Next billing date')).toBeVisible();
  const history = page.getByRole('table');
  await expect(history.getByRole('row', { name: /Pro \$29\.00 Paid/ })).toBeVisible();
  await history.getByRole('link', { name: 'Receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByText('$29.00 USD')).toBeVisible();
});

test('a declined test payment lands on Payment Failed and changes nothing', async ({ page }) => {
  const { token } = await signUpByApi('Decliner', 'decliner');
  await openAs(page, token, '/subscriptions');
  await checkOutPro(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible(SLOW);
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute(
    'href',
    '/subscriptions',
  );

  const subscription = await api('/customer/subscription', { token });
  expect(subscription).toBeNull();
  await page.goto('/subscriptions');
  await expect(
    page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Subscribed' }),
  ).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Subscribe Now' }),
  ).toBeEnabled();
});
