import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../../apps/server/test/helpers/images.js';
import { E2E_ARTICLES, FAKE_AI_DESCRIPTION } from '../support/global-setup.js';
import { api, createPostByApi, paidToken, openSignedIn } from '../support/api.js';
import { uniqueName } from '../support/unique.js';
import { waitForToastsToClear } from '../support/toasts.js';
import { expectNoAxeViolations } from '../support/axe.js';

async function openPosts(page: Page) {
  await openSignedIn(page, '/posts');
  await expect(page.getByRole('heading', { name: 'Posts', exact: true })).toBeVisible();
}

/** A fresh entity per test, so no test sees another's posts when it filters. */
async function newCompany(name: string) {
  const token = paidToken();
  const company = await api<{ id: string }>('/customer/company', {
    token,
    body: { name, website: 'https://posts.example.com' },
  });
  return { token, companyId: company.id };
}

const rowsOf = (page: Page) =>
  page.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });

test('creates a post with media and a link, edits, finds and deletes it', async ({ page }) => {
  const companyName = uniqueName('Harbor Books');
  await newCompany(companyName);
  await openPosts(page);

  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(
    page.getByText('Please fill in all required fields: company, content').first(),
  ).toBeVisible();

  await dialog.getByLabel('Entity', { exact: true }).selectOption({ label: companyName });
  const content = `Autumn reading list ${Date.now()}: five books for long evenings.`;
  await dialog.getByLabel('Content', { exact: true }).fill(content);
  await dialog.getByLabel('URL', { exact: true }).fill('  harbor-books.example/autumn  ');
  await dialog
    .getByLabel('Media', { exact: true })
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(120, 80) });
  await expect(dialog.getByRole('button', { name: 'Change Media' })).toBeVisible();
  await expect(dialog.getByRole('complementary', { name: 'Preview' })).toContainText(content);
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Post created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  const row = rowsOf(page).filter({ hasText: content });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: 'View Article' })).toHaveAttribute(
    'href',
    'https://harbor-books.example/autumn',
  );
  const thumbnail = row.getByRole('list', { name: 'Attachments' }).getByRole('img');
  await expect(thumbnail).toHaveCount(1);
  await expect(thumbnail).toHaveAttribute('src', /^\/uploads\/posts\/.+\.png$/);

  // Edit.
  await waitForToastsToClear(page);
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Post' });
  await expect(edit.getByLabel('Content', { exact: true })).toHaveValue(content);
  const edited = content.replace('five books', 'six books');
  await edit.getByLabel('Content', { exact: true }).fill(edited);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Post updated successfully')).toBeVisible();
  await expect(rowsOf(page).filter({ hasText: edited })).toHaveCount(1);

  // Search, case-insensitively, within the entity filter.
  await page.getByLabel('Search posts', { exact: true }).fill('SIX BOOKS');
  await expect(rowsOf(page)).toHaveCount(1);
  await page.getByLabel('Search posts', { exact: true }).fill('no such words anywhere');
  await expect(rowsOf(page)).toHaveCount(0);
  await page.getByLabel('Search posts', { exact: true }).fill('');

  // Delete.
  await waitForToastsToClear(page);
  await rowsOf(page).filter({ hasText: edited }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Post' });
  await expect(
    confirm.getByText('Are you sure you want to delete this post? This action cannot be undone.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Post deleted successfully')).toBeVisible();
  // The entity is still chosen in the filter: nothing of it is left.
  await expect(rowsOf(page)).toHaveCount(0);
  await expect(page.getByText('No posts match your search.')).toBeVisible();
});

test('pages through more than 25 posts', async ({ page }) => {
  const companyName = uniqueName('Paging Co');
  const { token, companyId } = await newCompany(companyName);
  for (let index = 1; index <= 27; index++) {
    await createPostByApi(token, companyId, `Paged post number ${index}`);
  }
  await openPosts(page);
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  await expect(rowsOf(page)).toHaveCount(25);
  // Newest first: the last one created leads page 1.
  await expect(rowsOf(page).first()).toContainText('Paged post number 27');
  const pages = page.getByRole('navigation', { name: 'Posts pages' });
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(rowsOf(page)).toHaveCount(2);
  await expect(rowsOf(page).last()).toContainText('Paged post number 1');
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(rowsOf(page)).toHaveCount(25);
});

test('scans a URL with AI to write the content', async ({ page }) => {
  const companyName = uniqueName('Scan Co');
  await newCompany(companyName);
  await openPosts(page);
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.getByRole('button', { name: 'Scan URL' }).click();
  await expect(page.getByText('Please enter a URL').first()).toBeVisible();
  await dialog.getByLabel('Entity', { exact: true }).selectOption({ label: companyName });
  await dialog.getByLabel('URL', { exact: true }).fill(process.env.E2E_WEBSITE_URL!);
  await dialog.getByRole('button', { name: 'Scan URL' }).click();
  await expect(page.getByText('URL scanned successfully')).toBeVisible();
  await expect(dialog.getByLabel('Content', { exact: true })).toHaveValue(FAKE_AI_DESCRIPTION);
});

test('writes two posts from two news articles', async ({ page }) => {
  const companyName = uniqueName('Articles Co');
  await newCompany(companyName);
  await openPosts(page);
  await page.getByRole('button', { name: 'From Articles' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Articles' });
  await expect(picker.getByText('Start typing to search articles')).toBeVisible();
  // The search runs by itself shortly after typing stops.
  await picker.getByLabel('Search articles', { exact: true }).fill('harbour');
  for (const article of E2E_ARTICLES) {
    await picker.getByLabel(`Select ${article.title}`, { exact: true }).check();
  }
  await expect(picker.getByText('2/5 selected')).toBeVisible();
  await picker.getByRole('button', { name: 'Next' }).click();

  const create = page.getByRole('dialog', { name: 'Create Posts' });
  await create.getByLabel('Entity', { exact: true }).selectOption({ label: companyName });
  await create.getByRole('button', { name: 'Generate Content' }).click();
  for (const [index, article] of E2E_ARTICLES.entries()) {
    await expect(
      create.getByLabel(`Post ${index + 1}: ${article.title}`, { exact: true }),
    ).toHaveValue(FAKE_AI_DESCRIPTION);
  }
  await create.getByRole('button', { name: 'Create Posts' }).click();
  await expect(create).toBeHidden();

  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  await expect(rowsOf(page)).toHaveCount(2);
  await expect(rowsOf(page).getByRole('link', { name: 'View Article' })).toHaveCount(2);
});

test('finds a post’s article through one finder with news and web as its sources', async ({
  page,
}) => {
  await newCompany(uniqueName('Finder Co'));
  await openPosts(page);
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create New Post' });
  // One way in: no separate news and web buttons beside it.
  await expect(form.getByRole('button', { name: /Find|Search News/ })).toHaveText([
    'Find an Article',
  ]);
  await form.getByRole('button', { name: 'Find an Article' }).click();

  const finder = page.getByRole('dialog', { name: 'Find an Article' });
  const sources = finder.getByRole('group', { name: 'Source' });
  await expect(sources.getByRole('button', { name: 'News' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(finder.getByRole('heading', { name: 'Search News' })).toBeVisible();
  await expect(finder.getByText('Start typing to search news')).toBeVisible();
  await expectNoAxeViolations(page);
  await finder.getByLabel('News keywords', { exact: true }).fill('harbour');
  await finder.getByLabel('News keywords', { exact: true }).press('Enter');
  const first = E2E_ARTICLES[0]!;
  await finder
    .getByRole('listitem')
    .filter({ hasText: first.title })
    .getByRole('button', { name: 'Select' })
    .click();
  await expect(finder).toBeHidden();
  await expect(form.getByLabel('URL', { exact: true })).toHaveValue(/story=1/);
  await expect(form.getByLabel('Content', { exact: true })).toHaveValue(
    `${first.title}\n\n${first.description}`,
  );

  // The web is the other source of the same finder.
  await form.getByRole('button', { name: 'Find an Article' }).click();
  await sources.getByRole('button', { name: 'Web' }).click();
  await expect(finder.getByRole('heading', { name: 'Search Web' })).toBeVisible();
  await finder.getByLabel('Web search', { exact: true }).fill('bakery');
  await finder.getByLabel('Web search', { exact: true }).press('Enter');
  await finder.getByRole('button', { name: 'Select' }).first().click();
  await expect(finder).toBeHidden();
  await expect(form.getByLabel('URL', { exact: true })).toHaveValue(
    'https://web.example.org/bakery/1',
  );
});

test('on a phone the post form folds its AI options and keeps its buttons in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await newCompany(uniqueName('Phone Co'));
  await openPosts(page);
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create New Post' });
  const submit = form.getByRole('button', { name: 'Create Post' });
  await expect(submit).toBeInViewport();
  const tone = form.getByLabel('Tone', { exact: true });
  await expect(tone).toBeHidden();
  await form.locator('summary', { hasText: 'Writing options' }).click();
  await expect(tone).toBeVisible();
  // Scrolled down to the last option, the buttons are still on screen.
  await form.getByLabel('Schedule for (optional)', { exact: true }).scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
  await expect(form.getByRole('button', { name: 'Cancel' })).toBeInViewport();
});
