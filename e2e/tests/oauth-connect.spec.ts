import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { PAID_CUSTOMER } from '../support/global-setup.js';
import { waitForToastsToClear } from '../support/toasts.js';
import { uniqueName } from '../support/unique.js';

const shots = path.join(import.meta.dirname, '..', '.artifacts');

async function signInAndAddEntity(page: Page, companyName: string) {
  await page.goto('/login');
  await page.getByLabel('Email address', { exact: true }).fill(PAID_CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(PAID_CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await waitForToastsToClear(page);
  await page.getByRole('button', { name: 'Add Entity' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add New Entity' });
  await form.getByLabel('Name', { exact: true }).fill(companyName);
  await form.getByLabel('Website', { exact: true }).fill('oauth.example.com');
  await form.getByRole('button', { name: 'Add Company' }).click();
  await expect(form).toBeHidden();
  await waitForToastsToClear(page);
}

async function openSocials(page: Page, companyName: string) {
  // The table at desktop width, a card per entity on a phone.
  const isPhone = (page.viewportSize()?.width ?? 1280) < 768;
  const entity = isPhone
    ? page.getByRole('listitem', { name: companyName })
    : page.getByRole('row', { name: new RegExp(companyName) });
  await entity.getByRole('button', { name: 'Socials' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Social Networks' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('connects X with one click: consent page, back to the dialog, connected', async ({ page }) => {
  test.setTimeout(90_000);
  const companyName = uniqueName('OAuth Co');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAndAddEntity(page, companyName);
  let dialog = await openSocials(page, companyName);

  await dialog.getByRole('button', { name: /^X\/Twitter Not Connected/ }).click();
  const x = dialog.getByRole('region', { name: 'X/Twitter settings' });
  const connect = x.getByRole('button', { name: 'Connect with X' });
  await expect(connect).toBeVisible();
  // The key form is still there, folded away as the advanced path.
  await expect(x.getByLabel('API Key', { exact: true })).toBeHidden();
  await expect(x.getByText('Use your own keys instead (advanced)')).toBeVisible();
  // Bluesky's row explains the app password.
  await dialog.getByRole('button', { name: /^Bluesky Not Connected/ }).click();
  const bluesky = dialog.getByRole('region', { name: 'Bluesky settings' });
  await expect(bluesky.getByText(/An app password is not your account password/)).toBeVisible();
  await expect(bluesky.getByRole('link', { name: /Create an app password/ })).toHaveAttribute(
    'href',
    'https://bsky.app/settings/app-passwords',
  );
  await page.screenshot({ path: path.join(shots, 'oauth-socials-bluesky-desktop.png') });
  await dialog.getByRole('button', { name: /^Bluesky Not Connected/ }).click();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: path.join(shots, 'oauth-socials-desktop.png') });

  await connect.click();
  // The fake network's consent page, then back.
  await expect(page.getByRole('heading', { name: /X \(local stand-in\)/ })).toBeVisible();
  await page.getByRole('link', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByText('X/Twitter connected successfully')).toBeVisible();
  dialog = page.getByRole('dialog', { name: 'Connect Social Networks' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(companyName)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^X\/Twitter Connected/ })).toBeVisible();
  await expect(
    dialog.getByRole('region', { name: 'X/Twitter settings' }).getByRole('button', {
      name: 'Disconnect',
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: path.join(shots, 'oauth-socials-connected-desktop.png') });
});

test('a cancelled consent comes back to the dialog with a plain-language error', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const companyName = uniqueName('OAuth Cancel');
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAndAddEntity(page, companyName);
  const dialog = await openSocials(page, companyName);
  await dialog.getByRole('button', { name: /^X\/Twitter Not Connected/ }).click();
  const x = dialog.getByRole('region', { name: 'X/Twitter settings' });
  await x.getByText('Use your own keys instead (advanced)').click();
  await expect(x.getByLabel('API Key', { exact: true })).toBeVisible();
  await x.getByText('Use your own keys instead (advanced)').click();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: path.join(shots, 'oauth-socials-phone.png') });

  await x.getByRole('button', { name: 'Connect with X' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByText('X was not connected: the permission was not given.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Connect Social Networks' })).toBeVisible();
  await expect(
    page
      .getByRole('dialog', { name: 'Connect Social Networks' })
      .getByRole('button', { name: /^X\/Twitter Not Connected/ }),
  ).toBeVisible();
});

test('Facebook: after Facebook Login the customer picks the Page, then it is connected', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const companyName = uniqueName('OAuth Pages');
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAndAddEntity(page, companyName);
  const dialog = await openSocials(page, companyName);
  await dialog.getByRole('button', { name: /^Facebook Not Connected/ }).click();
  await dialog
    .getByRole('region', { name: 'Facebook settings' })
    .getByRole('button', { name: 'Connect with Facebook' })
    .click();
  await page.getByRole('link', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  const back = page.getByRole('dialog', { name: 'Connect Social Networks' });
  const choice = back.getByRole('region', { name: 'Choose the Page to connect' });
  await expect(choice.getByRole('radio', { name: 'Acme Rockets' })).toBeVisible();
  await expect(choice.getByRole('radio', { name: 'Acme Labs' })).toBeVisible();
  await choice.getByRole('radio', { name: 'Acme Labs' }).check();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: path.join(shots, 'oauth-page-choice-phone.png') });
  await choice.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('Facebook connected successfully')).toBeVisible();
  await expect(choice).toBeHidden();
  await expect(back.getByRole('button', { name: /^Facebook Connected/ })).toBeVisible();
});

test('a consent link completed in another browser attaches nothing; the browser that started it still can', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const companyName = uniqueName('OAuth Elsewhere');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAndAddEntity(page, companyName);
  const dialog = await openSocials(page, companyName);
  await dialog.getByRole('button', { name: /^X\/Twitter Not Connected/ }).click();
  await dialog
    .getByRole('region', { name: 'X/Twitter settings' })
    .getByRole('button', { name: 'Connect with X' })
    .click();
  await expect(page.getByRole('heading', { name: /X \(local stand-in\)/ })).toBeVisible();
  const consentLink = page.url();

  // The consent link is opened in another browser: it has none of the first one's cookies.
  const elsewhere = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const other = await elsewhere.newPage();
    await other.setViewportSize({ width: 1280, height: 800 });
    await openSignedIn(other, '/companies');
    await other.goto(consentLink);
    const callback = other.waitForResponse((response) =>
      response.url().includes('/api/social-accounts/oauth/twitter/callback'),
    );
    await other.getByRole('link', { name: 'Authorize' }).click();
    const location = (await callback).headers().location ?? '';
    expect(location).toContain('error=other_browser');
    expect(location).not.toContain('connected=1');
    await expect(other).toHaveURL(/\/companies$/);
    await expect(
      other.getByText(
        'This connection was started in another browser. Start it again from the Socials dialog.',
      ),
    ).toBeVisible();
    await other.screenshot({ path: path.join(shots, 'oauth-other-browser-desktop.png') });
    await waitForToastsToClear(other);
    const seen = await openSocials(other, companyName);
    await expect(seen.getByRole('button', { name: /^X\/Twitter Not Connected/ })).toBeVisible();
  } finally {
    await elsewhere.close();
  }

  // The browser that started the flow finishes it: the refusal did not spend it.
  await page.getByRole('link', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByText('X/Twitter connected successfully')).toBeVisible();
  await expect(
    page
      .getByRole('dialog', { name: 'Connect Social Networks' })
      .getByRole('button', { name: /^X\/Twitter Connected/ }),
  ).toBeVisible();
});

test('a crafted link to the Entities page shows a generic message, never its own words', async ({
  page,
}) => {
  const words = 'Your X account is locked. Call +1 555 0100 to unlock it.';
  await openSignedIn(page, `/companies?network=twitter&error=${encodeURIComponent(words)}`);
  await expect(
    page.getByText(
      'The connection could not be completed. Please try again from the Socials dialog.',
    ),
  ).toBeVisible();
  await expect(page.getByText(words)).toHaveCount(0);
  await expect(page).toHaveURL(/\/companies$/);
});
