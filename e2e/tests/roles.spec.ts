import { expect, test } from '@playwright/test';
import { startDemo, type RunningDemo } from '../support/demo.js';
import { waitForToastsToClear } from '../support/toasts.js';

// The demo's editor (a member of the demo account's workspace) is offered what an editor may
// do there and nothing else: the same table the server's route rules read (shared/roles.ts).
test.describe.configure({ mode: 'serial' });

let demo: RunningDemo;

test.beforeAll(async () => {
  test.setTimeout(16 * 60_000);
  demo = await startDemo({ label: 'roles' });
});
test.afterAll(async () => {
  await demo?.stop();
});

test('the demo editor, in the demo workspace, is not offered what an editor may not do', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${demo.baseUrl}/login`);
  await page.getByLabel('Email address', { exact: true }).fill('editor@cadence.local');
  await page.getByLabel('Password', { exact: true }).fill('editor-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${demo.baseUrl}/companies`);
  await waitForToastsToClear(page);

  // Their own workspace first: there they are its owner, and may add an entity.
  await expect(page.getByRole('button', { name: 'Add Entity' }).first()).toBeVisible();
  const banner = page.getByRole('banner');
  // The demo account's workspace, where they are an editor ('Demo · Editor').
  const workspace = banner.getByLabel('Workspace');
  const demoWorkspace = await workspace.locator('option', { hasText: '·' }).getAttribute('value');
  await workspace.selectOption(demoWorkspace ?? '');
  await expect(page).toHaveURL(`${demo.baseUrl}/companies`);

  // The demo's entities are listed, but neither adding, editing nor connecting one is offered.
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Entity' })).toHaveCount(0);
  for (const name of ['Edit', 'Socials', 'Queue', 'Delete'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  // Members never see billing.
  await expect(banner.getByRole('link', { name: 'Subscription Plans' })).toHaveCount(0);

  // An editor writes posts: Create Post is offered.
  await banner.getByRole('link', { name: 'Posts' }).click();
  await expect(page.getByRole('button', { name: 'Create Post' })).toBeVisible();

  // And Settings has no Team, Subscription or account deletion for them.
  await banner.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Update Profile', level: 2 })).toBeVisible();
  for (const name of ['Team', 'Subscription', 'Your Data'])
    await expect(page.getByRole('heading', { name, level: 2, exact: true })).toHaveCount(0);
});
