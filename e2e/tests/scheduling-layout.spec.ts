import { expect, test, type Page } from '@playwright/test';
import {
  api,
  companyWithNetworks,
  createPostByApi,
  openSignedIn,
  paidToken,
} from '../support/api.js';
import { uniqueName } from '../support/unique.js';

/** How far the page scrolls beyond the app's own content (the root's box), in pixels. */
function blankBelowContent(page: Page) {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    if (root === null) throw new Error('no #root');
    const contentBottom = root.getBoundingClientRect().bottom + window.scrollY;
    return document.documentElement.scrollHeight - Math.ceil(contentBottom);
  });
}

test('the Scheduling page is as tall as its content with several posts scheduled', async ({
  page,
}) => {
  const token = paidToken();
  const companyName = uniqueName('Tall Co');
  const companyId = await companyWithNetworks(token, companyName);
  const start = Date.now() + 26 * 3600_000;
  for (let index = 0; index < 8; index += 1) {
    const post = await createPostByApi(token, companyId, `Tall list ${index} ${Date.now()}`);
    await api('/schedules', {
      token,
      body: {
        social_account_type: ['twitter', 'bluesky'],
        post_id: post.id,
        schedule_date: new Date(start + index * 3600_000).toISOString(),
        repeat_type: 'daily',
        repeat_until: new Date(start + 6 * 24 * 3600_000).toISOString(),
      },
    });
  }

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await openSignedIn(page, '/scheduling');
    await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
    const cards = page.getByRole('list', { name: 'Scheduled posts' }).locator(':scope > li');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(8);
    await expect(
      page.getByRole('list', { name: 'Posts', exact: true }).locator(':scope > li'),
    ).toHaveCount(8);
    expect(await blankBelowContent(page), `blank space at ${viewport.width}px`).toBeLessThanOrEqual(
      1,
    );
  }
});
