import { expect, test, type Page } from '@playwright/test';
import {
  api,
  companyWithNetworks,
  createPostByApi,
  paidToken,
  openSignedIn,
} from '../support/api.js';
import { uniqueName } from '../support/unique.js';

async function openScheduling(page: Page, companyName: string) {
  await openSignedIn(page, '/scheduling');
  await expect(page.getByRole('heading', { name: 'Scheduling', exact: true })).toBeVisible();
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
}

/** The date and the time (HH:mm) a person in `zone` reads at `instant`. */
function wallClock(instant: Date, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

test('schedules a post a minute ahead and watches it go out to X and Bluesky', async ({ page }) => {
  test.setTimeout(240_000);
  const token = paidToken();
  const companyName = uniqueName('Launch Pad');
  const companyId = await companyWithNetworks(token, companyName);
  const content = `Countdown to launch ${Date.now()}: doors open at noon.`;
  await createPostByApi(token, companyId, content);

  await openScheduling(page, companyName);
  const posts = page.getByRole('list', { name: 'Posts' });
  const card = posts.locator(':scope > li').filter({ hasText: content });
  await card.getByRole('button', { name: 'Schedule', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Schedule Post' });
  await expect(dialog.getByText(content)).toBeVisible();
  // Only the entity's connected networks are offered.
  await expect(dialog.getByRole('checkbox')).toHaveCount(2);
  // Both are ticked already; with none ticked the dialog says what is missing.
  await expect(dialog.getByLabel('X/Twitter')).toBeChecked();
  await dialog.getByLabel('X/Twitter').uncheck();
  await dialog.getByLabel('Bluesky').uncheck();
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog.getByText('Please select at least one platform')).toBeVisible();
  await dialog.getByLabel('X/Twitter').check();
  await dialog.getByLabel('Bluesky').check();

  // About a minute ahead (30-90 s: the input takes whole minutes), in the page's zone.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const at = wallClock(new Date(Date.now() + 90_000), zone);
  await dialog.getByLabel('Date', { exact: true }).fill(at.date);
  await dialog.getByLabel('Time', { exact: true }).fill(at.time);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // On the calendar (today's tile counts it) and in the scheduled list, waiting.
  await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
  const scheduled = page
    .getByRole('list', { name: 'Scheduled posts' })
    .locator(':scope > li')
    .filter({ hasText: content });
  await expect(scheduled).toHaveCount(1);
  await expect(scheduled.getByText('Scheduled At')).toBeVisible();
  await expect(page.getByRole('button', { name: /1 post scheduled/ }).first()).toBeVisible();

  // The page refreshes by itself once the time has come; both fakes take the post.
  await expect(scheduled.getByText('Published').first()).toBeVisible({ timeout: 180_000 });
  await expect(scheduled.getByText('Published')).toHaveCount(2, { timeout: 30_000 });
});

test('deletes two scheduled posts at once', async ({ page }) => {
  const token = paidToken();
  const companyName = uniqueName('Bulk Co');
  const companyId = await companyWithNetworks(token, companyName);
  const tomorrow = new Date(Date.now() + 26 * 3600_000).toISOString();
  const contents = ['First of three', 'Second of three', 'Third of three'].map(
    (text) => `${text} ${Date.now()}`,
  );
  for (const content of contents) {
    const post = await createPostByApi(token, companyId, content);
    await api('/schedules', {
      token,
      body: { social_account_type: ['twitter'], post_id: post.id, schedule_date: tomorrow },
    });
  }

  await openScheduling(page, companyName);
  const list = page.getByRole('list', { name: 'Scheduled posts' });
  // The cards are the list's own items (each card lists its networks in a nested list).
  const cards = list.locator(':scope > li');
  await expect(cards).toHaveCount(3);
  await page.getByRole('button', { name: 'Select Multiple' }).click();
  for (const content of contents.slice(0, 2)) {
    await cards.filter({ hasText: content }).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Scheduled Post' });
  await expect(
    confirm.getByText('Are you sure you want to delete 2 scheduled post(s)?'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: /Delete/ }).click();
  await expect(page.getByText('2 post(s) deleted')).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.filter({ hasText: contents[2]! })).toHaveCount(1);
});

test("publishes one network of a later post now from its card, and leaves the other's time", async ({
  page,
}) => {
  const token = paidToken();
  const companyName = uniqueName('Now Co');
  const companyId = await companyWithNetworks(token, companyName);
  const content = `Not waiting for tonight ${Date.now()}`;
  const post = await createPostByApi(token, companyId, content);
  await api('/schedules', {
    token,
    body: {
      social_account_type: ['twitter', 'bluesky'],
      post_id: post.id,
      schedule_date: new Date(Date.now() + 5 * 3600_000).toISOString(),
    },
  });

  await openScheduling(page, companyName);
  const card = page
    .getByRole('list', { name: 'Scheduled posts' })
    .locator(':scope > li')
    .filter({ hasText: content });
  const publishNow = card.getByRole('button', { name: 'Publish now' });
  await expect(publishNow).toHaveCount(2);
  await publishNow.first().click();
  await expect(page.getByText('Publishing now.')).toBeVisible();
  // The list polls a post asked to go out now: one network shows it published, with the
  // live post's link; the other still waits for its time and still offers the button.
  await expect(card.getByRole('link', { name: /Published on/ })).toHaveCount(1, {
    timeout: 60_000,
  });
  await expect(publishNow).toHaveCount(1);
  await expect(card.getByText('Pending', { exact: true })).toHaveCount(1);
});
