import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../../apps/server/test/helpers/images.js';
import { api, companyWithNetworks } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { ADMIN } from '../support/global-setup.js';
import { uniqueEmail, waitForCode, waitForInvitationPath } from '../support/mail.js';
import { signUpByApi } from '../support/sign-up.js';
import { uniqueName } from '../support/unique.js';

// The whole agency story in one test: invitations, two approvals and a minute's wait for the
// post to go out. Screenshots go where AGENCY_SHOTS_DIR says, when it is set.
test.describe.configure({ timeout: 420_000 });

const SHOTS = process.env.AGENCY_SHOTS_DIR;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * axe at desktop and phone width (on `include`, else the page), a screenshot at each when
 * AGENCY_SHOTS_DIR is set, and nothing wider than the phone.
 */
async function checkAtBothWidths(page: Page, name: string, include?: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, include);
    if (size === PHONE) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} is wider than a phone`).toBeLessThanOrEqual(0);
    }
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      // From the top, so the sticky top bar is where it belongs in a whole-page shot. A dialog
      // is fixed to the viewport: the whole page would show it over a part of it.
      if (include === undefined) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `${SHOTS}/${name}-${size.width}.png`,
        fullPage: include === undefined,
      });
    }
  }
  await page.setViewportSize(DESKTOP);
}

/** A new customer on the Enterprise plan (white label, unlimited seats), through the admin API. */
async function enterpriseOwner() {
  const owner = await signUpByApi(uniqueName('Olga Owner'), 'agency-owner');
  const { access_token: adminToken } = await api<{ access_token: string }>(
    '/customer/auth/sign-in',
    { body: { email: ADMIN.email, password: ADMIN.password } },
  );
  const found = await api<{ rows: Array<{ id: string; email: string }> }>(
    `/admin/users?q=${encodeURIComponent(owner.email)}`,
    { token: adminToken },
  );
  const id = found.rows.find((row) => row.email === owner.email)?.id;
  expect(id, 'the new owner is listed').toBeTruthy();
  await api(`/admin/users/${id}/subscription`, {
    method: 'PUT',
    token: adminToken,
    body: { tier: 'enterprise' },
  });
  return owner;
}

/** A Settings section by its id (the /settings#id link target). */
const section = (page: Page, id: string) => page.locator(`section#${id}`);

const postRow = (page: Page, content: string) =>
  page
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') })
    .filter({ hasText: content });

test('an owner invites an editor, who writes; the owner and the client approve; it goes out', async ({
  browser,
}) => {
  const owner = await enterpriseOwner();
  const entityName = uniqueName('Harbor Roasters');
  const entityId = await companyWithNetworks(owner.token, entityName);
  await api(`/customer/company/${entityId}`, {
    method: 'PUT',
    token: owner.token,
    body: {
      name: entityName,
      website: 'https://scheduling.example.com',
      approval: 'team_and_client',
    },
  });
  const brandName = 'Northwind Agency';

  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  await ownerContext.addInitScript((token) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', token);
  }, owner.token);
  const ownerPage = await ownerContext.newPage();

  // Branding: a pale accent is refused in the shared rule's words, a readable one is saved.
  await ownerPage.goto('/settings#branding');
  const branding = section(ownerPage, 'branding');
  const form = branding.getByRole('form', { name: 'Branding' });
  await expect(form).toBeVisible();
  await form.getByLabel('Brand name').fill(brandName);
  await form
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'northwind.png', mimeType: 'image/png', buffer: makePng(64, 64) });
  await expect(form.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  const accent = form.getByLabel('Accent colour', { exact: true });
  await accent.fill('#7f9cf5');
  await expect(form.getByText(/needs at least 4\.5:1\. Choose a darker colour\./)).toBeVisible();
  await accent.fill('#1d4ed8');
  await expect(form.getByText(/Contrast with white 6\.\d\d:1/)).toBeVisible();
  await form.getByRole('button', { name: 'Save branding' }).click();
  await expect(ownerPage.getByText('Branding saved')).toBeVisible();
  // The owner's own top bar wears the brand.
  await expect(ownerPage.getByRole('banner').getByText(brandName)).toBeVisible();
  await checkAtBothWidths(ownerPage, 'branding');

  // Team: invite the editor.
  const editorEmail = uniqueEmail('agency-editor');
  await ownerPage.goto('/settings#team');
  const team = section(ownerPage, 'team');
  const invite = team.getByRole('form', { name: 'Invite a team member' });
  await invite.getByLabel('Email').fill(editorEmail);
  await invite.getByLabel('Role').selectOption('editor');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(`Invitation sent to ${editorEmail}.`)).toBeVisible();
  await expect(team.getByTestId('team-member').filter({ hasText: editorEmail })).toContainText(
    'Invited',
  );
  await checkAtBothWidths(ownerPage, 'team');

  // The editor opens the mailed link: the workspace's brand, not Cadence's.
  const invitePath = await waitForInvitationPath(editorEmail);
  const editorContext = await browser.newContext({ viewport: DESKTOP });
  const editorPage = await editorContext.newPage();
  await editorPage.goto(invitePath);
  await expect(editorPage.getByRole('heading', { name: /workspace$/, level: 1 })).toBeVisible();
  await expect(editorPage.getByText(brandName)).toBeVisible();
  await expect(editorPage.getByText('Cadence', { exact: true })).toHaveCount(0);
  await checkAtBothWidths(editorPage, 'invite');

  // Signs up from it, and lands back on it to join.
  await editorPage.getByRole('link', { name: 'Sign up to join' }).click();
  await editorPage.getByLabel('Name').fill('Eddie Editor');
  await editorPage.getByLabel('Email address').fill(editorEmail);
  await editorPage.getByLabel('Password').fill('editor-password-1');
  await editorPage.getByRole('button', { name: 'Sign up', exact: true }).click();
  const otp = editorPage.getByRole('dialog', { name: 'Verify OTP' });
  // The invitation was the first mail; the code is the second.
  const code = await waitForCode(editorEmail, 2);
  const boxes = otp.getByRole('textbox');
  for (const [index, digit] of [...code].entries()) await boxes.nth(index).fill(digit);
  await otp.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(editorPage.getByText('Account verified! Please login.')).toBeVisible();
  await editorPage.getByLabel('Password').fill('editor-password-1');
  await editorPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(editorPage).toHaveURL(new RegExp(`${invitePath}$`));
  await editorPage.getByRole('button', { name: 'Join the workspace' }).click();
  await expect(editorPage).toHaveURL(/\/companies$/);
  await expect(editorPage.getByRole('banner').getByText(brandName)).toBeVisible();

  // The editor writes a post in the entity that needs approval and submits it.
  const content = `${uniqueName('Our winter blend is back')}: bright, sweet, roasted this week.`;
  await editorPage.goto('/posts');
  await editorPage.getByRole('button', { name: 'Create Post' }).first().click();
  const create = editorPage.getByRole('dialog', { name: 'Create New Post' });
  await create.getByLabel('Entity', { exact: true }).selectOption({ label: entityName });
  await create.getByLabel('Content', { exact: true }).fill(content);
  await create.getByRole('button', { name: 'Create Post' }).click();
  await expect(editorPage.getByText('Post created successfully')).toBeVisible();
  await expect(create).toBeHidden();
  await postRow(editorPage, content).getByRole('button', { name: 'Edit' }).click();
  const editorReview = editorPage
    .getByRole('dialog', { name: 'Edit Post' })
    .getByRole('region', { name: 'Review' });
  await editorReview.getByRole('button', { name: 'Submit for review' }).click();
  await expect(editorReview.getByText('In review', { exact: true })).toBeVisible();
  await expect(editorReview.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await editorPage.keyboard.press('Escape');

  // The owner approves it; it then waits for the client.
  await ownerPage.goto('/posts');
  await postRow(ownerPage, content).getByRole('button', { name: 'Edit' }).click();
  const ownerReview = ownerPage
    .getByRole('dialog', { name: 'Edit Post' })
    .getByRole('region', { name: 'Review' });
  await ownerReview.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(ownerReview.getByText('Waiting for the client')).toBeVisible();
  await ownerPage.keyboard.press('Escape');

  // A review link for the client, from the entity's row.
  await ownerPage.goto('/companies');
  await ownerPage
    .getByRole('row')
    .filter({ hasText: entityName })
    .getByRole('button', { name: 'Review links' })
    .click();
  const links = ownerPage.getByRole('dialog', { name: `Review links: ${entityName}` });
  await links.getByLabel('Label (optional)').fill('Week 48');
  await links.getByRole('button', { name: 'Create link' }).click();
  const url = await links.getByLabel(/New link: copy it now/).inputValue();
  expect(url).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
  await expect(links.getByTestId('review-link').filter({ hasText: 'Week 48' })).toContainText(
    'Active',
  );
  await checkAtBothWidths(ownerPage, 'review-links', '[role="dialog"]');

  // The client approves on the link, on a phone.
  const clientContext = await browser.newContext({ viewport: PHONE });
  const clientPage = await clientContext.newPage();
  await clientPage.goto(new URL(url).pathname);
  await expect(clientPage.getByRole('heading', { level: 1, name: entityName })).toBeVisible();
  await expect(clientPage.getByText(brandName)).toBeVisible();
  await expect(clientPage.getByText(content)).toBeVisible();
  await checkAtBothWidths(clientPage, 'review');
  await clientPage.setViewportSize(PHONE);
  await clientPage.getByLabel('Your name').fill('Cleo Client');
  await clientPage.getByRole('button', { name: 'Approve' }).click();
  await expect(clientPage.getByText('Thank you: the post is approved.')).toBeVisible();
  await expect(clientPage.getByText('Nothing waits for your review right now.')).toBeVisible();

  // The editor schedules it a minute ahead, and it goes out on the stand-ins.
  await editorPage.goto('/scheduling');
  await editorPage
    .getByLabel('Filter by entity', { exact: true })
    .selectOption({ label: entityName });
  const card = editorPage
    .getByRole('list', { name: 'Posts' })
    .locator(':scope > li')
    .filter({ hasText: content });
  await card.getByRole('button', { name: 'Schedule', exact: true }).click();
  const schedule = editorPage.getByRole('dialog', { name: 'Schedule Post' });
  await expect(schedule.getByLabel('X/Twitter')).toBeChecked();
  await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(editorPage.getByText('Post scheduled successfully')).toBeVisible();
  const scheduled = editorPage
    .getByRole('list', { name: 'Scheduled posts' })
    .locator(':scope > li')
    .filter({ hasText: content });
  await expect(scheduled.getByText('Published').first()).toBeVisible({ timeout: 180_000 });

  await Promise.all([ownerContext.close(), editorContext.close(), clientContext.close()]);
});
