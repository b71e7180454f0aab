import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { checkOutPro } from '../support/checkout.js';
import { uniqueEmail } from '../support/mail.js';
import { connectWithOneClick } from '../support/one-click.js';
import { signUpThroughTheForms } from '../support/sign-up.js';
import { waitForToastsToClear } from '../support/toasts.js';
import { uniqueName } from '../support/unique.js';

// The newcomer's whole path: from sign-up to one post published on three networks, the way a
// newcomer goes: the Free plan's network limit, its link to the plans, Pro through the
// checkout, three one-click connections, and the Schedule dialog's defaults. No key and no
// time is typed. The wait for 'In 1 minute' is most of the run.
test.describe.configure({ timeout: 180_000 });

test('a newcomer upgrades to Pro and publishes one post on X, LinkedIn and Facebook', async ({
  page,
}) => {
  await signUpThroughTheForms(page, {
    name: 'Tess Three',
    email: uniqueEmail('three-networks'),
    password: 'three-networks-password',
  });

  // An entity, from the getting-started list.
  const steps = page.getByRole('region', { name: /Get started/ });
  await steps.getByRole('button', { name: 'Add Entity' }).click();
  const entityName = uniqueName('Tide Bakery');
  const form = page.getByRole('dialog', { name: 'Add New Entity' });
  await form.getByLabel('Name', { exact: true }).fill(entityName);
  await form.getByLabel('Website', { exact: true }).fill('tide.example.com');
  await form.getByRole('button', { name: 'Add Company' }).click();
  await expect(steps.getByRole('heading', { name: 'Get started: 1 of 4 done' })).toBeVisible();

  // The Free plan's one network: LinkedIn says which plan has it and links to the plans.
  await waitForToastsToClear(page);
  await steps.getByRole('button', { name: 'Open Socials' }).click();
  const socials = page.getByRole('dialog', { name: 'Connect Social Networks' });
  const linkedInRow = socials.getByRole('listitem').filter({ hasText: 'LinkedIn' });
  await expect(linkedInRow.getByText('Available on Pro:')).toBeVisible();
  await linkedInRow.getByRole('link', { name: 'Upgrade' }).click();

  // Pro through the checkout stand-in, and back in the app with the plan active.
  await expect(page).toHaveURL(/\/subscriptions$/);
  await checkOutPro(page, {
    onPreview: () => expectNoAxeViolations(page, '[role="dialog"]'),
  });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/Your Pro plan is now active/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to Home' }).click();

  // Three networks, one click each; Facebook asks for the Page.
  await expect(page).toHaveURL(/\/companies$/);
  await steps.getByRole('button', { name: 'Open Socials' }).click();
  await expect(linkedInRow.getByText('Available on Pro:')).toHaveCount(0);
  await connectWithOneClick(page, 'twitter');
  await connectWithOneClick(page, 'linkedIn');
  await waitForToastsToClear(page);
  await connectWithOneClick(page, 'facebook');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(steps.getByRole('heading', { name: 'Get started: 2 of 4 done' })).toBeVisible();

  // A post, then its Schedule link on the Posts page opens the Schedule dialog.
  await steps.getByRole('link', { name: 'Go to Posts' }).click();
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const postDialog = page.getByRole('dialog', { name: 'Create New Post' });
  await expect(postDialog.getByLabel('Entity', { exact: true })).toHaveValue(/.+/);
  const content = `Tide bread, three ways ${Date.now()}`;
  await postDialog.getByLabel('Content', { exact: true }).fill(content);
  await postDialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Post created successfully')).toBeVisible();
  const postRow = page
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') })
    .filter({ hasText: content });
  await expect(postRow.getByText('Not scheduled')).toBeVisible();
  await expectNoAxeViolations(page);
  await postRow.getByRole('link', { name: 'Schedule this post' }).click();

  // The dialog's defaults: the three new networks ticked, 'In 1 minute' chosen.
  await expect(page).toHaveURL(/\/scheduling$/);
  const schedule = page.getByRole('dialog', { name: 'Schedule Post' });
  for (const network of ['X/Twitter', 'LinkedIn', 'Facebook'])
    await expect(schedule.getByLabel(network)).toBeChecked();
  const quick = schedule.getByRole('group', { name: 'Quick times' }).getByRole('button');
  await expect(quick.first()).toHaveText('In 1 minute');
  await expect(quick.first()).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled successfully')).toBeVisible();
  await expect(schedule).toBeHidden();

  // It goes out on all three: the post reads Published (not Partly published), and each
  // network's publication links to the stand-in's page for it.
  const card = page
    .getByRole('list', { name: 'Posts', exact: true })
    .locator(':scope > li')
    .filter({ hasText: content });
  await expect(card.getByText('Published', { exact: true })).toBeVisible({ timeout: 150_000 });
  const published = page
    .getByRole('list', { name: 'Scheduled posts' })
    .locator(':scope > li')
    .filter({ hasText: content })
    .getByRole('link', { name: /^Published on .+ \(opens the live post\)$/ });
  await expect(published).toHaveCount(3);
  await expectNoAxeViolations(page);

  await page.goto('/posts');
  await expect(postRow.getByText('Published', { exact: true })).toBeVisible();
});
