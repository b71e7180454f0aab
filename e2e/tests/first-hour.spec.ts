import { expect, test } from '@playwright/test';
import { API_PATHS } from '@cadence/shared';
import { uniqueEmail } from '../support/mail.js';
import { connectWithOneClick } from '../support/one-click.js';
import { signUpThroughTheForms } from '../support/sign-up.js';
import { uniqueName } from '../support/unique.js';
import { waitForToastsToClear } from '../support/toasts.js';
import { expectNoAxeViolations } from '../support/axe.js';

// Sign-up to a published post on a fresh Free account, led by the getting-started list.
test.describe.configure({ timeout: 180_000 });

test('a new account follows the checklist from sign-up to a published post', async ({ page }) => {
  await signUpThroughTheForms(page, {
    name: 'Nora Newcomer',
    email: uniqueEmail('first-hour'),
    password: 'first-hour-password',
  });

  // 1. Add an entity, from the checklist.
  const steps = page.getByRole('region', { name: /Get started/ });
  await expect(steps.getByRole('heading', { name: 'Get started: 0 of 4 done' })).toBeVisible();
  await steps.getByRole('button', { name: 'Add Entity' }).click();
  const entityName = uniqueName('Corner Bakery');
  const form = page.getByRole('dialog', { name: 'Add New Entity' });
  await form.getByLabel('Name', { exact: true }).fill(entityName);
  await form.getByLabel('Website', { exact: true }).fill('bakery.example.com');
  await form.getByRole('button', { name: 'Add Company' }).click();
  await expect(steps.getByRole('heading', { name: 'Get started: 1 of 4 done' })).toBeVisible();

  // 2. Connect X: the checklist's link opens this entity's Socials dialog.
  await waitForToastsToClear(page);
  // The plan catalogue held back: until it arrives a locked row claims nothing (it would
  // say 'Not on your plan' and then change its mind).
  let releasePlans = () => {};
  const plansHeld = new Promise<void>((resolve) => (releasePlans = resolve));
  const isPlans = (url: URL) => url.pathname === `/api${API_PATHS.subscriptionPlans}`;
  await page.route(isPlans, async (route) => {
    await plansHeld;
    await route.continue();
  });
  await steps.getByRole('button', { name: 'Open Socials' }).click();
  // Networks the Free plan lacks say which plan has them before any form opens.
  const socials = page.getByRole('dialog', { name: 'Connect Social Networks' });
  const linkedIn = socials.getByRole('listitem').filter({ hasText: 'LinkedIn' });
  await expect(linkedIn.getByTestId('plan-locked-note-pending')).toBeVisible();
  await expect(socials.getByText('Not on your plan:')).toHaveCount(0);
  // The note's placeholder is as tall as the note: the rows do not move when it comes (on a
  // phone, where the note sits under the name).
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  // Measured once the dialog's opening animation (a scale) has finished (not the endless pulse).
  await socials.evaluate((dialog) =>
    Promise.all(
      dialog
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  const pendingHeight = (await linkedIn.boundingBox())?.height ?? 0;
  releasePlans();
  await expect(linkedIn.getByText('Available on Pro:')).toBeVisible();
  expect((await linkedIn.boundingBox())?.height).toBeCloseTo(pendingHeight, 0);
  if (desktop) await page.setViewportSize(desktop);
  await expect(linkedIn.getByTestId('plan-locked-note-pending')).toHaveCount(0);
  await page.unroute(isPlans);
  await expect(linkedIn.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
    'href',
    '/subscriptions',
  );
  const bluesky = socials.getByRole('listitem').filter({ hasText: 'Bluesky' });
  await expect(bluesky.getByText('Available on Business:')).toBeVisible();
  await expectNoAxeViolations(page);
  await connectWithOneClick(page, 'twitter');
  await page.keyboard.press('Escape');
  await expect(steps.getByRole('heading', { name: 'Get started: 2 of 4 done' })).toBeVisible();

  // 3. Write a post: the only entity is chosen already.
  await steps.getByRole('link', { name: 'Go to Posts' }).click();
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const postDialog = page.getByRole('dialog', { name: 'Create New Post' });
  await expect(postDialog.getByLabel('Entity', { exact: true })).toHaveValue(/.+/);
  // The Free plan has no AI: its helpers are shown locked, with the way to upgrade.
  await expect(postDialog.getByText('Available on Pro:').first()).toBeVisible();
  const content = `Fresh sourdough at 7 every morning ${Date.now()}`;
  await postDialog.getByLabel('Content', { exact: true }).fill(content);
  await postDialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Post created successfully')).toBeVisible();

  // 4. Schedule it with the dialog's defaults: X ticked, and (SCHEDULE_IN_A_MINUTE, as in the
  // demo) 'In 1 minute' chosen, then the other quick times.
  await page.goto('/companies');
  await steps.getByRole('link', { name: 'Go to Scheduling' }).click();
  const card = page
    .getByRole('list', { name: 'Posts', exact: true })
    .locator(':scope > li')
    .filter({ hasText: content });
  await card.getByRole('button', { name: 'Schedule', exact: true }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule Post' });
  await expect(schedule.getByLabel('X/Twitter')).toBeChecked();
  const quick = schedule.getByRole('group', { name: 'Quick times' }).getByRole('button');
  await expect(quick.first()).toHaveText('In 1 minute');
  await expect(quick.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(quick.nth(1)).toHaveText(/^(Today|Tomorrow) \d{1,2}:\d{2} [AP]M$/);
  await expect(quick.nth(2)).toHaveText('In 1 hour');
  await expect(quick.nth(3)).toHaveText('Tomorrow 9:00 AM');
  await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled successfully')).toBeVisible();
  await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();

  // 5. It goes out: the page refreshes by itself while something is due, and the post and its
  // X publication read Published. The link opens the X stand-in's page for this post.
  await expect(card.getByText('Published', { exact: true })).toBeVisible({ timeout: 150_000 });
  const published = page
    .getByRole('list', { name: 'Scheduled posts' })
    .locator(':scope > li')
    .filter({ hasText: content })
    .getByRole('link', { name: /^Published on .+ \(opens the live post\)$/ });
  await expect(published).toBeVisible();
  const livePost = await page.request.get((await published.getAttribute('href')) ?? '');
  expect(livePost.status()).toBe(200);
  expect(await livePost.text()).toContain(content);

  // All four done: the list has gone.
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'Entities', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(entityName) })).toBeVisible();
  await expect(page.getByRole('region', { name: /Get started/ })).toHaveCount(0);
});
