import { DEMO_SIGN_IN } from '@cadence/shared';
import { handleOf } from '@cadence/fakes';
import { expect, test, type Page } from '@playwright/test';
import { connectWithOneClick } from '../support/one-click.js';
import { apiPost, startDemo, type RunningDemo } from '../support/demo.js';
import { waitForToastsToClear } from '../support/toasts.js';

// `npm run demo` as a newcomer meets it, without the internet: PUBLIC_URL says localhost
// (the demo's default) while the browser is on 127.0.0.1. One-click connect comes back to
// 127.0.0.1, signed in, with an account named after the entity; and the article-to-post path
// reads the articles the demo serves itself.
test.describe.configure({ mode: 'serial' });

let demo: RunningDemo;

test.beforeAll(async () => {
  test.setTimeout(16 * 60_000);
  demo = await startDemo({ label: 'offline', publicHost: 'localhost' });
});
test.afterAll(async () => {
  await demo?.stop();
});

async function signIn(page: Page) {
  await page.goto(`${demo.baseUrl}/login`);
  await page.getByLabel('Email address', { exact: true }).fill(DEMO_SIGN_IN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SIGN_IN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${demo.baseUrl}/companies`);
  await waitForToastsToClear(page);
}

test('one-click connect returns to 127.0.0.1, connected, with the entity’s own account', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const entity = 'Corner Bakery';
  await page.getByRole('button', { name: 'Add Entity' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add New Entity' });
  await form.getByLabel('Name', { exact: true }).fill(entity);
  await form.getByLabel('Website', { exact: true }).fill('cornerbakery.example.com');
  await form.getByRole('button', { name: 'Add Company' }).click();
  await expect(form).toBeHidden();
  await waitForToastsToClear(page);

  await page
    .getByRole('row', { name: new RegExp(entity) })
    .getByRole('button', { name: 'Socials' })
    .click();
  await connectWithOneClick(page, 'twitter');
  // Back on the address the browser started on, still signed in.
  expect(new URL(page.url()).origin).toBe(demo.baseUrl);
  const dialog = page.getByRole('dialog', { name: 'Connect Social Networks' });
  const x = dialog.getByRole('region', { name: 'X/Twitter settings' });
  if (!(await x.isVisible())) {
    await dialog.getByRole('button', { name: /^X\/Twitter Connected/ }).click();
  }
  // The stand-in's account is the entity's, not another company's.
  await expect(x.getByText(handleOf(entity))).toBeVisible();
  await expect(x.getByText(/harbor/i)).toHaveCount(0);
});

test('Scan URL and From Articles read the articles the demo serves', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { access_token: token } = await apiPost<{ access_token: string }>(
    demo.baseUrl,
    '/customer/auth/sign-in',
    DEMO_SIGN_IN,
  );
  const found = await fetch(`${demo.baseUrl}/api/search/articles?q=electric%20bikes`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const articles = ((await found.json()) as { data: { title: string; url: string }[] }).data;
  const article = articles.find((item) => item.title === 'electric bikes: story 1');
  expect(article, 'the demo finds a news article').toBeDefined();
  // On this machine: nothing here needs the internet.
  expect(['127.0.0.1', 'localhost']).toContain(new URL(article!.url).hostname);

  await signIn(page);
  await page.goto(`${demo.baseUrl}/posts`);
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.getByLabel('Entity', { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel('URL', { exact: true }).fill(article!.url);
  await dialog.getByRole('button', { name: 'Scan URL' }).click();
  await expect(page.getByText('URL scanned successfully')).toBeVisible();
  await expect(dialog.getByLabel('Content', { exact: true })).not.toHaveValue('');
  // The typed draft is thrown away on purpose.
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard your changes?' });
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'From Articles' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Articles' });
  await picker.getByLabel('Search articles', { exact: true }).fill('electric bikes');
  await picker.getByLabel('Select electric bikes: story 2', { exact: true }).check();
  await picker.getByRole('button', { name: 'Next' }).click();
  const create = page.getByRole('dialog', { name: 'Create Posts' });
  await create.getByLabel('Entity', { exact: true }).selectOption({ index: 1 });
  await create.getByRole('button', { name: 'Generate Content' }).click();
  await expect(
    create.getByLabel('Post 1: electric bikes: story 2', { exact: true }),
  ).not.toHaveValue('');
});
