import { expect, type Page } from '@playwright/test';

const SLOW = { timeout: 20_000 };

/**
 * From the plans page to the test checkout: Pro's Subscribe Now, the Subscription Preview
 * and Confirm Payment, until the checkout's page is open (its Pay and Decline follow).
 */
export async function checkOutPro(page: Page, options: { onPreview?: () => Promise<void> } = {}) {
  await expect(page.getByRole('heading', { name: 'Choose Your Subscription Plan' })).toBeVisible(
    SLOW,
  );
  const pro = page.getByRole('article', { name: 'Pro' });
  await expect(pro.getByText('$29.00')).toBeVisible();
  await expect(pro.getByText('Every 1 month')).toBeVisible();
  await pro.getByRole('button', { name: 'Subscribe Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscription Preview' });
  await expect(dialog).toBeVisible(SLOW);
  await expect(dialog.getByText('Customer Information')).toBeVisible();
  await expect(dialog.getByText('Pro plan (Every 1 month)')).toBeVisible();
  await expect(dialog.getByText('Total Amount')).toBeVisible();
  await options.onPreview?.();
  await dialog.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/[0-9a-f-]+$/, SLOW);
  await expect(page.getByText('Test payment - no money moves')).toBeVisible();
}
