import { expect, test } from '@playwright/test';
import { openSignedIn } from '../support/api.js';

// Decision 111: each screen's HTML holds its first frame, painted before any JavaScript.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the page already shows the screen's heading", async ({ page }) => {
    // The frame is hidden from assistive technology (and so from role queries): by markup.
    await page.goto('/login');
    await expect(page.locator('h1')).toHaveText('Sign in to your account');
    await expect(page.locator('input[type="email"]')).toBeVisible();
    for (const [path, heading] of [
      ['/posts', 'Posts'],
      ['/scheduling', 'Scheduling'],
      ['/companies', 'Entities'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('h1')).toHaveText(heading);
      await expect(page.locator('nav[aria-label="Main"]')).toBeAttached();
    }
  });
});

test('the app replaces the frame with the screen, without moving it', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openSignedIn(page, '/posts');
  await expect(page.getByRole('button', { name: 'Create Post' }).first()).toBeVisible();
  // The frame is gone: one heading, one main navigation, nothing inert left.
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toHaveCount(1);
  await expect(page.locator('[inert]')).toHaveCount(0);
  const total = await page.evaluate(() =>
    (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
  );
  expect(total).toBeLessThanOrEqual(0.02);
});
