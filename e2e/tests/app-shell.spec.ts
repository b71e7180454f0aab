import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../support/global-setup.js';
import { uniqueEmail, waitForCode } from '../support/mail.js';

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
}

/** A verified customer made through the API, so the test starts signed out with an account. */
async function createCustomer(page: Page) {
  const email = uniqueEmail('customer');
  const password = 'customer-password';
  const signUp = await page.request.post('/api/customer/auth/sign-up', {
    data: { name: 'Cora Customer', email, password },
  });
  expect(signUp.status()).toBe(201);
  const otp_code = await waitForCode(email, 1);
  const verify = await page.request.post('/api/customer/auth/submit-otp', {
    data: { purpose: 'registration', email, otp_code, password },
  });
  expect(verify.ok()).toBe(true);
  return { email, password };
}

test('shows the Admin link and panel to the admin, with the active link marked', async ({
  page,
}) => {
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Entities' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
});

test('hides Admin from customers and sends them away from the admin route', async ({ page }) => {
  const customer = await createCustomer(page);
  await signInThroughForm(page, customer.email, customer.password);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Entities', 'Posts', 'Scheduling', 'Subscription Plans', 'Settings']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin/subscriptions');
  await expect(page).toHaveURL(/\/companies$/);
  await page.goto('/scheduling');
  await expect(page.getByRole('heading', { name: 'Scheduling' })).toBeVisible();
});

test('shows the Authentication Error page when the session check fails', async ({ page }) => {
  const customer = await createCustomer(page);
  await signInThroughForm(page, customer.email, customer.password);
  await page.route('**/api/customer/me', (route) =>
    route.fulfill({
      status: 500,
      json: { statusCode: 500, error: 'Internal Server Error', message: 'Boom' },
    }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
  await expect(
    page.getByText('There was a problem with authentication. Please try logging in again.'),
  ).toBeVisible();
  await expect(
    page.getByText('Authentication failed. Please try refreshing the page.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('sends the visitor to /login when the server rejects a stored token', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('token', 'expired.or.forged'));
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('shows the payment result pages with a way back home', async ({ page }) => {
  const customer = await createCustomer(page);
  await signInThroughForm(page, customer.email, customer.password);
  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(
    page.getByText('Thank you for your purchase! Your payment has been processed successfully.'),
  ).toBeVisible();
  await page.goto('/payment-failed');
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(
    page.getByText(
      "We're sorry, but your payment could not be processed. Please try again or contact support.",
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/companies$/);
});
