import { expect, test } from '@playwright/test';
import {
  api,
  companyWithNetworks,
  createPostByApi,
  openSignedIn,
  paidToken,
} from '../support/api.js';
import { uniqueName } from '../support/unique.js';

test.use({ timezoneId: 'UTC' });

/** 'Feb 4, 2027 9:30 AM' in `zone`: how the Posts screen writes a date. */
function postDate(iso: string, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

test('the Posts list says when each post goes out, beside when it was made', async ({ page }) => {
  const token = paidToken();
  const companyName = uniqueName('Next Out Co');
  const companyId = await companyWithNetworks(token, companyName);
  const goesOut = new Date(Date.now() + 3 * 24 * 3600_000);
  goesOut.setUTCSeconds(0, 0);
  const scheduledText = `Goes out later ${Date.now()}`;
  const draftText = `Only a draft ${Date.now()}`;
  const scheduled = await createPostByApi(token, companyId, scheduledText);
  await createPostByApi(token, companyId, draftText);
  await api('/schedules', {
    token,
    body: {
      social_account_type: ['twitter'],
      post_id: scheduled.id,
      schedule_date: goesOut.toISOString(),
    },
  });
  const settings = await api<{ timezone: string | null }>('/customer/settings', { token });
  const expected = postDate(goesOut.toISOString(), settings.timezone ?? 'UTC');

  // Desktop: 'Goes out …' under the post's status, beside 'Created/Updated'.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, '/posts');
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  const table = page.getByRole('table', { name: 'Posts' });
  await expect(table.getByRole('columnheader', { name: 'Created/Updated' })).toBeVisible();
  const scheduledRow = table.getByRole('row').filter({ hasText: scheduledText });
  await expect(scheduledRow.getByText(`Goes out ${expected}`)).toBeVisible();
  const draftRow = table.getByRole('row').filter({ hasText: draftText });
  await expect(draftRow.getByText(/Goes out/)).toHaveCount(0);
  // Every column, the actions included, fits the desktop width: no sideways scrolling.
  await expect(scheduledRow.getByRole('button', { name: /Delete/ })).toBeInViewport();

  // Phone: the card's dates say which is which.
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Posts', exact: true });
  const scheduledCard = cards.getByRole('listitem').filter({ hasText: scheduledText });
  await expect(scheduledCard.getByText(`Goes out ${expected}`)).toBeVisible();
  await expect(scheduledCard.getByText(/^Created /)).toBeVisible();
  const draftCard = cards.getByRole('listitem').filter({ hasText: draftText });
  await expect(draftCard.getByText(/^Created /)).toBeVisible();
  await expect(draftCard.getByText(/Goes out/)).toHaveCount(0);
});
