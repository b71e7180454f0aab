// Screenshots of the main screens against a faked API, for a visual check.
// Usage (from /work/main): npm run build -w @cadence/web && node apps/web/scripts/screenshots.mjs
// Writes PNGs into apps/web/.screenshots/ and prints any console errors the pages logged.
import chromium from '@sparticuz/chromium';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium as pw } from 'playwright-core';
import { preview } from 'vite';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(webRoot, '.screenshots');
await mkdir(outDir, { recursive: true });

const server = await preview({
  root: webRoot,
  configFile: join(webRoot, 'vite.config.ts'),
  logLevel: 'warn',
  preview: { port: 0, host: '127.0.0.1', strictPort: false },
});
const address = server.httpServer.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}`;

const executablePath = await chromium.executablePath();
// --single-process (meant for AWS Lambda) takes the whole browser down with the first
// closed context; this script opens one context per scenario.
const args = chromium.args.filter(
  (a) =>
    !a.startsWith('--disable-web-security') &&
    !a.startsWith('--allow-running-insecure-content') &&
    a !== '--single-process',
);
const browser = await pw.launch({
  executablePath,
  args: [
    ...args,
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
  headless: true,
});

const ADMIN = { id: 'u_1', name: 'Ada Lovelace', email: 'ada@example.com', is_admin: true };
const otpSent = (email, purpose) => ({
  message: 'OTP sent to your email!',
  data: { email, purpose, expires_in: 120, resend_in: 120 },
});

/** Answers /api/** like the server would; `me` picks the session answer. */
async function fakeApi(page, { me = 'ok' } = {}) {
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    const json = (status, body) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    const body = request.postDataJSON?.() ?? null;

    if (path === '/api/customer/me') {
      if (me === 'ok') return json(200, { message: 'Customer Fetched Successfully', data: ADMIN });
      if (me === 'expired')
        return json(401, {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Your session has expired. Please sign in again.',
        });
      return json(500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again.',
      });
    }
    if (path === '/api/customer/auth/sign-up')
      return json(201, otpSent(body.email, 'registration'));
    if (path === '/api/customer/auth/resend-otp')
      return json(200, otpSent(body.email, body.purpose));
    if (path === '/api/customer/auth/sign-in')
      return json(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Email or password is incorrect',
      });
    return json(404, { statusCode: 404, error: 'Not Found', message: 'No API route.' });
  });
}

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
};

const problems = [];

async function withPage(viewportName, { token = false, me } = {}, run) {
  const context = await browser.newContext({
    viewport: viewports[viewportName],
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  if (token) {
    await context.addInitScript(() => globalThis.localStorage.setItem('token', 'fake-token'));
  }
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`[${viewportName}] console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`[${viewportName}] page error: ${error.message}`));
  await fakeApi(page, { me });
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

const shot = (page, name) => page.screenshot({ path: join(outDir, `${name}.png`) });

for (const vp of Object.keys(viewports)) {
  await withPage(vp, {}, async (page) => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await shot(page, `${vp}-01-sign-in`);

    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email or password is incorrect').waitFor();
    await shot(page, `${vp}-02-sign-in-wrong-password`);

    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Name is required').waitFor();
    await shot(page, `${vp}-03-sign-up-errors`);

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill('Ada@Example.com');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('dialog', { name: 'Verify OTP' }).waitFor();
    await page.getByLabel('Digit 1').pressSequentially('1234');
    await shot(page, `${vp}-04-verify-otp-registration`);
  });

  await withPage(vp, {}, async (page) => {
    await page.clock.install();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await shot(page, `${vp}-05-reset-password`);

    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByRole('dialog', { name: 'Verify OTP' }).waitFor();
    await page.getByLabel('Digit 1').pressSequentially('123456');
    await page.getByLabel('New Password').fill('short');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.clock.fastForward(5_000);
    await shot(page, `${vp}-06-verify-otp-reset`);

    await page.clock.fastForward(120_000);
    await page.getByRole('button', { name: 'Resend OTP' }).waitFor();
    await shot(page, `${vp}-07-verify-otp-expired`);
  });

  await withPage(vp, { token: true }, async (page) => {
    await page.goto(`${baseUrl}/companies`);
    await page.getByRole('heading', { name: 'Entities' }).waitFor();
    await shot(page, `${vp}-08-companies-signed-in`);
    if (vp === 'mobile') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shot(page, `${vp}-09-mobile-menu`);
    }
  });

  await withPage(vp, { token: true }, async (page) => {
    await page.goto(`${baseUrl}/payment-success`);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await shot(page, `${vp}-10-payment-success`);
  });

  await withPage(vp, { token: true, me: 'error' }, async (page) => {
    await page.goto(`${baseUrl}/posts`);
    await page.getByRole('heading', { name: 'Authentication Error' }).waitFor();
    await shot(page, `${vp}-11-auth-error`);
  });

  await withPage(vp, { token: true }, async (page) => {
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await shot(page, `${vp}-12-not-found`);
  });
}

await browser.close();
await new Promise((resolve) => server.httpServer.close(resolve));

// The faked 500 and 401 answers are logged by the browser as failed loads; anything else is news.
const unexpected = problems.filter((line) => !/status of (401|500)/.test(line));
console.log(`Screenshots written to ${outDir}`);
if (unexpected.length > 0) {
  console.log('Console problems:\n' + unexpected.join('\n'));
  process.exitCode = 1;
}
