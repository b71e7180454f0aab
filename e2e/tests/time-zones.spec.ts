import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, companyWithNetworks, createPostByApi } from '../support/api.js';
import { ADMIN } from '../support/global-setup.js';
import { signUpByApi } from '../support/sign-up.js';
import { uniqueName } from '../support/unique.js';

// The browser sits in Tokyo; the customer saved New York in Settings. Every time the app
// shows must be New York's (spec 001: the browser's zone only when none is saved).
test.use({ timezoneId: 'Asia/Tokyo' });

const SAVED = 'America/New_York';
const BROWSER = 'Asia/Tokyo';
/** 15:30 UTC: 10:30 AM in New York on the 15th, 12:30 AM on the 16th in Tokyo. */
const SCHEDULED_FOR = '2027-01-15T15:30:00.000Z';

/** An instant's wall clock in `zone`, read with Intl (not with the app's own formatter). */
function wall(instant: string | number, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? '';
  return {
    date: `${part('month')} ${part('day')}, ${part('year')}`,
    dateTime: `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')}`,
    hour24: Number(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(new Date(instant)),
    ),
  };
}

/** `where` shows the instant's date and time in New York, not in the browser's Tokyo. */
async function expectNewYorkTime(where: Locator, instant: string) {
  await expect(where).toContainText(wall(instant, SAVED).dateTime);
  await expect(where).not.toContainText(wall(instant, BROWSER).dateTime);
}

/** `where` shows the instant's date in New York (and not Tokyo's, when that is another day). */
async function expectNewYorkDate(where: Locator, instant: string) {
  const { date } = wall(instant, SAVED);
  await expect(where).toContainText(date);
  const tokyo = wall(instant, BROWSER).date;
  if (tokyo !== date) await expect(where).not.toContainText(tokyo);
}

async function open(page: Page, token: string, url: string) {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, token);
  await page.goto(url);
}

interface LogRow {
  id: string;
  post_id: string | null;
  status: string;
  timestamp: string;
  scheduled_for: string | null;
}

test('a customer who saved New York sees New York times on every screen, in a Tokyo browser', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const customer = await signUpByApi('Nora York', 'zones');
  await api('/customer/settings', {
    method: 'PUT',
    token: customer.token,
    body: { timezone: SAVED, auto_dst: true },
  });

  // The instance's admin puts the new customer on Business (subscription dates, every network)
  // and makes them an admin too, so the admin screens are read with their saved zone.
  const { access_token: adminToken } = await api<{ access_token: string }>(
    '/customer/auth/sign-in',
    { body: { email: ADMIN.email, password: ADMIN.password } },
  );
  const users = await api<{ rows: Array<{ id: string; email: string }> }>(
    `/admin/users?q=${encodeURIComponent(customer.email)}&page=1&pageSize=10`,
    { token: adminToken },
  );
  const userId = users.rows.find((row) => row.email === customer.email)?.id ?? '';
  expect(userId).not.toBe('');
  await api(`/admin/users/${userId}/subscription`, {
    method: 'PUT',
    token: adminToken,
    body: { tier: 'business' },
  });
  await api(`/admin/users/${userId}/admin`, { method: 'POST', token: adminToken });

  const companyId = await companyWithNetworks(customer.token, uniqueName('Zone Co'));
  const scheduled = await createPostByApi(customer.token, companyId, uniqueName('Zone post'));
  await api('/schedules', {
    token: customer.token,
    body: { social_account_type: ['twitter'], post_id: scheduled.id, schedule_date: SCHEDULED_FOR },
  });
  // A publication due in a few seconds whose connection is gone by then: it fails, which
  // writes a post log (and a system log row) and rings the bell.
  const failing = await createPostByApi(customer.token, companyId, uniqueName('Zone failure'));
  await api('/schedules', {
    token: customer.token,
    body: {
      social_account_type: ['bluesky'],
      post_id: failing.id,
      schedule_date: new Date(Date.now() + 3_000).toISOString(),
    },
  });
  await api('/social-accounts/disconnect', {
    token: customer.token,
    body: { company_id: companyId, social_account_type: 'bluesky' },
  });

  const posts = await api<{ rows: Array<{ id: string; created_at: string }> }>(
    '/customer/post?page=1',
    { token: customer.token },
  );
  const createdAt = posts.rows.find((row) => row.id === scheduled.id)?.created_at ?? '';
  expect(createdAt).not.toBe('');

  // Posts: the creation date of each row.
  await open(page, customer.token, '/posts');
  const postRow = page.getByRole('row').filter({ hasText: 'Zone post' });
  await expectNewYorkTime(postRow, createdAt);

  // The post's own view: its publication's time.
  await page.goto(`/posts?post=${scheduled.id}`);
  const editor = page.getByRole('dialog', { name: 'Edit Post' });
  await expectNewYorkTime(editor, SCHEDULED_FOR);
  await page.keyboard.press('Escape');

  // Scheduling: the queue card's creation date and the scheduled card's time.
  await page.goto('/scheduling');
  await expect(page.getByRole('heading', { name: 'All Scheduled Posts' })).toBeVisible();
  const scheduledList = page.locator('section').filter({
    has: page.getByRole('heading', { name: 'All Scheduled Posts' }),
  });
  await expectNewYorkTime(scheduledList, SCHEDULED_FOR);
  const queue = page.locator('section').filter({
    has: page.getByRole('heading', { name: 'Post List' }),
  });
  await expectNewYorkTime(queue, createdAt);

  // The failed publication's log rows and its notice, once the publisher has run.
  let logs: LogRow[] = [];
  await expect
    .poll(
      async () => {
        logs = (
          await api<{ rows: LogRow[] }>('/customer/logs?status=error&limit=100', {
            token: customer.token,
          })
        ).rows.filter((row) => row.post_id === failing.id);
        return logs.length;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  const failed = logs[0]!;
  expect(failed.scheduled_for).not.toBeNull();

  // Settings > Post Logs: both times of the row; Settings > Subscription: the plan's dates.
  await page.goto('/settings#post-logs');
  const logRow = page.getByTestId('post-log').filter({ hasText: 'Bluesky' }).first();
  await expect(logRow).toBeVisible({ timeout: 30_000 });
  await expectNewYorkTime(logRow, failed.timestamp);
  await expectNewYorkTime(logRow, failed.scheduled_for!);

  const subscription = await api<{ activation_date: string }>('/customer/subscription', {
    token: customer.token,
  });
  await page.goto('/settings#subscription');
  const plan = page.locator('#subscription');
  await expect(plan.getByText('Active since')).toBeVisible();
  await expectNewYorkDate(plan, subscription.activation_date);

  // The notification bell.
  const events = await api<{ rows: Array<{ created_at: string }> }>(
    '/customer/notifications/events?page=1&page_size=10',
    { token: customer.token },
  );
  expect(events.rows.length).toBeGreaterThan(0);
  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText('A post was not published')).toBeVisible();
  await expectNewYorkTime(popover, events.rows[0]!.created_at);
  await page.keyboard.press('Escape');

  // The admin panel, as this customer with admin rights.
  await page.goto('/admin/subscriptions');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();

  // Service Monitoring's 'Last checked' (a time of day, refreshed by the server): its hour
  // is New York's hour now, not Tokyo's.
  const lastChecked = page
    .getByTestId('service-publisher')
    .locator('div')
    .filter({ has: page.getByText('Last checked', { exact: true }) })
    .locator('dd');
  await expect(lastChecked).toHaveText(/^\d{1,2}:\d{2}:\d{2} [AP]M$/, { timeout: 30_000 });
  const [, hour12 = '', , , period] = /^(\d{1,2}):(\d{2}):(\d{2}) ([AP]M)$/.exec(
    (await lastChecked.textContent()) ?? '',
  )!;
  const shownHour = (Number(hour12) % 12) + (period === 'PM' ? 12 : 0);
  const now = Date.now();
  // Checked at most a few minutes ago: the hour then or now.
  expect([wall(now - 5 * 60_000, SAVED).hour24, wall(now, SAVED).hour24]).toContain(shownHour);

  // System Logs: both time columns of the failed publication's row.
  await page.getByRole('button', { name: 'System Logs', exact: true }).click();
  const systemLogs = page.getByRole('region', { name: 'System Logs', exact: true });
  await systemLogs.getByPlaceholder('Search logs...').fill('not_connected');
  const systemRow = systemLogs.getByRole('row').filter({ hasText: customer.email }).first();
  await expect(systemRow).toBeVisible({ timeout: 30_000 });
  await expectNewYorkTime(systemRow, failed.timestamp);
  await expectNewYorkTime(systemRow, failed.scheduled_for!);

  // User Management: the customer's Joined date and last sign-in.
  const account = (
    await api<{ rows: Array<{ email: string; created_at: string; last_sign_in_at: string }> }>(
      `/admin/users?q=${encodeURIComponent(customer.email)}&page=1&pageSize=10`,
      { token: adminToken },
    )
  ).rows.find((row) => row.email === customer.email)!;
  await page.getByRole('button', { name: 'User Management', exact: true }).click();
  const userManagement = page.getByRole('region', { name: 'User Management', exact: true });
  await userManagement.getByPlaceholder('Search by email...').fill(customer.email);
  const userRow = userManagement.getByRole('row').filter({ hasText: customer.email });
  await expectNewYorkDate(userRow, account.created_at);
  await expectNewYorkTime(userRow, account.last_sign_in_at);
});
