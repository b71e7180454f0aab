import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, waitForCode } from '../support/mail.js';

async function typeCode(page: Page, code: string) {
  for (const [index, digit] of [...code].entries()) {
    await page.getByLabel(`Digit ${index + 1}`).fill(digit);
  }
}

async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('OTP sent to your email!')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Verify OTP' })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('signs up, verifies the emailed code, signs in and out', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await signUp(page, 'Nora Newcomer', email, 'a-good-password');
  const dialog = page.getByRole('dialog', { name: 'Verify OTP' });
  await expect(dialog.getByText(email)).toBeVisible();
  await expect(dialog.getByText(/Time remaining: [12]:\d\d/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);

  await typeCode(page, await waitForCode(email, 1));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Account verified! Please login.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

  await signIn(page, email, 'a-good-password');
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { name: 'Entities', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/login$/);
});

test('resets a forgotten password and signs in with the new one', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await signUp(page, 'Fern Forgetful', email, 'the-old-password');
  await typeCode(page, await waitForCode(email, 1));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Account verified! Please login.')).toBeVisible();

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await reset.getByLabel('Email').fill(email);
  await reset.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('OTP sent to your email!').last()).toBeVisible();
  const verify = page.getByRole('dialog', { name: 'Verify OTP' });
  await expect(verify).toBeVisible();
  await expect(
    verify.getByText('Time remaining: 2:00').or(verify.getByText(/Time remaining: 1:5\d/)),
  ).toBeVisible();

  await typeCode(page, await waitForCode(email, 2));
  await verify.getByLabel('New Password').fill('the-new-password');
  await verify.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Password reset successful!')).toBeVisible();
  await expect(verify).toBeHidden();

  await signIn(page, email, 'the-old-password');
  await expect(page.getByText('Email or password is incorrect')).toBeVisible();
  await signIn(page, email, 'the-new-password');
  await expect(page).toHaveURL(/\/companies$/);
});

test('shows the server message for a wrong code', async ({ page }) => {
  const email = uniqueEmail('typo');
  await signUp(page, 'Tom Typo', email, 'typo-password');
  const code = await waitForCode(email, 1);
  const wrong = code === '999999' ? '111111' : '999999';
  await typeCode(page, wrong);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(
    page.getByText('The code is incorrect. Please check it and try again.'),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Verify OTP' })).toBeVisible();
});

test('fills all six boxes from a pasted code', async ({ page }) => {
  const email = uniqueEmail('paster');
  await signUp(page, 'Pat Paster', email, 'paste-password');
  const code = await waitForCode(email, 1);
  await page.getByLabel('Digit 1').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
    );
  }, code);
  for (const [index, digit] of [...code].entries()) {
    await expect(page.getByLabel(`Digit ${index + 1}`)).toHaveValue(digit);
  }
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Account verified! Please login.')).toBeVisible();
});

test('sends a signed-out deep link to the sign-in page', async ({ page }) => {
  await page.goto('/posts');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
});

test('offers Resend OTP only once the countdown reaches zero', async ({ page }) => {
  await page.clock.install();
  const email = uniqueEmail('waiter');
  await signUp(page, 'Walt Waiter', email, 'waiting-password');
  const dialog = page.getByRole('dialog', { name: 'Verify OTP' });
  const resend = dialog.getByRole('button', { name: 'Resend OTP' });
  await expect(resend).toHaveCount(0);

  await page.clock.fastForward('01:50');
  await expect(dialog.getByRole('timer')).toContainText(/0:(0\d|10)/);
  await expect(resend).toHaveCount(0);

  await page.clock.fastForward('00:15');
  await expect(dialog.getByRole('timer')).toContainText('0:00');
  await expect(resend).toBeVisible();
  // The browser's clock ran ahead; the server's lock did not, and the person is told so.
  await resend.click();
  await expect(
    page.getByText(/Please wait \d+ seconds? before requesting a new code\./),
  ).toBeVisible();
});

test('asks for a mailed code after many failed sign-ins, and signs in with it', async ({
  page,
}) => {
  // Its own account: the failures below fill this account's limit, nobody else's.
  const email = uniqueEmail('besieged');
  const password = 'besieged-password';
  const api = (path: string, data: object) =>
    page.request.post(`/api/customer/auth/${path}`, { data });
  expect((await api('sign-up', { name: 'Bea Besieged', email, password })).status()).toBe(201);
  const registration = await waitForCode(email, 1);
  const verified = await api('submit-otp', {
    purpose: 'registration',
    email,
    otp_code: registration,
    password,
  });
  expect(verified.status()).toBe(200);
  // Every browser here comes from 127.0.0.1: ten wrong passwords fill its window for this
  // account, and a stranger's failures must not keep the owner out.
  for (let i = 0; i < 10; i++) {
    expect((await api('sign-in', { email, password: `wrong-guess-${i}` })).status()).toBe(401);
  }

  await page.clock.install();
  await page.goto('/login');
  await signIn(page, email, password);
  const dialog = page.getByRole('dialog', { name: 'Verify OTP' });
  await expect(dialog.getByText(`We sent a code to ${email} to confirm it is you.`)).toBeVisible();
  const code = await waitForCode(email, 2);

  // Resend asks the server again; while the code just sent is fresh it says how long to wait.
  await page.clock.fastForward('02:05');
  await dialog.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(
    page.getByText(/Please wait \d+ seconds? before requesting a new code\./),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);

  await typeCode(page, code);
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { name: 'Entities', exact: true })).toBeVisible();
});
