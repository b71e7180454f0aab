import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../../apps/server/test/helpers/images.js';
import { API_PATHS } from '@cadence/shared';
import { FAKE_AI_DESCRIPTION, PAID_CUSTOMER } from '../support/global-setup.js';
import { waitForToastsToClear } from '../support/toasts.js';
import { uniqueName } from '../support/unique.js';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
}

// One customer, one story: these steps build on each other.
test.describe.configure({ mode: 'serial' });

test('manages entities end to end: add with a logo, AI Assist, edit, search, filter, delete', async ({
  page,
}) => {
  // A long story of a dozen round trips: triple time on a busy machine.
  test.slow();
  const website = process.env.E2E_WEBSITE_URL!;
  const acme = uniqueName('Acme Rockets');
  const orbital = acme.replace('Acme Rockets', 'Acme Orbital');
  const bistro = uniqueName('Bistro Verde');
  const rowOf = (name: string) => page.getByRole('row', { name: new RegExp(name) });
  await signIn(page, PAID_CUSTOMER.email, PAID_CUSTOMER.password);
  await expect(page.getByRole('heading', { name: 'Entities', exact: true })).toBeVisible();

  // Add: the form's own checks first.
  await waitForToastsToClear(page);
  await page.getByRole('button', { name: 'Add Entity' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add New Entity' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Company' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();

  await dialog.getByLabel('Name').fill(acme);
  await dialog.getByLabel('Website').fill(website.replace(/^http:\/\//, 'http://'));
  await dialog.getByLabel('Industry').selectOption('custom');
  await dialog.getByLabel('Custom Industry').fill('Space logistics');
  await dialog.getByLabel('Tone').selectOption('friendly');

  await dialog
    .getByLabel('Logo')
    .setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: makePng(64, 64) });
  await expect(page.getByText('Logo uploaded successfully')).toBeVisible();
  await expect(dialog.getByRole('img').first()).toHaveAttribute(
    'src',
    /\/uploads\/logos\/.+\.png$/,
  );

  await dialog.getByRole('button', { name: 'AI Assist' }).click();
  await expect(page.getByText('Website scanned successfully')).toBeVisible();
  await expect(dialog.getByLabel('Description')).toHaveValue(FAKE_AI_DESCRIPTION);

  await dialog.getByRole('button', { name: 'Add Company' }).click();
  await expect(page.getByText('Company added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const acmeRow = rowOf(acme);
  await expect(acmeRow).toBeVisible();
  await expect(acmeRow.getByText('Space logistics')).toBeVisible();
  await expect(acmeRow.getByRole('link')).toHaveAttribute('target', '_blank');

  // A second entity to search and filter among.
  await waitForToastsToClear(page);
  await page.getByRole('button', { name: 'Add Entity' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add New Entity' });
  await dialog.getByLabel('Name').fill(bistro);
  await dialog.getByLabel('Website').fill('bistroverde.example');
  await dialog.getByLabel('Industry').selectOption('Hospitality');
  await dialog.getByLabel('Description').fill('Seasonal vegetarian kitchen in the old town.');
  await dialog.getByRole('button', { name: 'Add Company' }).click();
  await expect(rowOf(bistro)).toBeVisible();
  await expect(rowOf(bistro).getByRole('link')).toHaveAttribute(
    'href',
    /^https:\/\/bistroverde\.example\/?$/,
  );

  // Edit.
  await acmeRow.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Entity' });
  await expect(dialog.getByLabel('Name')).toHaveValue(acme);
  await dialog.getByLabel('Name').fill(orbital);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(orbital)).toBeVisible();

  // Search (case-insensitive, over description too) and the entity selector.
  const search = page.getByPlaceholder('Search entities...');
  await search.fill('VEGETARIAN');
  await expect(rowOf(bistro)).toBeVisible();
  await expect(rowOf(orbital)).toHaveCount(0);
  await search.fill('space LOGISTICS');
  await expect(rowOf(orbital)).toBeVisible();
  await expect(rowOf(bistro)).toHaveCount(0);
  await search.fill('');
  const selector = page.getByLabel('Filter by entity');
  await selector.selectOption({ label: bistro });
  await expect(rowOf(orbital)).toHaveCount(0);
  await selector.selectOption({ label: 'All Entities' });
  await expect(rowOf(orbital)).toBeVisible();

  // Socials shows the connections dialog with the plan's networks.
  await rowOf(orbital).getByRole('button', { name: 'Socials' }).click();
  const socials = page.getByRole('dialog', { name: 'Connect Social Networks' });
  await expect(socials).toBeVisible();
  await expect(socials.getByText('X/Twitter')).toBeVisible();
  await expect(socials.getByText('Not Connected').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(socials).toBeHidden();

  // Delete, with confirmation.
  await rowOf(bistro).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Company' });
  await expect(
    confirm.getByText(
      'Are you sure you want to delete this company? This action cannot be undone.',
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(bistro)).toBeVisible();
  await rowOf(bistro).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Company' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Company deleted successfully')).toBeVisible();
  await expect(rowOf(bistro)).toHaveCount(0);

  // Survives a reload: it is all on the server.
  await page.reload();
  await expect(rowOf(orbital)).toBeVisible();
});

test('shows the server refusal when the plan limit is reached', async ({ page }) => {
  // A fresh customer on the free plan may have one entity.
  const email = `limit-${Date.now().toString(36)}@example.com`;
  const { waitForCode } = await import('../support/mail.js');
  await page.request.post('/api/customer/auth/sign-up', {
    data: { name: 'Lim It', email, password: 'limit-password' },
  });
  const otp_code = await waitForCode(email, 1);
  await page.request.post('/api/customer/auth/submit-otp', {
    data: { purpose: 'registration', email, otp_code, password: 'limit-password' },
  });
  await signIn(page, email, 'limit-password');

  await page.getByRole('button', { name: 'Add Entity' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Entity' });
  await dialog.getByLabel('Name').fill('First Co');
  await dialog.getByLabel('Website').fill('first.example');
  await dialog.getByRole('button', { name: 'Add Company' }).click();
  await expect(page.getByRole('row', { name: /First Co/ })).toBeVisible();

  // At the limit, the limit is explained before any form opens, with the way to the plans.
  await waitForToastsToClear(page);
  await page.getByRole('button', { name: 'Add Entity' }).first().click();
  const limit = page.getByRole('dialog', { name: 'Entity limit reached' });
  await expect(limit.getByText(/Your plan allows 1 entity/)).toBeVisible();
  await expect(limit.getByRole('link', { name: 'See plans' })).toHaveAttribute(
    'href',
    '/subscriptions',
  );
  await expect(page.getByRole('dialog', { name: 'Add New Entity' })).toBeHidden();
  await page.keyboard.press('Escape');

  // The list shows as soon as it arrives, without waiting for the getting-started
  // checklist's posts request; the checklist then appears below it and moves nothing.
  let releasePosts = () => {};
  const postsHeld = new Promise<void>((resolve) => (releasePosts = resolve));
  const isPosts = (url: URL) => url.pathname === `/api${API_PATHS.posts}`;
  await page.route(isPosts, async (route) => {
    await postsHeld;
    await route.continue();
  });
  await page.reload();
  const row = page.getByRole('row', { name: /First Co/ });
  await expect(row).toBeVisible();
  const steps = page.getByRole('region', { name: /Get started/ });
  await expect(steps).toHaveCount(0);
  const before = await row.boundingBox();
  releasePosts();
  await expect(steps.getByRole('heading', { name: 'Get started: 1 of 4 done' })).toBeVisible();
  const after = await row.boundingBox();
  expect(after?.y).toBe(before?.y);
  expect((await steps.boundingBox())?.y).toBeGreaterThan((after?.y ?? 0) + (after?.height ?? 0));
  await page.unroute(isPosts);
});
