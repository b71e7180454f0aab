import { expect, test } from '@playwright/test';
import { PAID_CUSTOMER } from '../support/global-setup.js';

test('the keyboard goes email, password, Sign in: Enter signs in, not the reset dialog', async ({
  page,
}) => {
  await page.goto('/login');
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
