// Screenshots of the main screens against a faked API, for a visual check.
// Usage (from /work/main): npm run build -w @cadence/web && node apps/web/scripts/screenshots.mjs
// Writes PNGs into apps/web/.screenshots/ and prints any console errors the pages logged.
import chromium from '@sparticuz/chromium';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium as pw } from 'playwright-core';
import { preview } from 'vite';
import { createSchedulingFake, mediaSvg, SCHEDULING_NOW } from './screenshots-scheduling.mjs';

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

const ADMIN = {
  id: 'u_1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  is_admin: true,
  simulated_networks: false,
};
const otpSent = (email, purpose) => ({
  message: 'OTP sent to your email!',
  data: { email, purpose, expires_in: 120, resend_in: 120 },
});

const LONG_DESCRIPTION =
  'Lakeside Family Dental is a neighbourhood practice offering check-ups, cleanings, ' +
  'orthodontics and same-day emergency care for children and adults. Our team of six ' +
  'dentists and hygienists has served the lake district for over twenty years, with ' +
  'evening appointments, gentle sedation options and transparent pricing for every treatment.';

const credential = (key, name, accountName) => ({
  social_account: { key, name },
  account_name: accountName,
  connected_at: '2025-05-02T10:00:00.000Z',
});

const COMPANIES = [
  {
    id: '0b6f3c1e-1d1a-4f7e-9d53-1c2f1b6a0001',
    name: 'Northwind Analytics',
    website: 'https://www.northwind-analytics.com',
    industry: 'Technology',
    custom_industry: null,
    description: 'Dashboards and forecasting for mid-sized retailers.',
    logo_url: '/uploads/logos/northwind.svg',
    social_credentials: [
      credential('bluesky', 'Bluesky', 'northwind.bsky.social'),
      credential('twitter', 'X/Twitter', '@northwind'),
      credential('linkedIn', 'LinkedIn', null),
    ],
    created_at: '2025-06-01T09:00:00.000Z',
    updated_at: '2025-06-01T09:00:00.000Z',
  },
  {
    id: '0b6f3c1e-1d1a-4f7e-9d53-1c2f1b6a0002',
    name: 'Honeycomb & Hive',
    website: 'https://honeycombhive.example',
    industry: 'custom',
    custom_industry: 'Urban Beekeeping',
    description: 'Rooftop hives, local honey and beekeeping workshops in the city.',
    logo_url: null,
    social_credentials: [credential('facebook', 'Facebook', 'Honeycomb & Hive')],
    created_at: '2025-05-20T09:00:00.000Z',
    updated_at: '2025-05-20T09:00:00.000Z',
  },
  {
    id: '0b6f3c1e-1d1a-4f7e-9d53-1c2f1b6a0003',
    name: 'Lakeside Family Dental Clinic',
    website: 'http://lakeside-dental.example/family/',
    industry: 'Healthcare',
    custom_industry: null,
    description: LONG_DESCRIPTION,
    logo_url: '/uploads/logos/lakeside.svg',
    social_credentials: [],
    created_at: '2025-05-01T09:00:00.000Z',
    updated_at: '2025-05-01T09:00:00.000Z',
  },
];

const LOGOS = {
  'northwind.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0f766e"/><path d="M16 46V18l16 20V18h6v28L22 26v20z" fill="#fff"/><circle cx="47" cy="22" r="5" fill="#5eead4"/></svg>',
  'lakeside.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#e0f2fe"/><path d="M20 22c0-6 6-8 12-5 6-3 12-1 12 5 0 8-3 10-4 20-1 5-5 5-6 0l-2-8-2 8c-1 5-5 5-6 0-1-10-4-12-4-20z" fill="#0284c7"/></svg>',
  'uploaded.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#f59e0b"/><path d="M32 14l16 9v18l-16 9-16-9V23z" fill="#fff"/></svg>',
};

/**
 * Answers /api/** like the server would; `me` picks the session answer, `companies` the
 * company list ('list', 'empty', 'loading' never answers, 'error' fails).
 */
async function fakeApi(
  page,
  { me = 'ok', companies = 'list', scheduling = 'list', posts = 'list' } = {},
) {
  /** Calls left unanswered on purpose; `release` ends them quietly (an abort logs an error). */
  const held = [];
  /** Answers that wait for the script (`open('ai')`), so a busy state can be captured. */
  const gates = { ai: [], logo: [], pages: [] };
  /** This page's companies: save and disconnect change their connections. */
  const rows = structuredClone(COMPANIES);
  const schedulingApi = createSchedulingFake(rows, { mode: scheduling });
  /** Gates opened before their call reached them: the call then passes at once. */
  const opened = new Set();
  const waitForGate = (name) =>
    opened.has(name) ? Promise.resolve() : new Promise((resolve) => gates[name].push(resolve));
  const open = (name) => {
    opened.add(name);
    gates[name].splice(0).forEach((resolve) => resolve());
  };
  await page.route('**/uploads/logos/*', (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop();
    const svg = LOGOS[name];
    if (svg === undefined) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg });
  });
  await page.route('**/uploads/media/*', (route) => {
    const svg = mediaSvg(new URL(route.request().url()).pathname.split('/').pop());
    if (svg === undefined) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg });
  });
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    const json = (status, body) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    const isJson = (request.headers()['content-type'] ?? '').includes('application/json');
    const body = isJson ? request.postDataJSON() : null;

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
    if (path === '/api/customer/company' && request.method() === 'GET') {
      if (companies === 'loading') {
        held.push(route);
        return undefined;
      }
      if (companies === 'error')
        return json(500, {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Something went wrong on our side. Please try again.',
        });
      return json(200, {
        message: 'Companies fetched successfully',
        data: {
          rows: companies === 'empty' ? [] : rows,
          supported_social_accounts: ['twitter', 'facebook', 'linkedIn', 'bluesky'],
          company_limit: 3,
        },
      });
    }
    if (path === '/api/customer/company/logo') {
      await waitForGate('logo');
      return json(200, {
        message: 'Logo uploaded successfully',
        data: { logo_url: '/uploads/logos/uploaded.svg' },
      }).catch(() => {});
    }
    if (path === '/api/ai/company-description') {
      await waitForGate('ai');
      return json(200, {
        message: 'Website scanned successfully',
        data: {
          description: `${body.name} turns sales data into clear weekly forecasts, so retail teams order the right stock and spend less time in spreadsheets.`,
        },
      }).catch(() => {});
    }
    // The Scheduling page lists the scheduling fake's posts (their ids are what it schedules).
    const isSchedulingPage = new URL(page.url()).pathname.startsWith('/scheduling');
    if (
      !isSchedulingPage &&
      (path.startsWith('/api/customer/post') || path.startsWith('/api/search/'))
    ) {
      const answered = await fakePosts(route, path, body, { json, held, posts });
      if (answered !== null) return answered;
    }
    if (path.startsWith('/api/ai/') && path !== '/api/ai/company-description') {
      return json(200, { message: 'Done', data: fakeAi(path, body) });
    }
    if (path === '/api/shortener') {
      return json(200, {
        message: 'URL shortened',
        data: {
          url: body.url,
          shortened_url: 'http://localhost:3000/s/x7Kq2',
          provider: 'built-in',
        },
      });
    }
    if (path.startsWith('/api/social-accounts/')) {
      return fakeSocialAccounts(path.slice('/api/social-accounts/'.length), body, rows, {
        json,
        waitForGate,
      });
    }
    const scheduled = schedulingApi(request, path, new URL(request.url()).searchParams, {
      json,
      // Answered by release() at the end; anything but undefined tells the caller it is handled.
      hold: () => {
        held.push(route);
        return Promise.resolve(null);
      },
    });
    if (scheduled !== undefined) return scheduled;
    if (path === '/api/customer/auth/sign-in')
      return json(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Email or password is incorrect',
      });
    return json(404, { statusCode: 404, error: 'Not Found', message: 'No API route.' });
  });
  return {
    open,
    release: () => {
      Object.keys(gates).forEach(open);
      return Promise.all(
        held.splice(0).map((route) => route.fulfill({ status: 204 }).catch(() => {})),
      );
    },
  };
}

const POST_TEXTS = [
  'Retail teams: our new weekly forecast view shows which products will run out before the weekend, so you can reorder on Monday instead of apologising on Saturday. Try it free for 30 days.',
  'Spring is here and the bees are busy! Join our rooftop hive tour this Saturday at 10am. Bring the kids 🐝🍯',
  'Did you know that flossing once a day lowers the risk of gum disease by up to 40%? Book your check-up today.',
  'Short update: our office is closed on Monday.',
  '春の新メニューのお知らせ。蜂蜜たっぷりのパンケーキが登場しました！',
];
const POST_URLS = [
  'www.northwind-analytics.com/blog/forecast',
  null,
  'https://lakeside-dental.example/floss',
  null,
  null,
];
const ATTACHMENTS = [
  [
    {
      id: 'a1',
      media_url: '/uploads/logos/uploaded.svg',
      name: 'forecast.png',
      mime_type: 'image/png',
    },
  ],
  [
    {
      id: 'a2',
      media_url: '/uploads/logos/northwind.svg',
      name: 'hive.jpg',
      mime_type: 'image/jpeg',
    },
    { id: 'a3', media_url: '/uploads/media/tour.mp4', name: 'tour.mp4', mime_type: 'video/mp4' },
  ],
  [],
  [],
  [],
];
const POSTS_TOTAL = 130;

function makePost(index) {
  const company = COMPANIES[index % COMPANIES.length];
  const created = new Date(Date.UTC(2025, 5, 20, 15, 45) - index * 7_200_000).toISOString();
  return {
    id: `5f0c8a2e-0000-4000-8000-${String(index).padStart(12, '0')}`,
    company_id: index % 7 === 6 ? null : company.id,
    company:
      index % 7 === 6 ? null : { id: company.id, name: company.name, logo_url: company.logo_url },
    content: POST_TEXTS[index % POST_TEXTS.length],
    url: POST_URLS[index % POST_URLS.length],
    shortened_url: null,
    url_shortened: false,
    scheduled_for: index % 3 === 0 ? '2025-07-01T09:30:00.000Z' : null,
    tone: 'professional',
    platforms: [],
    status: index % 3 === 0 ? 'scheduled' : 'draft',
    attachments: ATTACHMENTS[index % ATTACHMENTS.length],
    has_schedules: index % 3 === 0,
    created_at: created,
    updated_at:
      index % 4 === 1 ? new Date(Date.parse(created) + 86_400_000).toISOString() : created,
  };
}

const NEWS = [
  {
    id: 'n1',
    title: 'Retailers turn to AI forecasting as supply chains tighten',
    description:
      'Mid-sized chains report fewer stock-outs after switching to weekly demand forecasts.',
    url: 'https://news.example/retail-ai-forecasting',
    source: 'Retail Weekly',
    published_at: '2025-06-18T08:00:00.000Z',
  },
  {
    id: 'n2',
    title: 'City rooftops become a haven for honeybees',
    description: 'Urban beekeeping has tripled in five years, with hives on offices and schools.',
    url: 'https://news.example/rooftop-bees',
    source: 'The City Post',
    published_at: '2025-06-17T12:30:00.000Z',
  },
  {
    id: 'n3',
    title: 'Dentists warn about sugary sports drinks',
    description: 'A new study links daily sports drinks to enamel erosion in teenagers.',
    url: 'https://news.example/sports-drinks-teeth',
    source: null,
    published_at: null,
  },
];

/** The posts list, its CRUD and the searches; null when `path` is not one of them. */
async function fakePosts(route, path, body, { json, held, posts }) {
  const request = route.request();
  const url = new URL(request.url());
  if (path === '/api/customer/post' && request.method() === 'GET') {
    if (posts === 'loading') {
      held.push(route);
      return undefined;
    }
    if (posts === 'error')
      return json(500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again.',
      });
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const pageNumber = Number(url.searchParams.get('page') ?? '1');
    const total = posts === 'empty' || q === 'zeppelin' ? 0 : POSTS_TOTAL;
    const start = (pageNumber - 1) * 25;
    const rows = Array.from({ length: Math.max(0, Math.min(25, total - start)) }, (_, i) =>
      makePost(start + i),
    );
    return json(200, {
      message: 'Posts fetched successfully',
      data: { rows, count: total, page: pageNumber, pageSize: 25 },
    });
  }
  if (path.startsWith('/api/customer/post')) {
    if (request.method() === 'DELETE')
      return json(200, { message: 'Post deleted successfully', data: null });
    return json(200, { message: 'Post saved', data: makePost(0) }).catch(() => {});
  }
  if (path === '/api/search/articles') {
    return json(200, { message: 'Search results', data: NEWS });
  }
  if (path === '/api/search/news') {
    // mediastack always names a source; the article search may not.
    const news = NEWS.map((item) => ({ ...item, source: item.source ?? 'Health Today' }));
    return json(200, { message: 'Search results', data: news });
  }
  if (path === '/api/search/web') {
    return json(503, {
      statusCode: 503,
      error: 'Service Unavailable',
      message:
        'Web search is not configured on this server. Set GOOGLE_CSE_KEY and GOOGLE_CSE_CX to enable it.',
    });
  }
  return null;
}

function fakeAi(path, body) {
  if (path === '/api/ai/hashtags') return { hashtags: ['#Retail', '#Forecasting', 'noise', '#AI'] };
  if (path === '/api/ai/enhance')
    return {
      content: `${body.content}\n\nNorthwind Analytics helps retailers forecast demand weekly.`,
    };
  return {
    content:
      'Stock-outs cost mid-sized retailers more than they think. This piece shows how weekly AI forecasts cut them by a third, and what it takes to start. Worth a read before your next planning meeting.',
  };
}

const FACEBOOK_PAGES = [
  { id: '104455667788', name: 'Lakeside Family Dental' },
  { id: '104455667799', name: 'Lakeside Kids Smiles' },
];

/** authenticate, save and disconnect of /api/social-accounts, like the server answers them. */
async function fakeSocialAccounts(action, body, rows, { json, waitForGate }) {
  const company = rows.find((row) => row.id === body.company_id);
  const network = body.social_account_type;
  const failure = (status, message) =>
    json(status, {
      statusCode: status,
      error: status === 400 ? 'Bad Request' : 'Bad Gateway',
      message,
    });
  if (company === undefined) return failure(400, 'Company not found');
  if (action === 'authenticate') {
    if (body.grant_type === 'client_credentials') {
      await waitForGate('pages');
      return json(200, {
        message: 'Pages fetched successfully',
        data: { account_id: null, account_name: null, credentials: { page_list: FACEBOOK_PAGES } },
      }).catch(() => {});
    }
    if (network === 'twitter')
      return failure(502, 'Twitter connection failed: Invalid or expired token');
    return json(200, {
      message: 'Connection verified',
      data: { account_id: 'acct_1', account_name: body.username ?? null },
    });
  }
  if (action === 'save') {
    const account = { key: network, name: network };
    const saved = {
      social_account: account,
      account_name: body.username ?? null,
      connected_at: new Date('2025-06-02T10:00:00.000Z').toISOString(),
    };
    company.social_credentials = [
      ...company.social_credentials.filter((item) => item.social_account.key !== network),
      saved,
    ];
    return json(200, {
      message: 'Connected successfully',
      data: { id: 'sc_1', success: true, ...saved },
    });
  }
  if (action === 'disconnect') {
    company.social_credentials = company.social_credentials.filter(
      (item) => item.social_account.key !== network,
    );
    return json(200, { message: 'Disconnected successfully', data: null });
  }
  return failure(400, `Unsupported network: ${network}`);
}

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
  // Between the card layout and the full table: the row actions show icons only.
  tablet: { width: 900, height: 700 },
};

const problems = [];

async function withPage(
  viewportName,
  { token = false, me, companies, scheduling, posts, timezoneId } = {},
  run,
) {
  const context = await browser.newContext({
    viewport: viewports[viewportName],
    ...(timezoneId === undefined ? {} : { timezoneId }),
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
  const api = await fakeApi(page, { me, companies, scheduling, posts });
  try {
    await run(page, api);
  } catch (error) {
    await page.screenshot({ path: join(outDir, `failed-${viewportName}.png`) }).catch(() => {});
    console.error(problems.join('\n'));
    throw error;
  } finally {
    await api.release();
    await context.close();
  }
}

const shot = (page, name) => page.screenshot({ path: join(outDir, `${name}.png`) });

/** Toasts fade in; a screenshot taken the moment one exists shows it half drawn. */
const settleToasts = (page) => page.waitForTimeout(400);

/** A company's table row on wide screens, its card on narrow ones. */
const companyItem = (page, vp, name) =>
  vp === 'desktop'
    ? page.getByRole('row', { name: new RegExp(name) })
    : page.getByRole('listitem', { name });

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A post's row on wide screens, its card on narrow ones (the first one shown). */
const firstPost = (page, vp) =>
  vp === 'desktop'
    ? page.getByRole('row').nth(1)
    : page.getByRole('list', { name: 'Posts' }).getByRole('listitem').first();

async function postsScreens(vp) {
  await withPage(vp, { token: true }, async (page) => {
    await page.goto(`${baseUrl}/posts`);
    await page.getByRole('heading', { name: 'Posts' }).waitFor();
    await firstPost(page, vp).waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, `${vp}-40-posts-list`);
    await page.screenshot({ path: join(outDir, `${vp}-40b-posts-list-full.png`), fullPage: true });
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByRole('button', { name: 'Page 3' }).click();
    await page.locator('[aria-current="page"]', { hasText: '3' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByRole('navigation', { name: 'Posts pages' }).scrollIntoViewIfNeeded();
    await shot(page, `${vp}-41-posts-page-3`);

    await page.getByPlaceholder('Search posts...').fill('zeppelin');
    await page.getByText('No posts match your search.').waitFor();
    await shot(page, `${vp}-42-posts-no-match`);
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await firstPost(page, vp).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Post' }).waitFor();
    await shot(page, `${vp}-43-delete-post`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await firstPost(page, vp).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Post' });
    await edit.waitFor();
    await shot(page, `${vp}-44-edit-post`);
    await page.keyboard.press('Escape');
  });

  await withPage(vp, { token: true }, async (page) => {
    await page.goto(`${baseUrl}/posts`);
    await firstPost(page, vp).waitFor();
    await page.getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.waitFor();
    await shot(page, `${vp}-45-create-post-empty`);
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await page.getByText('Please fill in all required fields: company, content').waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-46-create-post-required`);

    await dialog
      .getByLabel('Entity', { exact: true })
      .selectOption({ label: 'Northwind Analytics' });
    await dialog.getByLabel('URL', { exact: true }).fill('northwind-analytics.com/blog/forecast');
    await dialog.getByRole('button', { name: 'Scan URL' }).click();
    await page.getByText('URL scanned successfully').waitFor();
    await dialog.getByRole('button', { name: 'Generate Hashtags' }).click();
    await page.getByText('Hashtags generated successfully').waitFor();
    await dialog.getByLabel('Include emojis').check();
    await dialog.getByLabel('Enable keywords').check();
    await dialog.getByLabel('Keywords', { exact: true }).fill('forecasting, retail');
    await dialog.getByLabel('Schedule for (optional)').fill('2025-07-01T09:30');
    await dialog.getByLabel('Media', { exact: true }).setInputFiles({
      name: 'chart.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(LOGOS['uploaded.svg']),
    });
    await page.getByText('Invalid file type. Please upload an image or video').waitFor();
    await dialog.getByLabel('Media', { exact: true }).setInputFiles({
      name: 'chart.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await dialog.getByRole('button', { name: 'Change Media' }).waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-47-create-post-filled`);
    await dialog.getByRole('complementary', { name: 'Preview' }).scrollIntoViewIfNeeded();
    await shot(page, `${vp}-47b-create-post-preview`);

    await dialog.getByLabel('About size format').hover();
    await page.getByRole('tooltip').filter({ hasText: 'How long the AI writes' }).waitFor();
    await shot(page, `${vp}-48-help-tip`);

    await dialog.getByLabel('Content', { exact: true }).fill('x'.repeat(312));
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await dialog.getByText(/X\/Twitter would reject this post: \d+\/280 characters\./).waitFor();
    await dialog.getByRole('button', { name: 'Save Anyway' }).scrollIntoViewIfNeeded();
    await shot(page, `${vp}-49-create-post-confirm`);
    await dialog.getByRole('button', { name: 'Save Anyway' }).click();
    await page.getByText('Post created successfully').waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-50-post-created`);
  });

  await withPage(vp, { token: true }, async (page) => {
    await page.goto(`${baseUrl}/posts`);
    await firstPost(page, vp).waitFor();
    await page.getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByRole('button', { name: 'Search News' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Articles' });
    await picker.waitFor();
    await shot(page, `${vp}-51-article-picker-start`);
    await picker.getByLabel('Search articles').fill('retail');
    await picker.getByRole('listitem', { name: NEWS[0].title }).waitFor();
    await picker.getByLabel(`Select ${NEWS[0].title}`).check();
    await shot(page, `${vp}-52-article-picker-single`);
    await picker.getByRole('button', { name: 'Use Article' }).click();
    await dialog.getByLabel('Content', { exact: true }).waitFor();
    await shot(page, `${vp}-53-create-from-article`);

    await dialog.getByRole('button', { name: 'Find News' }).click();
    const news = page.getByRole('dialog', { name: 'Search News' });
    await shot(page, `${vp}-54-search-news-start`);
    await news.getByLabel('News keywords').fill('bees');
    await news.getByLabel('News keywords').press('Enter');
    await news.getByRole('listitem', { name: NEWS[1].title }).waitFor();
    await shot(page, `${vp}-55-search-news-results`);
    await page.keyboard.press('Escape');

    await dialog.getByRole('button', { name: 'Find on Web' }).click();
    const web = page.getByRole('dialog', { name: 'Search Web' });
    await web.getByLabel('Web search').fill('bees');
    await web.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByText('Web search is not configured on this server.', { exact: false })
      .waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-56-search-web-not-configured`);
  });

  await withPage(vp, { token: true }, async (page) => {
    await page.goto(`${baseUrl}/posts`);
    await firstPost(page, vp).waitFor();
    await page.getByRole('button', { name: 'From Articles' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Articles' });
    await picker.getByLabel('Search articles').fill('news');
    await picker.getByRole('listitem', { name: NEWS[0].title }).waitFor();
    await picker.getByLabel(`Select ${NEWS[0].title}`).check();
    await picker.getByLabel(`Select ${NEWS[2].title}`).check();
    await shot(page, `${vp}-57-articles-selected`);
    await picker.getByRole('button', { name: 'Next' }).click();
    const create = page.getByRole('dialog', { name: 'Create Posts' });
    await create.getByRole('button', { name: 'Generate Content' }).click();
    await page.getByText('URL scanned successfully').waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-58-create-posts-step`);
  });

  await withPage(vp, { token: true, posts: 'loading' }, async (page) => {
    await page.goto(`${baseUrl}/posts`);
    await page.getByText('Loading posts...').waitFor();
    await shot(page, `${vp}-59-posts-loading`);
  });

  await withPage(vp, { token: true, posts: 'empty' }, async (page) => {
    await page.goto(`${baseUrl}/posts`);
    await page.getByText('No posts yet. Create your first post!').waitFor();
    await shot(page, `${vp}-60-posts-empty`);
  });

  await withPage(vp, { token: true, posts: 'error' }, async (page) => {
    await page.goto(`${baseUrl}/posts`);
    await page.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 15_000 });
    await shot(page, `${vp}-61-posts-error`);
  });
}

/** SHOTS=entities, posts or scheduling takes only those screens; unset takes all. */
const only = process.env.SHOTS;
const takes = (group) => only === undefined || only === '' || only === group;

for (const vp of ['desktop', 'mobile']) {
  if (!takes('entities')) break;
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

  await withPage(vp, { token: true }, async (page, api) => {
    await page.goto(`${baseUrl}/companies`);
    await companyItem(page, vp, 'Northwind Analytics').waitFor();
    await page.getByRole('img', { name: 'X/Twitter' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, `${vp}-13-entities-list`);
    if (vp === 'mobile') {
      await page.screenshot({
        path: join(outDir, `${vp}-13b-entities-list-full.png`),
        fullPage: true,
      });
    }

    await page.getByPlaceholder('Search entities...').fill('zeppelin');
    await page.getByText('No entities match your search.').waitFor();
    await shot(page, `${vp}-14-entities-no-match`);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Filter by entity').selectOption({ label: 'Honeycomb & Hive' });
    await shot(page, `${vp}-14b-entities-filtered`);
    await page.getByLabel('Filter by entity').selectOption('');

    await page.getByRole('button', { name: 'Add Entity' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add New Entity' });
    await addDialog.waitFor();
    await addDialog.getByLabel('Industry', { exact: true }).selectOption('custom');
    await addDialog.getByRole('button', { name: 'Add Company' }).click();
    await addDialog.getByText('Please enter your industry').waitFor();
    await shot(page, `${vp}-15-add-entity-errors`);

    await addDialog.getByLabel('Logo').setInputFiles({
      name: 'tiny.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await page.getByText('Image must be at least 10x10 pixels').waitFor();
    await settleToasts(page);
    await addDialog.getByLabel('Logo').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(LOGOS['uploaded.svg']),
    });
    await addDialog.getByRole('button', { name: 'Uploading...' }).waitFor();
    await shot(page, `${vp}-16-add-entity-uploading`);
    api.open('logo');
    await addDialog.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.keyboard.press('Escape');

    await companyItem(page, vp, 'Northwind Analytics')
      .getByRole('button', { name: 'Edit' })
      .click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Entity' });
    await editDialog.getByRole('img', { name: 'Logo preview' }).waitFor();
    await editDialog.getByLabel('Tone').selectOption('friendly');
    await editDialog.getByRole('button', { name: 'AI Assist' }).click();
    await editDialog.getByRole('button', { name: 'Generating...' }).waitFor();
    await shot(page, `${vp}-17-edit-entity-generating`);
    api.open('ai');
    await page.getByText('Website scanned successfully').waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-18-edit-entity-generated`);
    await page.keyboard.press('Escape');

    await companyItem(page, vp, 'Lakeside Family Dental Clinic')
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog', { name: 'Delete Company' }).waitFor();
    await shot(page, `${vp}-19-delete-company`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await companyItem(page, vp, 'Northwind Analytics')
      .getByRole('button', { name: 'Socials' })
      .click();
    const socials = page.getByRole('dialog', { name: 'Connect Social Networks' });
    await socials.waitFor();
    await socials.getByRole('button', { name: /X\/Twitter/ }).click();
    await socials.getByRole('button', { name: /Facebook/ }).click();
    await socials.getByRole('button', { name: /Instagram/ }).click();
    await page.getByText('This network isn’t available on your current plan.').waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-20-connect-socials`);
  });

  await withPage(vp, { token: true }, async (page, api) => {
    await page.goto(`${baseUrl}/companies`);
    await companyItem(page, vp, 'Lakeside Family Dental Clinic')
      .getByRole('button', { name: 'Socials' })
      .click();
    const socials = page.getByRole('dialog', { name: 'Connect Social Networks' });
    await socials.getByRole('button', { name: 'Bluesky Not Connected' }).click();
    const bluesky = socials.getByRole('region', { name: 'Bluesky settings' });
    await bluesky.getByLabel('Handle').fill('lakeside.bsky.social');
    await bluesky.getByText('Test connection to verify credentials').scrollIntoViewIfNeeded();
    await shot(page, `${vp}-24-socials-bluesky-form`);
    await socials.getByRole('button', { name: 'Bluesky Not Connected' }).click();

    await socials.getByRole('button', { name: 'X/Twitter Not Connected' }).click();
    const twitter = socials.getByRole('region', { name: 'X/Twitter settings' });
    await twitter.getByRole('button', { name: 'Show Setup Instructions' }).click();
    await twitter.getByLabel('API Key').fill('xvz1evFS4wEEPTGEFPHBog');
    await twitter.getByLabel('API Secret').fill('L8qq9PZyRg6ieKGEKhZolGC0vJWLw8iEJ88DRdyOg');
    await twitter
      .getByLabel('Access Token', { exact: true })
      .fill('370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb');
    await twitter
      .getByLabel('Access Token Secret')
      .fill('LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE');
    await twitter.getByRole('button', { name: 'Test Connection' }).click();
    await twitter.getByText('Connection failed', { exact: true }).waitFor();
    await settleToasts(page);
    await twitter
      .getByRole('heading', { name: 'Create an X developer app' })
      .scrollIntoViewIfNeeded();
    await shot(page, `${vp}-25-socials-x-instructions`);
    await twitter.getByText('Connection failed', { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, `${vp}-25b-socials-x-test-failed`);
    await socials.getByRole('button', { name: 'X/Twitter Not Connected' }).click();

    await socials.getByRole('button', { name: 'Facebook Not Connected' }).click();
    const facebook = socials.getByRole('region', { name: 'Facebook settings' });
    await facebook.getByLabel('App ID').fill('1234567890123456');
    await facebook.getByLabel('App Secret').fill('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    await facebook.getByLabel('User Access Token').fill('EAAGm0PX4ZCpsBAKZCZCZB1x2y3z');
    await facebook.getByRole('button', { name: 'Get Page List' }).click();
    await facebook.getByRole('button', { name: 'Loading pages...' }).waitFor();
    await facebook.getByRole('button', { name: 'Loading pages...' }).scrollIntoViewIfNeeded();
    await shot(page, `${vp}-26-socials-facebook-loading-pages`);
    api.open('pages');
    await page.getByText('Pages fetched successfully').waitFor();
    await facebook
      .getByLabel('Page', { exact: true })
      .selectOption({ label: 'Lakeside Kids Smiles' });
    // No settleToasts: the 2-second success toast may be gone by the time a slow capture ends.
    await facebook.getByRole('button', { name: 'Connect', exact: true }).scrollIntoViewIfNeeded();
    await shot(page, `${vp}-26b-socials-facebook-pages`);
    await socials.getByRole('button', { name: 'Facebook Not Connected' }).click();

    await socials.getByRole('button', { name: 'Bluesky Not Connected' }).click();
    await bluesky.getByLabel('App Password').fill('abcd-efgh-ijkl-mnop');
    await bluesky.getByRole('button', { name: 'Connect', exact: true }).click();
    await socials.waitFor({ state: 'hidden' });
    await page.getByText('Bluesky connected successfully').waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-27-socials-connected-closed`);
  });

  await withPage(vp, { token: true }, async (page) => {
    await page.goto(`${baseUrl}/companies`);
    await companyItem(page, vp, 'Northwind Analytics')
      .getByRole('button', { name: 'Socials' })
      .click();
    const socials = page.getByRole('dialog', { name: 'Connect Social Networks' });
    await socials.getByRole('button', { name: 'Bluesky Connected' }).click();
    const bluesky = socials.getByRole('region', { name: 'Bluesky settings' });
    await bluesky.getByRole('button', { name: 'Disconnect' }).scrollIntoViewIfNeeded();
    await shot(page, `${vp}-28-socials-connected-row`);
    await bluesky.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Bluesky disconnected successfully').waitFor();
    await bluesky.getByLabel('Handle').waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-29-socials-disconnected`);
  });

  await withPage(vp, { token: true, companies: 'loading' }, async (page) => {
    await page.goto(`${baseUrl}/companies`);
    await page.getByText('Loading entities...').waitFor();
    await shot(page, `${vp}-21-entities-loading`);
  });

  await withPage(vp, { token: true, companies: 'empty' }, async (page) => {
    await page.goto(`${baseUrl}/companies`);
    await page.getByText('No entities yet').waitFor();
    await shot(page, `${vp}-22-entities-empty`);
  });

  await withPage(vp, { token: true, companies: 'error' }, async (page) => {
    await page.goto(`${baseUrl}/companies`);
    await page.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 15_000 });
    await shot(page, `${vp}-23-entities-error`);
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

for (const vp of ['desktop', 'mobile']) {
  if (!takes('posts')) break;
  await postsScreens(vp);
}

if (takes('entities')) {
  await withPage('tablet', { token: true }, async (page) => {
    await page.goto(`${baseUrl}/companies`);
    await page.getByRole('row', { name: /Northwind Analytics/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'tablet-13-entities-list');
  });
}

for (const vp of ['desktop', 'mobile']) {
  if (!takes('scheduling')) break;
  await shootScheduling(vp);
}

/** /scheduling in a browser whose own zone differs from the saved one (Berlin). */
async function shootScheduling(vp) {
  const options = { token: true, timezoneId: 'America/New_York' };
  const open = async (page) => {
    await page.clock.install({ time: SCHEDULING_NOW });
    await page.goto(`${baseUrl}/scheduling`);
    await page.getByRole('heading', { name: 'Post List' }).waitFor();
    await page.waitForLoadState('networkidle');
  };
  const dayTile = (page, label) => page.getByRole('button', { name: new RegExp(`^${label}`) });

  await withPage(vp, options, async (page) => {
    await open(page);
    await shot(page, `${vp}-40-scheduling`);
    await page.screenshot({ path: join(outDir, `${vp}-40b-scheduling-full.png`), fullPage: true });

    await dayTile(page, 'July 16, 2025').hover();
    await page.getByRole('tooltip').waitFor();
    await shot(page, `${vp}-41-scheduling-day-popup`);

    await dayTile(page, 'July 16, 2025').click();
    await page.getByRole('heading', { name: /Posts for Jul 16, 2025/ }).waitFor();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { name: /Posts for/ }).scrollIntoViewIfNeeded();
    await shot(page, `${vp}-42-scheduling-day-filter`);

    await page.getByRole('button', { name: 'Select Multiple' }).click();
    await page.getByRole('button', { name: 'Select All' }).click();
    await page.getByRole('button', { name: /Delete Selected/ }).scrollIntoViewIfNeeded();
    await shot(page, `${vp}-43-scheduling-select-multiple`);
    await page.getByRole('button', { name: /Delete Selected/ }).click();
    await page.getByRole('dialog', { name: 'Delete Scheduled Post' }).waitFor();
    await shot(page, `${vp}-44-scheduling-bulk-delete`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('4 post(s) deleted').waitFor();
    await page.getByText('No scheduled posts').waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-45-scheduling-deleted`);
  });

  await withPage(vp, options, async (page) => {
    await open(page);
    const posts = page.getByRole('list', { name: 'Posts' });
    await posts.getByRole('listitem').first().getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Post' });
    await dialog.waitFor();
    await dialog.getByLabel('Time').fill('09:00');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.getByText('Please select at least one platform').waitFor();
    await shot(page, `${vp}-46-schedule-dialog-errors`);

    await dialog.getByLabel('Bluesky').check();
    await dialog.getByLabel('Time').fill('16:30');
    await dialog.getByLabel('Repeat', { exact: true }).selectOption('weekly');
    await dialog.getByLabel('Repeat until').fill('2025-08-12');
    await shot(page, `${vp}-47-schedule-dialog-repeat`);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await page.getByText('Post scheduled successfully').waitFor();
    await settleToasts(page);
    await shot(page, `${vp}-48-scheduled`);

    await posts
      .getByRole('listitem')
      .filter({ hasText: 'Lakeside Family Dental Clinic' })
      .getByRole('button', { name: 'Schedule' })
      .click();
    await dialog
      .getByText('No social networks are connected for this entity.', { exact: false })
      .waitFor();
    await shot(page, `${vp}-49-schedule-dialog-no-networks`);
    await page.keyboard.press('Escape');

    const scheduled = page.getByRole('list', { name: 'Scheduled posts' });
    await scheduled.getByRole('button', { name: 'Delete Schedule' }).first().click();
    await page.getByRole('dialog', { name: 'Delete Scheduled Post' }).waitFor();
    await shot(page, `${vp}-50-delete-schedule`);
  });

  await withPage(vp, { ...options, scheduling: 'loading' }, async (page) => {
    await page.goto(`${baseUrl}/scheduling`);
    await page.getByText('Loading schedule...').waitFor();
    await shot(page, `${vp}-51-scheduling-loading`);
  });

  await withPage(vp, { ...options, scheduling: 'empty' }, async (page) => {
    await open(page);
    await page.getByText('No posts in queue').waitFor();
    await shot(page, `${vp}-52-scheduling-empty`);
  });
}

await browser.close();
await new Promise((resolve) => server.httpServer.close(resolve));

// The faked 500, 502, 503 and 401 answers are logged by the browser as failed loads; anything else is news.
const unexpected = problems.filter((line) => !/status of (401|500|502|503)/.test(line));
console.log(`Screenshots written to ${outDir}`);
if (unexpected.length > 0) {
  console.log('Console problems:\n' + unexpected.join('\n'));
  process.exitCode = 1;
}
