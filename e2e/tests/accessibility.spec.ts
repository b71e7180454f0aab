import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  api,
  companyWithNetworks,
  createPostByApi,
  openSignedIn,
  paidToken,
} from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { uniqueEmail, waitForCode } from '../support/mail.js';
import { uniqueName } from '../support/unique.js';

// axe on every page and every main dialog; any violation fails. The Settings and
// Admin pages are checked by their own specs' helpers.
test.describe.configure({ timeout: 180_000 });

/** Opens a dialog with `open`, runs axe on it, closes it with Escape and checks focus returns. */
async function checkDialog(page: Page, opener: Locator, name: string) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // Wait for the opening animation, so colours are measured at their final opacity.
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('the sign-in and sign-up pages and their dialogs have no axe violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expectNoAxeViolations(page);
  await checkDialog(page, page.getByRole('button', { name: 'Forgot password?' }), 'Reset Password');

  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('sign-in of an unverified account opens the code dialog, and the code verifies it', async ({
  page,
}) => {
  const email = uniqueEmail('pending');
  const password = 'pending-password';
  await page.goto('/login?mode=signup');
  await page.getByLabel('Name').fill('Pat Pending');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  const otp = page.getByRole('dialog', { name: 'Verify OTP' });
  await expect(otp).toBeVisible();
  await expect(otp.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  // Closing the dialog used to strand the account.
  await otp.getByRole('button', { name: 'Cancel' }).click();
  await expect(otp).toBeHidden();

  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(otp).toBeVisible();
  await expect(otp.getByText(email)).toBeVisible();
  const code = await waitForCode(email, 1);
  const boxes = otp.getByRole('textbox');
  for (const [index, digit] of [...code].entries()) await boxes.nth(index).fill(digit);
  await otp.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Account verified! Please login.')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
});

test('the signed-in pages and their main dialogs have no axe violations', async ({ page }) => {
  const token = paidToken();
  const companyName = uniqueName('Axe Works');
  const companyId = await companyWithNetworks(token, companyName);
  const content = `Accessible by design ${Date.now()}`;
  await createPostByApi(token, companyId, content);
  await api('/customer/company', {
    token,
    body: { name: uniqueName('Axe Spare'), website: 'https://spare.example.com' },
  });

  await openSignedIn(page, '/companies');
  await expect(page.getByRole('heading', { name: 'Entities', exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(companyName) });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Add Entity' }).first(),
    'Add New Entity',
  );
  await checkDialog(page, row.getByRole('button', { name: 'Socials' }), 'Connect Social Networks');
  await checkDialog(page, row.getByRole('button', { name: 'Delete' }), 'Delete Company');

  await page.goto('/posts');
  await expect(page.getByRole('heading', { name: 'Posts', exact: true })).toBeVisible();
  await expect(page.getByText(content).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Create Post' }).first(),
    'Create New Post',
  );
  const postRow = page
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') })
    .filter({ hasText: content });
  await checkDialog(page, postRow.getByRole('button', { name: 'Delete' }), 'Delete Post');

  await page.goto('/scheduling');
  await expect(page.getByRole('heading', { name: 'Scheduling', exact: true })).toBeVisible();
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  const card = page
    .getByRole('list', { name: 'Posts' })
    .locator(':scope > li')
    .filter({ hasText: content });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page);
  await checkDialog(
    page,
    card.getByRole('button', { name: 'Schedule', exact: true }),
    'Schedule Post',
  );

  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});
