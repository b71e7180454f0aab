import { expect, test } from '@playwright/test';
import { companyWithNetworks, openSignedIn, paidToken } from '../support/api.js';
import { FAKE_AI_DESCRIPTION } from '../support/global-setup.js';
import { uniqueName } from '../support/unique.js';

test("Undo beside the content puts the customer's text back after an AI rewrite", async ({
  page,
}) => {
  const companyName = uniqueName('Undo Co');
  await companyWithNetworks(paidToken(), companyName);
  await openSignedIn(page, '/posts');
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.getByLabel('Entity', { exact: true }).selectOption({ label: companyName });
  const content = dialog.getByLabel('Content', { exact: true });
  await content.fill('Fresh beans on Friday, come early.');

  await dialog.getByRole('button', { name: 'Add Entity Details' }).click();
  await expect(page.getByText('Company information integrated successfully')).toBeVisible();
  await expect(content).toHaveValue(FAKE_AI_DESCRIPTION);
  await expect(dialog.getByText('Add Entity Details replaced your text.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(content).toHaveValue('Fresh beans on Friday, come early.');
  await expect(dialog.getByRole('button', { name: 'Undo' })).toHaveCount(0);
});
