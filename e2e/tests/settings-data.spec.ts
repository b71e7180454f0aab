import { expect, test, type Page } from '@playwright/test';
import { api, createPostByApi, fakeCredentials } from '../support/api.js';
import { uniqueEmail, waitForCode } from '../support/mail.js';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

/** A verified customer made through the API, signed in in `page`; answers its token. */
async function freshCustomer(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  const password = 'customer-password';
  await api('/customer/auth/sign-up', { body: { name: 'Dana Data', email, password } });
  const otp_code = await waitForCode(email, 1);
  await api('/customer/auth/submit-otp', { body: { purpose: 'registration', email, otp_code } });
  const { access_token: token } = await api<{ access_token: string }>('/customer/auth/sign-in', {
    body: { email, password },
  });
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, token);
  return { email, password, token };
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height, label] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('deletes an account after the password and the word DELETE, and signs out', async ({
  page,
}) => {
  const customer = await freshCustomer(page, 'leaving');
  await api('/customer/company', {
    token: customer.token,
    body: { name: 'Leaving Co', website: 'https://leaving.example.com' },
  });
  await page.goto('/settings#your-data');
  const section = page.getByRole('region', { name: 'Your Data' });
  await expect(section.getByText(/of 200 MB used/)).toBeVisible();
  await expect(section.getByRole('progressbar')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByLabel('E-mail me when a post fails to publish'),
  ).toBeChecked();

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Export my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cadence-export-\d{4}-\d{2}-\d{2}\.json$/);
  await shoot(page, 'settings-data-sections');

  const opener = section.getByRole('button', { name: 'Delete my account' });
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
  await shoot(page, 'settings-data-delete-dialog');
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
  const customer = await freshCustomer(page, 'belled');
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
  await shoot(page, 'settings-data-bell');
  await popover.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(
    page.getByRole('button', { name: 'Notifications', exact: true }).first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(bell).toBeFocused();
});
