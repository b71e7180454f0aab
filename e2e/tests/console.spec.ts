import { expect, test } from '@playwright/test';
import { openSignedIn } from '../support/api.js';

test('loading a screen leaves no React Router warning in the console', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  for (const path of ['/login', '/posts', '/scheduling']) {
    if (path === '/login') await page.goto(path);
    else await openSignedIn(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(warnings.filter((text) => /HydrateFallback|React Router/i.test(text))).toEqual([]);
});
