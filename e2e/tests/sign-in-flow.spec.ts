import { expect, test } from '@playwright/test';
import { PAID_CUSTOMER } from '../support/global-setup.js';
import { uniqueEmail, waitForCode } from '../support/mail.js';

test('the keyboard goes email, password, Sign in: Enter signs in, not the reset dialog', async ({
  page,
}) => {
  await page.goto('/login');
  // The page's first frame (inert) is replaced by the app's form before anything is typed.
  await expect(page.locator('[inert]')).toHaveCount(0);
  const email = page.getByLabel('Email address');
  await email.focus();
  await page.keyboard.type(PAID_CUSTOMER.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(PAID_CUSTOMER.password);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeFocused();

  // Back in the password box, Enter submits the form.
  await page.getByLabel('Password').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Reset Password' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/companies$/);
});

test('after the sign-up code is verified, the sign-in form holds the address and password', async ({
  page,
}) => {
  const email = uniqueEmail('one-click');
  const password = 'a-fresh-password';
  await page.goto('/login?mode=signup');
  await page.getByLabel('Name').fill('Olive Oneclick');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify OTP' });
  const code = await waitForCode(email, 1);
  for (const [index, digit] of [...code].entries()) {
    await dialog.getByLabel(`Digit ${index + 1}`).fill(digit);
  }
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Account verified! Please login.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toHaveValue(password);
  // Only in memory: not in the address, nor in either storage.
  expect(page.url()).not.toContain(password);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(password);

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
});
