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

// Decision 126: the app's scripts are asked for only once the frame has painted, by the
// page's one inline script, which the CSP allows by its hash.
test('the frame paints before the app asks for its scripts, and the CSP lets the loader run', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy: ${event.violatedDirective}`),
    );
  });
  const response = await page.goto('/login');
  const html = (await response?.text()) ?? '';
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).not.toContain('<link rel="modulepreload"');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const order = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? Infinity;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js'))
      .map((entry) => entry.startTime);
    return { paint, firstScript: Math.min(...scripts), scripts: scripts.length };
  });
  expect(order.scripts).toBeGreaterThan(0);
  expect(order.paint).toBeLessThan(order.firstScript);
  expect(violations).toEqual([]);
});
