import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api } from '../support/api.js';
import { signUpByApi } from '../support/sign-up.js';

// 'X MB of Y MB used' under the post form's media picker, from the plan's storage limit.
test('the post form shows the storage used beside the media picker, desktop and phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = path.join(import.meta.dirname, '..', '.artifacts');
  const customer = await signUpByApi('Stella Storage', 'storage');
  await api('/customer/company', {
    token: customer.token,
    body: { name: 'Storage Studio', website: 'https://storage.example.com' },
  });
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, customer.token);
  const open = async (p: Page) => {
    await p.goto('/posts');
    await p.getByRole('button', { name: 'Create Post' }).first().click();
    const dialog = p.getByRole('dialog', { name: 'Create New Post' });
    const meter = dialog.getByRole('meter', { name: 'Storage' });
    await expect(meter).toHaveAttribute('aria-valuetext', /^0 B of \d+(\.\d)? [KMG]B used$/);
    await expect(dialog.getByText(/of \d+(\.\d)? [KMG]B/)).toBeVisible();
    return { dialog, meter };
  };
  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const { dialog, meter } = await open(page);
    await meter.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(dir, `storage-meter-${name}.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
