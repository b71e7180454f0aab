import { expect, test, type Page } from '@playwright/test';
import { companyWithNetworks, openSignedIn, paidToken } from '../support/api.js';
import { uniqueEmail, waitForCode } from '../support/mail.js';
import { uniqueName } from '../support/unique.js';

/** A verified account of its own, so wrong passwords here lock out nobody else's. */
async function newAccount(email: string, password: string) {
  const post = (path: string, body: object) =>
    fetch(`${process.env.E2E_BASE_URL}/api/customer/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('sign-up', { name: 'Tess Toast', email, password })).ok).toBe(true);
  const code = await waitForCode(email, 1);
  const verified = await post('submit-otp', {
    purpose: 'registration',
    email,
    otp_code: code,
    password,
  });
  expect(verified.ok).toBe(true);
}

const toasts = (page: Page) => page.locator('[data-rht-toaster] [role="status"]');

test("a failed sign-in's toast goes once the next attempt succeeds", async ({ page }) => {
  const email = uniqueEmail('toasts');
  await newAccount(email, 'the-right-password');
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('a-wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email or password is incorrect')).toBeVisible();

  await page.getByLabel('Password').fill('the-right-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByText('Email or password is incorrect')).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(1);
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`'Save anyway?' is asked where the Create Post button was (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const companyName = uniqueName('Long Words Co');
    await companyWithNetworks(paidToken(), companyName);
    await openSignedIn(page, '/posts');
    await page.getByRole('button', { name: 'Create Post' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Entity', { exact: true }).selectOption({ label: companyName });
    // Longer than X takes.
    await dialog.getByLabel('Content', { exact: true }).fill('A very long thought. '.repeat(20));
    await dialog.getByRole('button', { name: 'Create Post' }).click();

    const question = dialog.getByRole('alertdialog');
    await expect(question.getByText('Save anyway?')).toBeInViewport();
    await expect(question.getByRole('button', { name: 'Save Anyway' })).toBeInViewport();
    await expect(question.getByRole('button', { name: 'Keep Editing' })).toBeFocused();
  });
}
