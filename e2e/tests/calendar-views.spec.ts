import { expect, test, type Page } from '@playwright/test';
import { instantOfWallClock, wallClockAt } from '@cadence/shared';
import {
  api,
  companyWithNetworks,
  createPostByApi,
  openSignedIn,
  paidToken,
} from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { uniqueName } from '../support/unique.js';

const HOUR_PX = 48;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 'yyyy-MM-dd' of a calendar day `offset` days after `key`. */
const addDays = (key: string, offset: number) =>
  new Date(Date.parse(`${key}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/** Next week's Wednesday and Thursday in `zone` (always ahead, always in one week). */
function nextWeek(zone: string) {
  const today = wallClockAt(Date.now(), zone);
  const key = `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  const weekday = new Date(`${key}T00:00:00Z`).getUTCDay();
  const sunday = addDays(key, 7 - weekday);
  return { wednesday: addDays(sunday, 3), thursday: addDays(sunday, 4) };
}

/** The instant a wall clock ('yyyy-MM-dd', hour, minute) means in `zone`. */
function instantIn(day: string, hour: number, minute: number, zone: string) {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return new Date(
    instantOfWallClock({ year, month, day: date, hour, minute, second: 0, millisecond: 0 }, zone),
  ).toISOString();
}

const column = (page: Page, day: string) =>
  page.locator(
    `ul[aria-label="Posts on ${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${day}"]`,
  );

/** Scheduling, filtered to the entity, in the week view of next week; answers its zone. */
async function openNextWeek(page: Page, companyName: string) {
  await openSignedIn(page, '/scheduling');
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  await page
    .getByRole('group', { name: 'Calendar view' })
    .getByRole('button', { name: 'Week' })
    .click();
  await page.getByRole('button', { name: 'Next week' }).click();
  const header = await page.getByText(/^Times in /).textContent();
  const zone = /^Times in (\S+),/.exec(header ?? '')?.[1];
  if (!zone) throw new Error(`no zone in '${header}'`);
  return zone;
}

test('drags an occurrence in the week view, moves it again from the keyboard, both kept after a reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1100 });
  const token = paidToken();
  const companyName = uniqueName('Week Roastery');
  const companyId = await companyWithNetworks(token, companyName);
  const content = `Week view drag ${Date.now()}`;
  const post = await createPostByApi(token, companyId, content);

  const zone = await openNextWeek(page, companyName);
  const { wednesday, thursday } = nextWeek(zone);
  const scheduled = await api<{ instances: Array<{ id: string }> }>('/schedules', {
    token,
    body: {
      social_account_type: ['twitter'],
      post_id: post.id,
      schedule_date: instantIn(wednesday, 10, 0, zone),
    },
  });
  const instanceId = scheduled.instances[0]!.id;
  await page.reload();
  await openNextWeek(page, companyName);

  const block = column(page, wednesday).getByRole('button', { name: new RegExp(content) });
  await expect(block).toContainText('10:00 AM');
  await expectNoAxeViolations(page, 'section[aria-labelledby="post-calendar-heading"]');

  // Drag: pressed 5 px into the block, let go on Thursday 5 px below 11:15.
  const from = (await block.boundingBox())!;
  const target = (await column(page, thursday).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 5);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + 11 * HOUR_PX + 12 + 5, {
    steps: 12,
  });
  await page.mouse.up();
  await expect(page.getByText('Post moved')).toBeVisible();

  // After a reload the calendar and the server both have it on Thursday at 11:15.
  await page.reload();
  await openNextWeek(page, companyName);
  const moved = column(page, thursday).getByRole('button', { name: new RegExp(content) });
  await expect(moved).toContainText('11:15 AM');
  await expect(column(page, wednesday).getByText(content)).toHaveCount(0);
  const occurrences = await api<{ occurrences: Array<{ id: string; scheduled_for: string }> }>(
    `/schedules/occurrences?from=${encodeURIComponent(instantIn(wednesday, 0, 0, zone))}&to=${encodeURIComponent(instantIn(addDays(thursday, 1), 0, 0, zone))}&company_id=${companyId}`,
    { token },
  );
  expect(occurrences.occurrences).toEqual([
    expect.objectContaining({ id: instanceId, scheduled_for: instantIn(thursday, 11, 15, zone) }),
  ]);

  // The keyboard way: focus the occurrence, Enter opens 'Move to...' with its date and time.
  await moved.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move scheduled post' });
  await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue(thursday);
  await expect(dialog.getByLabel('Time', { exact: true })).toHaveValue('11:15');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByLabel('Time', { exact: true }).fill('16:30');
  await dialog.getByLabel('Time', { exact: true }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    column(page, thursday).getByRole('button', { name: new RegExp(content) }),
  ).toContainText('4:30 PM');
  // And it is kept.
  await page.reload();
  await openNextWeek(page, companyName);
  await expect(
    column(page, thursday).getByRole('button', { name: new RegExp(content) }),
  ).toContainText('4:30 PM');
});

test('drags an occurrence to another day of the month view, keeping its time of day', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = paidToken();
  const companyName = uniqueName('Month Roastery');
  const companyId = await companyWithNetworks(token, companyName);
  const content = `Month view drag ${Date.now()}`;
  const post = await createPostByApi(token, companyId, content);
  await openSignedIn(page, '/scheduling');
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  const header = await page.getByText(/^Times in /).textContent();
  const zone = /^Times in (\S+),/.exec(header ?? '')?.[1] ?? 'UTC';
  // Next month's 10th at 09:45, dragged to its 12th.
  const today = wallClockAt(Date.now(), zone);
  const next = new Date(Date.UTC(today.year, today.month, 1));
  const month = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
  await api('/schedules', {
    token,
    body: {
      social_account_type: ['twitter'],
      post_id: post.id,
      schedule_date: instantIn(`${month}-10`, 9, 45, zone),
    },
  });
  await page.reload();
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  await page.getByRole('button', { name: 'Next month' }).click();
  const tile = (day: string) =>
    page.locator('.react-calendar__tile').filter({ has: page.locator(`[data-day="${day}"]`) });
  const handle = tile(`${month}-10`).locator('[data-occurrence]');
  await expect(handle).toHaveText('9:45');
  const from = (await handle.boundingBox())!;
  const to = (await tile(`${month}-12`).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByText('Post moved')).toBeVisible();
  // The drop was not a click on the day: no day filter.
  await expect(page.getByRole('heading', { name: 'All Scheduled Posts' })).toBeVisible();

  await page.reload();
  await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(tile(`${month}-12`).locator('[data-occurrence]')).toHaveText('9:45');
  await expect(tile(`${month}-10`).locator('[data-occurrence]')).toHaveCount(0);
  const moved = await api<{ occurrences: Array<{ scheduled_for: string }> }>(
    `/schedules/occurrences?from=${encodeURIComponent(instantIn(`${month}-01`, 0, 0, zone))}&to=${encodeURIComponent(instantIn(`${month}-28`, 0, 0, zone))}&company_id=${companyId}`,
    { token },
  );
  expect(moved.occurrences.map((item) => item.scheduled_for)).toEqual([
    instantIn(`${month}-12`, 9, 45, zone),
  ]);
});
