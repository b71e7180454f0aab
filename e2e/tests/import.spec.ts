import { expect, test, type Page } from '@playwright/test';
import { companyWithNetworks, openSignedIn, paidToken } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { uniqueName } from '../support/unique.js';

const HEADER = 'entity,content,networks,date,time,timezone,queue';

/** Chooses a CSV file made of `lines` in the import screen's file field. */
async function chooseFile(page: Page, name: string, lines: string[]) {
  await page.getByLabel('CSV file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...lines].join('\r\n') + '\r\n', 'utf8'),
  });
}

test('imports a CSV: one bad row is shown with its error, fixed, and then every post is imported', async ({
  page,
}) => {
  const token = paidToken();
  const companyName = uniqueName('Import Bakery');
  await companyWithNetworks(token, companyName);
  const stamp = Date.now();
  const first = `Fresh sourdough every morning ${stamp}`;
  const second = `Croissants on Sunday ${stamp}`;

  await openSignedIn(page, '/posts');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/posts\/import$/);
  await expect(page.getByRole('heading', { name: 'Import posts', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download the template' })).toBeVisible();

  // The second row names a network that does not exist.
  await chooseFile(page, 'posts.csv', [
    `${companyName},"${first}",twitter,2031-05-06,09:30,Europe/London,no`,
    `${companyName},"${second}","twitter, myspace",,,,`,
  ]);
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Ready');
  await expect(rows.nth(0)).toContainText('May 6, 2031, 09:30 (Europe/London)');
  await expect(rows.nth(1)).toContainText('Unknown network "myspace"');
  await expect(
    page.getByRole('status').filter({ hasText: '1 of 2 rows has errors' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 2 posts' })).toBeDisabled();
  await expectNoAxeViolations(page, 'main');
  const shots = process.env.E2E_SCREENSHOTS_DIR;
  if (shots) await page.screenshot({ path: `${shots}/desktop-import.png`, fullPage: true });
  // At phone width the table scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'main');
  if (shots) await page.screenshot({ path: `${shots}/phone-import.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Fixed: the second row becomes a draft for X.
  await chooseFile(page, 'posts-fixed.csv', [
    `${companyName},"${first}",twitter,2031-05-06,09:30,Europe/London,no`,
    `${companyName},"${second}",twitter,,,,`,
  ]);
  await expect(rows.nth(1)).toContainText('Ready');
  await expect(rows.nth(1)).toContainText('Draft');
  await expect(page.getByRole('status').filter({ hasText: 'All 2 rows are ready' })).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 posts' }).click();

  await expect(page.getByText('2 posts imported')).toBeVisible();
  await expect(page).toHaveURL(/\/posts$/);
  await page.getByLabel('Search posts').fill(String(stamp));
  await expect(page.getByText(first).first()).toBeVisible();
  await expect(page.getByText(second).first()).toBeVisible();
});
