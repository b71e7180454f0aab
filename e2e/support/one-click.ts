import { expect, type Page } from '@playwright/test';

/** The networks the e2e server offers one-click connect for, as the Socials dialog names them. */
const NETWORKS = {
  twitter: { name: 'X/Twitter', button: 'Connect with X', consent: /^X \(local stand-in\)/ },
  linkedIn: { name: 'LinkedIn', button: 'Connect with LinkedIn', consent: /^LinkedIn \(local/ },
  facebook: { name: 'Facebook', button: 'Connect with Facebook', consent: /^Facebook \(local/ },
} as const;

/**
 * One click for the entity whose Socials dialog is open: 'Connect with {network}', the
 * stand-in's consent page, Authorize, and back in the entity's dialog, connected. Facebook
 * then asks which Page: `page` names it (default: the first offered).
 */
export async function connectWithOneClick(
  page: Page,
  network: keyof typeof NETWORKS,
  options: { page?: string } = {},
) {
  const { name, button, consent } = NETWORKS[network];
  const label = name.replace('/', '\\/');
  const dialog = page.getByRole('dialog', { name: 'Connect Social Networks' });
  await dialog.getByRole('button', { name: new RegExp(`^${label} Not Connected`) }).click();
  await dialog
    .getByRole('region', { name: `${name} settings` })
    .getByRole('button', { name: button })
    .click();
  await expect(page.getByRole('heading', { name: consent })).toBeVisible();
  await page.getByRole('link', { name: 'Authorize' }).click();
  if (network === 'facebook') {
    const choice = dialog.getByRole('group', { name: 'Choose the Page to connect' });
    if (options.page) await choice.getByRole('radio', { name: options.page }).check();
    else await expect(choice.getByRole('radio').first()).toBeChecked();
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  }
  await expect(page.getByText(`${name} connected successfully`)).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: new RegExp(`^${label} Connected`) }),
  ).toBeVisible();
}
