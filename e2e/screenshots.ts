// `npm run screenshots`: pictures of the real product. Builds what is stale and starts the
// offline demo (`scripts/run.mjs demo`: the built server, the demo seed, local stand-ins for
// the networks and the AI) on a free port with a fresh data folder, signs in as the demo
// account (and as the demo admin for the Admin panel), and writes a PNG per route and per
// main dialog at desktop and phone width.
//
//   npm run screenshots                     -> ./screenshots/
//   npm run screenshots -- --out /tmp/shots --port 4310
//
// A step whose button or dialog is not (yet) there is reported and skipped; the others are
// still written. The exit code is 1 when any step was skipped.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  API_PATHS,
  CompanyListSchema,
  DEMO_SIGN_IN,
  ROUTES,
  TOKEN_STORAGE_KEY,
} from '../packages/shared/src/index.js';
import { browserArgs, findChromium } from './support/browser.js';
import { apiPost, DEMO_ADMIN, startDemo } from './support/demo.js';

const root = path.resolve(import.meta.dirname, '..');
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

const { values: options } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(root, 'screenshots') },
    port: { type: 'string' },
  },
});
const outDir = path.resolve(options.out);

/** Posts and schedules through the product's API, so lists and the calendar have content. */
async function addContent(baseUrl: string, token: string) {
  const response = await fetch(`${baseUrl}/api${API_PATHS.companies}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await response.json()) as { data: unknown };
  const companies = CompanyListSchema.parse(data).rows;
  const idOf = (name: string) =>
    (companies.find((company) => company.name.includes(name)) ?? companies[0])?.id;
  const drafts = [
    ['Harbor', 'Fresh harvest from Huila just landed: bright, citrusy and roasted this morning.'],
    ['Harbor', 'Saturday cupping at the roastery, 10 am. Bring a friend, we bring the beans.'],
    ['Northwind', 'Spring service week: book a tune-up and ride out with new brake pads.'],
  ] as const;
  const posts = [];
  for (const [company, content] of drafts) {
    const companyId = idOf(company);
    if (companyId === undefined) continue;
    posts.push(
      await apiPost<{ id: string }>(
        baseUrl,
        API_PATHS.posts,
        { company_id: companyId, content, tone: 'friendly', platforms: [] },
        token,
      ),
    );
  }
  // Two hours and two days ahead: one of them falls in the calendar's month.
  for (const [index, hours] of [2, 48].entries()) {
    const post = posts[index];
    if (post === undefined) continue;
    await apiPost(
      baseUrl,
      API_PATHS.schedules,
      {
        post_id: post.id,
        social_account_type: ['twitter', 'bluesky'],
        schedule_date: new Date(Date.now() + hours * 3600_000).toISOString(),
      },
      token,
    );
  }
}

const skipped: string[] = [];
let written = 0;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Lists say 'Loading ...' until their data is in; a page that never finishes loading is
  // pictured as it is after the wait.
  await page
    .waitForFunction(() => !/\bLoading\b[^\n]*\.\.\./.test(document.body.innerText), null, {
      timeout: 20_000,
    })
    .catch(() => console.warn(`  still loading: ${page.url()}`));
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

async function shoot(page: Page, viewport: ViewportName, name: string) {
  await settle(page);
  await page.screenshot({ path: path.join(outDir, `${viewport}-${name}.png`) });
  written += 1;
}

/** One picture; a missing button or dialog is reported, not fatal. */
async function step(viewport: ViewportName, name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    skipped.push(`${viewport}-${name}: ${reason}`);
    console.warn(`  skipped ${viewport}-${name}: ${reason}`);
  }
}

async function signedOutShots(browser: Browser, baseUrl: string, viewport: ViewportName) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await step(viewport, 'login', async () => {
    await page.goto(ROUTES.login);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await shoot(page, viewport, 'login');
  });
  await step(viewport, 'login-sign-up', async () => {
    await page.goto(ROUTES.login);
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.getByRole('button', { name: 'Sign up', exact: true }).waitFor();
    await shoot(page, viewport, 'login-sign-up');
  });
  await step(viewport, 'login-reset-password', async () => {
    await page.goto(ROUTES.login);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog', { name: 'Reset Password' }).waitFor();
    await shoot(page, viewport, 'login-reset-password');
  });
  await context.close();
}

async function signedInShots(
  browser: Browser,
  baseUrl: string,
  token: string,
  viewport: ViewportName,
) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS[viewport] });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const open = async (route: string) => {
    await page.goto(route);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  };

  // Every route as it is, whatever it shows (a page still being built shows its placeholder).
  const routes: [string, string][] = [
    ['entities', ROUTES.companies],
    ['posts', ROUTES.posts],
    ['scheduling', ROUTES.scheduling],
    ['subscriptions', ROUTES.subscriptions],
    ['payment-success', ROUTES.paymentSuccess],
    ['payment-failed', ROUTES.paymentFailed],
    ['settings', ROUTES.settings],
    ['not-found', '/no-such-page'],
  ];
  for (const [name, route] of routes) {
    await step(viewport, name, async () => {
      await open(route);
      await shoot(page, viewport, name);
    });
  }
  if (viewport === 'phone') {
    await step(viewport, 'menu', async () => {
      await open(ROUTES.companies);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Close menu' }).waitFor();
      await shoot(page, viewport, 'menu');
    });
  }

  // Dialogs, each from a freshly opened page.
  const dialog = (name: string) => page.getByRole('dialog', { name });
  await step(viewport, 'entities-add', async () => {
    await open(ROUTES.companies);
    await page.getByRole('button', { name: 'Add Entity' }).first().click();
    await dialog('Add New Entity').waitFor();
    await shoot(page, viewport, 'entities-add');
  });
  await step(viewport, 'entities-edit', async () => {
    await open(ROUTES.companies);
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await dialog('Edit Entity').waitFor();
    await shoot(page, viewport, 'entities-edit');
  });
  await step(viewport, 'entities-socials', async () => {
    await open(ROUTES.companies);
    await page.getByRole('button', { name: 'Socials' }).first().click();
    const socials = dialog('Connect Social Networks');
    await socials.waitFor();
    await shoot(page, viewport, 'entities-socials');
    await socials.getByRole('button', { name: /^X\/Twitter/ }).click();
    await socials.getByRole('region', { name: 'X/Twitter settings' }).waitFor();
    await shoot(page, viewport, 'entities-socials-x');
  });
  await step(viewport, 'entities-delete', async () => {
    await open(ROUTES.companies);
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await dialog('Delete Company').waitFor();
    await shoot(page, viewport, 'entities-delete');
  });
  await step(viewport, 'posts-create', async () => {
    await open(ROUTES.posts);
    await page.getByRole('button', { name: 'Create Post' }).first().click();
    await dialog('Create New Post').waitFor();
    await shoot(page, viewport, 'posts-create');
  });
  await step(viewport, 'posts-edit', async () => {
    await open(ROUTES.posts);
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await dialog('Edit Post').waitFor();
    await shoot(page, viewport, 'posts-edit');
  });
  await step(viewport, 'posts-article-picker', async () => {
    await open(ROUTES.posts);
    await page.getByRole('button', { name: 'From Articles' }).first().click();
    await dialog('Select Articles').waitFor();
    await shoot(page, viewport, 'posts-article-picker');
  });
  // The post form's one article finder, on each of its two sources.
  for (const [name, source] of [
    ['posts-find-article-news', 'News'],
    ['posts-find-article-web', 'Web'],
  ] as const) {
    await step(viewport, name, async () => {
      await open(ROUTES.posts);
      await page.getByRole('button', { name: 'Create Post' }).first().click();
      await dialog('Create New Post').getByRole('button', { name: 'Find an Article' }).click();
      const finder = dialog('Find an Article');
      await finder
        .getByRole('group', { name: 'Source' })
        .getByRole('button', { name: source })
        .click();
      await finder.getByRole('heading', { name: `Search ${source}` }).waitFor();
      await shoot(page, viewport, name);
    });
  }
  await step(viewport, 'scheduling-schedule-post', async () => {
    await open(ROUTES.scheduling);
    await page
      .getByRole('list', { name: 'Posts' })
      .getByRole('button', { name: 'Schedule', exact: true })
      .first()
      .click();
    await dialog('Schedule Post').waitFor();
    await shoot(page, viewport, 'scheduling-schedule-post');
  });
  await step(viewport, 'scheduling-day-popup', async () => {
    await open(ROUTES.scheduling);
    // A day tile shows its post count; hovering it opens the day's popup.
    await page.locator('[data-day]').filter({ hasText: /\d/ }).first().hover();
    await page.locator('#calendar-day-popup').waitFor();
    await shoot(page, viewport, 'scheduling-day-popup');
  });
  await context.close();
}

/** The Admin panel as the demo admin: the page, every section open, and User Details. */
async function adminShots(
  browser: Browser,
  baseUrl: string,
  token: string,
  viewport: ViewportName,
) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS[viewport] });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const open = async () => {
    await page.goto(ROUTES.admin);
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  };
  await step(viewport, 'admin', async () => {
    await open();
    await shoot(page, viewport, 'admin');
  });
  await step(viewport, 'admin-all-sections', async () => {
    await open();
    // Each click opens one section, so the next closed one is always the first left.
    const closed = page.locator('section h2 > button[aria-expanded="false"]');
    for (let left = await closed.count(); left > 0; left = await closed.count()) {
      await closed.first().click();
      await page.waitForFunction(
        (before) =>
          document.querySelectorAll('section h2 > button[aria-expanded="false"]').length < before,
        left,
      );
    }
    await settle(page);
    await page.screenshot({
      path: path.join(outDir, `${viewport}-admin-all-sections.png`),
      fullPage: true,
    });
    written += 1;
  });
  await step(viewport, 'admin-user-details', async () => {
    await open();
    await page.getByRole('button', { name: 'User Management', exact: true }).click();
    await page.getByRole('button', { name: 'demo@cadence.local' }).click();
    await page.getByRole('dialog', { name: 'User Details' }).getByText('Joined').waitFor();
    await shoot(page, viewport, 'admin-user-details');
  });
  await context.close();
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const demo = await startDemo({ port: options.port, label: 'screenshots' });
  const { baseUrl } = demo;
  let browser: Browser | undefined;
  try {
    const { access_token: token } = await apiPost<{ access_token: string }>(
      baseUrl,
      API_PATHS.signIn,
      DEMO_SIGN_IN,
    );
    await addContent(baseUrl, token);
    const { access_token: adminToken } = await apiPost<{ access_token: string }>(
      baseUrl,
      API_PATHS.signIn,
      DEMO_ADMIN,
    );
    const found = await findChromium();
    browser = await chromium.launch({ executablePath: found.path, args: browserArgs(found.kind) });
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      console.log(`Taking ${viewport} screenshots...`);
      await signedOutShots(browser, baseUrl, viewport);
      await signedInShots(browser, baseUrl, token, viewport);
      await adminShots(browser, baseUrl, adminToken, viewport);
    }
  } finally {
    await browser?.close();
    await demo.stop();
  }
  console.log(`${written} screenshots in ${outDir}.`);
  if (skipped.length > 0) {
    console.warn(`${skipped.length} skipped:\n  ${skipped.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
