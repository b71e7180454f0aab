import { expect, test } from '@playwright/test';
import { companyWithNetworks, createPostByApi, openSignedIn, paidToken } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { uniqueName } from '../support/unique.js';

test('adds a post to the queue: no slot yet, the queue editor, then the next open slot', async ({
  page,
}) => {
  const token = paidToken();
  const companyName = uniqueName('Queue Cafe');
  const companyId = await companyWithNetworks(token, companyName);
  const content = `Queued for the next slot ${Date.now()}: cold brew is back.`;
  await createPostByApi(token, companyId, content);

  await openSignedIn(page, '/scheduling');
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  const card = page
    .getByRole('list', { name: 'Posts' })
    .locator(':scope > li')
    .filter({ hasText: content });
  await card.getByRole('button', { name: 'Add to queue', exact: true }).click();

  // The entity has no slots yet: the dialog says so in place and leads to the queue editor.
  let dialog = page.getByRole('dialog', { name: 'Add to queue' });
  await expect(dialog.getByText(content)).toBeVisible();
  await expect(dialog.getByLabel('X/Twitter')).toBeChecked();
  await dialog.getByLabel('Bluesky').uncheck();
  await dialog.getByRole('button', { name: 'Add to queue', exact: true }).click();
  await expect(
    dialog.getByText('No open slot in the next 90 days: add slots to the queue'),
  ).toBeVisible();
  await dialog.getByRole('link', { name: 'Open the queue editor' }).click();

  await expect(page).toHaveURL(new RegExp(`/companies\\?queue=${companyId}$`));
  const editor = page.getByRole('dialog', { name: `Posting queue: ${companyName}` });
  await expect(editor.getByText('No slots yet: add a time above.')).toBeVisible();
  // By keyboard: the zone, then a Wednesday 10:30 slot for X only.
  await editor.getByLabel('Time zone').selectOption('Europe/London');
  await editor.getByLabel('Day', { exact: true }).selectOption({ label: 'Wednesday' });
  await editor.getByLabel('Time', { exact: true }).fill('10:30');
  await editor.getByLabel('X/Twitter').check();
  await editor.getByRole('button', { name: 'Add time' }).focus();
  await page.keyboard.press('Enter');
  const wednesday = editor.getByRole('list', { name: 'Wednesday slots' });
  await expect(wednesday).toContainText('10:30');
  await expect(wednesday).toContainText('X/Twitter');
  await expect(editor.getByText('Next slots (in Europe/London)')).toBeVisible();
  await expect(editor.getByRole('list', { name: 'Next slots' }).getByRole('listitem')).toHaveCount(
    10,
  );
  await expect(
    editor.getByRole('list', { name: 'Next slots' }).getByRole('listitem').first(),
  ).toContainText(/^Wednesday, .* 10:30 AM$/);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await editor.getByRole('button', { name: 'Save queue' }).click();
  await expect(page.getByText('Queue saved')).toBeVisible();
  await expect(editor).toBeHidden();

  // Back on Scheduling, the post takes that slot and the toast says when, in London time.
  await openSignedIn(page, '/scheduling');
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  await card.getByRole('button', { name: 'Add to queue', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Add to queue' });
  await expect(dialog.getByText('(times in Europe/London)')).toBeVisible();
  await dialog.getByLabel('Bluesky').uncheck();
  await dialog.getByRole('button', { name: 'Add to queue', exact: true }).click();
  await expect(
    page.getByText(/^Added to the queue: goes out Wednesday, .* 10:30 AM \(Europe\/London\)$/),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  const scheduled = page
    .getByRole('list', { name: 'Scheduled posts' })
    .locator(':scope > li')
    .filter({ hasText: content });
  await expect(scheduled).toHaveCount(1);
});
