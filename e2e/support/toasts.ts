import { expect, type Page } from '@playwright/test';

/**
 * Toasts stack top-right, over the page header's buttons, and pause while the pointer is on
 * them: a click aimed at a covered button would wait forever. Let them go first.
 */
export async function waitForToastsToClear(page: Page) {
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, {
    timeout: 30_000,
  });
}
