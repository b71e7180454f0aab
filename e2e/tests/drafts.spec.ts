import { expect, test } from '@playwright/test';
import { openSignedIn } from '../support/api.js';
import { waitForToastsToClear } from '../support/toasts.js';

test('Escape, × or a click outside never throws a typed draft away without asking', async ({
  page,
}) => {
  await openSignedIn(page, '/posts');
  await expect(page.getByRole('heading', { name: 'Posts', exact: true })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Post' }).first();
  const editor = page.getByRole('dialog', { name: 'Create New Post' });
  const question = page.getByRole('dialog', { name: 'Discard your changes?' });

  // Nothing typed: Escape simply closes.
  await create.click();
  await expect(editor).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(question).toHaveCount(0);

  // Typed: Escape asks first, with focus in the question and kept there.
  await create.click();
  const content = editor.getByLabel('Content', { exact: true });
  await content.fill('A draft worth keeping');
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeVisible();
  await expect(question.getByRole('button', { name: 'Discard' })).toBeVisible();
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('Tab');
    expect(await question.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  }
  // Escape on the question goes back to the form, the draft and the focus where they were.
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(content).toHaveValue('A draft worth keeping');
  await expect(content).toBeFocused();

  // Typed and erased again: nothing to lose, nothing asked.
  await content.fill('');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(question).toHaveCount(0);

  // × asks too; Discard closes.
  await create.click();
  await editor.getByLabel('Content', { exact: true }).fill('Second thoughts');
  await editor.getByRole('button', { name: 'Close' }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(question).toBeHidden();
  await expect(editor).toBeHidden();

  // Another dialog form: × on Add New Entity asks, Keep editing keeps the text.
  await page.goto('/companies');
  await waitForToastsToClear(page);
  await page.getByRole('button', { name: 'Add Entity' }).first().click();
  const entity = page.getByRole('dialog', { name: 'Add New Entity' });
  await entity.getByLabel('Name').fill('Half-typed Ltd');
  await entity.getByRole('button', { name: 'Close' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(entity.getByLabel('Name')).toHaveValue('Half-typed Ltd');
});

test('a click outside a dialog with typed input asks before closing it', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  const question = page.getByRole('dialog', { name: 'Discard your changes?' });
  await reset.getByLabel('Email').fill('someone@example.com');
  await page.mouse.click(5, 5);
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(question).toBeHidden();
  await expect(reset).toBeHidden();

  // Untouched, a click outside just closes it.
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(reset).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(reset).toBeHidden();
  await expect(question).toHaveCount(0);
});
