import { expect, type Page } from '@playwright/test';
import { api } from './api.js';
import { uniqueEmail, waitForCode } from './mail.js';

/**
 * A newcomer's first minute through the forms: sign up, type the mailed code into the
 * Verify OTP dialog, sign in with the new password, and land on the Entities page.
 */
export async function signUpThroughTheForms(
  page: Page,
  account: { name: string; email: string; password: string },
) {
  await page.goto('/login?mode=signup');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const otp = page.getByRole('dialog', { name: 'Verify OTP' });
  const code = await waitForCode(account.email, 1);
  const boxes = otp.getByRole('textbox');
  for (const [index, digit] of [...code].entries()) await boxes.nth(index).fill(digit);
  await otp.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Account verified! Please login.')).toBeVisible();
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
}

/**
 * A fresh verified customer, signed up, verified and signed in through the API (so tests
 * never share an account or a password): its address, password and token.
 */
export async function signUpByApi(name: string, emailPrefix: string) {
  const email = uniqueEmail(emailPrefix);
  const password = `${emailPrefix}-password-1`;
  await api('/customer/auth/sign-up', { body: { name, email, password } });
  const otp_code = await waitForCode(email, 1);
  await api('/customer/auth/submit-otp', {
    body: { purpose: 'registration', email, otp_code, password },
  });
  const { access_token: token } = await api<{ access_token: string }>('/customer/auth/sign-in', {
    body: { email, password },
  });
  return { email, password, token };
}
