// `npm run bench:web` (after the bundle sizes) or `npm run bench:web:timing`: how long
// `/posts` with 1,000 posts and the calendar (`/scheduling`) with 5,000 scheduled posts take
// to become usable in headless Chromium, on a local and a slow 4G profile, cold (a new
// browser context: empty HTTP cache) and warm (the same context's second visit).
//
// Uses the build as it is (`npm run build` first): starts the built demo server
// (`apps/server/dist/demo.js`: the real server on the embedded database, with the local
// network stand-ins) on a fresh data folder, seeds the demo customer through the product's
// own API, then measures. Rounds alternate which profile goes first.
//
//   npm run bench:web:timing -- --runs 7 --port 44200 --waterfall
//
// "Usable" is read in the page, not by this process's clock: a MutationObserver installed
// before the app's code records `performance.now()` (milliseconds since navigation start)
// at the first DOM change after which the screen's condition holds (see USABLE below).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { API_PATHS, DEMO_SIGN_IN, ROUTES, TOKEN_STORAGE_KEY } from '@cadence/shared';
import { browserArgs, findChromium } from './support/browser.js';
import { freePort } from './support/demo.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string' },
    posts: { type: 'string', default: '1000' },
    scheduled: { type: 'string', default: '5000' },
    /** Comma-separated, e.g. /posts; both screens when unset. */
    screens: { type: 'string' },
    /** Comma-separated profile names (local, slow 4G); both when unset. */
    profiles: { type: 'string' },
    /** Prints the requests of the last cold run of each screen and profile. */
    waterfall: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const POST_COUNT = Number(values.posts);
const SCHEDULED_COUNT = Number(values.scheduled);
const root = path.resolve(import.meta.dirname, '..');
const demoEntry = path.join(root, 'apps/server/dist/demo.js');
if (!existsSync(demoEntry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build first: npm run build');
  process.exit(2);
}

/** Chrome's network emulation: latency is added to each request, bandwidth is shared. */
const PROFILES = {
  local: null,
  'slow 4G': {
    offline: false,
    latency: 150,
    downloadThroughput: 200_000, // 1.6 Mbps
    uploadThroughput: 93_750, // 750 kbps
  },
} as const;
type ProfileName = keyof typeof PROFILES;

/**
 * When each screen counts as usable. `/posts`: the first page's 25 rows are in the table,
 * the search box, the entity filter (with the entities listed), the status filter, the
 * Create Post button and the pagination's Next button are there and enabled. `/scheduling`:
 * the month grid is drawn and its days carry their post counts (the calendar's answer
 * arrives in one piece, so the first count means all of them).
 */
const USABLE: Record<string, string> = {
  [ROUTES.posts]: `(() => {
    const main = document.querySelector('main');
    if (!main) return false;
    if (main.querySelectorAll('table tbody tr').length < 25) return false;
    const search = main.querySelector('input[aria-label="Search posts"]');
    const selects = [...main.querySelectorAll('select')];
    const create = [...main.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Create Post');
    const next = main.querySelector('nav[aria-label="Posts pages"] button[aria-label="Next page"]');
    return !!search && !search.disabled && selects.length >= 2 &&
      selects.every((s) => !s.disabled) && selects.some((s) => s.options.length > 1) &&
      !!create && !create.disabled && !!next && !next.disabled;
  })()`,
  [ROUTES.scheduling]: `(() => {
    const grid = document.querySelector('.post-calendar .react-calendar__month-view__days');
    if (!grid || grid.querySelectorAll('[data-day]').length < 28) return false;
    return [...grid.querySelectorAll('[data-day]')].some((day) =>
      /^[0-9]/.test(day.firstElementChild?.textContent ?? ''));
  })()`,
};

interface Sample {
  usable: number;
  domContentLoaded: number;
  requests: number;
  transferred: number;
  resources: Array<{
    name: string;
    start: number;
    end: number;
    transfer: number;
    encoded: number;
    decoded: number;
  }>;
  /** /scheduling: days with a count and the counts' sum, to see the data was all there. */
  check: string;
}

async function main() {
  const port = values.port ?? String(await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-web-timing-'));
  const server = spawn(process.execPath, [demoEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let browser: Browser | undefined;
  try {
    await waitForHealth(baseUrl, () => server.exitCode !== null);
    const token = await seed(baseUrl);
    const found = await findChromium();
    browser = await chromium.launch({ executablePath: found.path, args: browserArgs(found.kind) });
    const samples = new Map<string, Sample[]>();
    const keep = (key: string, sample: Sample) =>
      samples.set(key, [...(samples.get(key) ?? []), sample]);
    const routes = values.screens?.split(',') ?? [ROUTES.posts, ROUTES.scheduling];
    const profiles = (values.profiles?.split(',') ?? Object.keys(PROFILES)) as ProfileName[];
    // One unmeasured visit each: the server's first queries (plans, caches) are not the page's.
    for (const route of routes) await visit(browser, baseUrl, token, route, 'local');
    for (let run = 1; run <= RUNS; run += 1) {
      const order = run % 2 ? profiles : [...profiles].reverse();
      for (const profile of order) {
        for (const route of routes) {
          const { cold, warm } = await visit(browser, baseUrl, token, route, profile);
          keep(`${route}|${profile}|cold`, cold);
          keep(`${route}|${profile}|warm`, warm);
        }
      }
      console.error(`run ${run} of ${RUNS} done`);
    }
    report(samples);
  } finally {
    await browser?.close();
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForHealth(baseUrl: string, hasExited: () => boolean) {
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('The server exited before it was ready.');
    const ok = await fetch(`${baseUrl}/api${API_PATHS.health}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not answer within 5 minutes.');
}

async function api<T>(baseUrl: string, apiPath: string, token: string | null, body?: object) {
  const response = await fetch(`${baseUrl}/api${apiPath}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${apiPath}: ${json.message ?? response.status}`);
  return json.data;
}

/**
 * The demo customer gets `POST_COUNT` posts (created through the posts API, spread over
 * its two entities) and `SCHEDULED_COUNT` scheduled posts: the oldest posts of the first
 * entity scheduled daily on X through the schedules API, from tomorrow to the end of next
 * month, so the calendar's month shows its days full.
 */
async function seed(baseUrl: string): Promise<string> {
  const began = Date.now();
  const { access_token: token } = await api<{ access_token: string }>(
    baseUrl,
    API_PATHS.signIn,
    null,
    DEMO_SIGN_IN,
  );
  const companies = await api<{ rows: Array<{ id: string; social_credentials: unknown[] }> }>(
    baseUrl,
    API_PATHS.companies,
    token,
  );
  // The entity with the most connected networks first (the demo's has X).
  const companyIds = [...companies.rows]
    .sort((a, b) => b.social_credentials.length - a.social_credentials.length)
    .map((row) => row.id);
  const existing = await api<{ count: number }>(baseUrl, `${API_PATHS.posts}?page=1`, token);
  const toCreate = Math.max(0, POST_COUNT - existing.count);
  const created: string[] = [];
  const topics = ['fresh beans', 'the new blend', 'weekend rides', 'opening hours', 'our team'];
  for (let index = 0; index < toCreate; index += 1) {
    const post = await api<{ id: string }>(baseUrl, API_PATHS.posts, token, {
      // The schedules below need the first entity (its networks are connected).
      company_id: index < 200 ? companyIds[0] : companyIds[index % companyIds.length],
      content: `Post ${index + 1}: news about ${topics[index % topics.length]}, with a few words more so the row reads like a real one. #cadence`,
      ...(index % 3 === 0 ? { url: `https://harbor-coffee.example/news/${index + 1}` } : {}),
      tone: 'friendly',
      platforms: ['twitter'],
    });
    created.push(post.id);
  }

  const now = new Date();
  const first = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 8, 0, 0),
  );
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1) - 1);
  const days = Math.floor((until.getTime() - first.getTime()) / 86_400_000) + 1;
  const schedules = Math.ceil(SCHEDULED_COUNT / days);
  let instances = 0;
  for (let index = 0; index < schedules && index < created.length; index += 1) {
    const at = new Date(first.getTime() + index * 5 * 60_000);
    const schedule = await api<{ instances: unknown[] }>(baseUrl, API_PATHS.schedules, token, {
      social_account_type: ['twitter'],
      post_id: created[index],
      schedule_date: at.toISOString(),
      repeat_type: 'daily',
      repeat_until: until.toISOString(),
      timezone: 'UTC',
    });
    instances += schedule.instances.length;
  }
  // The list's count is capped past the first pages, so the total is counted here.
  console.error(
    `Seeded in ${((Date.now() - began) / 1000).toFixed(0)} s: ${existing.count + created.length} posts, ` +
      `${instances} scheduled posts (${schedules} daily schedules, ${days} days).`,
  );
  return token;
}

async function visit(
  browser: Browser,
  baseUrl: string,
  token: string,
  route: string,
  profile: ProfileName,
): Promise<{ cold: Sample; warm: Sample }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: {
      cookies: [],
      origins: [{ origin: baseUrl, localStorage: [{ name: TOKEN_STORAGE_KEY, value: token }] }],
    },
  });
  try {
    const condition = USABLE[route];
    if (condition === undefined) throw new Error(`No usable condition for ${route}`);
    await context.addInitScript({ content: probeScript(condition) });
    const page = await context.newPage();
    const conditions = PROFILES[profile];
    if (conditions !== null) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', conditions);
    }
    const cold = await measure(page, `${baseUrl}${route}`, route);
    const warm = await measure(page, `${baseUrl}${route}`, route);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/**
 * The script that runs in the page before its own: watches the DOM until `condition` holds.
 * Sent as text, not as a function: tsx compiles a function with helpers (`__name`) the page
 * does not have.
 */
function probeScript(condition: string) {
  return `(() => {
    const holds = () => ${condition};
    const observer = new MutationObserver(() => {
      if (window.__usableAt === undefined && holds()) {
        window.__usableAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
  })();`;
}

async function measure(page: Page, url: string, route: string): Promise<Sample> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => (window as unknown as { __usableAt?: number }).__usableAt !== undefined,
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  if (new URL(page.url()).pathname !== route) throw new Error(`${route} ended on ${page.url()}`);
  return page.evaluate(() => {
    const usable = (window as unknown as { __usableAt: number }).__usableAt;
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const before = entries.filter((entry) => entry.startTime <= usable);
    const resources = [
      ...(navigation
        ? [
            {
              name: navigation.name,
              start: 0,
              end: navigation.responseEnd,
              transfer: navigation.transferSize,
              encoded: navigation.encodedBodySize,
              decoded: navigation.decodedBodySize,
            },
          ]
        : []),
      ...before.map((entry) => ({
        name: entry.name,
        start: entry.startTime,
        end: entry.responseEnd,
        transfer: entry.transferSize,
        encoded: entry.encodedBodySize,
        decoded: entry.decodedBodySize,
      })),
    ];
    // A day's count badge is its first child, starting with the number (today has a
    // screen-reader-only child too, without a number).
    const counts = [...document.querySelectorAll('.post-calendar [data-day]')]
      .map((day) => Number.parseInt(day.firstElementChild?.textContent ?? ''))
      .filter((count) => Number.isInteger(count));
    const days = counts;
    const sum = counts.reduce((total, count) => total + count, 0);
    return {
      usable,
      domContentLoaded: navigation?.domContentLoadedEventEnd ?? 0,
      requests: resources.length,
      transferred: resources.reduce((total, resource) => total + resource.transfer, 0),
      resources,
      check: days.length ? `${days.length} days, ${sum} posts` : '',
    };
  });
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const sec = (ms: number) => (ms / 1000).toFixed(2);

function report(samples: Map<string, Sample[]>) {
  console.log(
    `\n${RUNS} runs each, profiles alternating; medians (min-max). Load average: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '| screen | profile | visit | usable, s | DOMContentLoaded, s | requests before usable | KB transferred |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [key, runs] of samples) {
    const [route, profile, visit] = key.split('|');
    const usable = runs.map((run) => run.usable);
    console.log(
      `| \`${route}\` | ${profile} | ${visit} | **${sec(median(usable))}** (${sec(Math.min(...usable))}-${sec(Math.max(...usable))}) | ${sec(median(runs.map((run) => run.domContentLoaded)))} | ${median(runs.map((run) => run.requests))} | ${(median(runs.map((run) => run.transferred)) / 1024).toFixed(1)} |`,
    );
  }
  const checks = [...samples.entries()]
    .filter(([, runs]) => runs.at(-1)?.check)
    .map(([key, runs]) => `${key.split('|').join(' ')}: ${runs.at(-1)!.check}`);
  if (checks.length) console.log(`\nCalendar shown: ${checks.join('; ')}`);
  if (!values.waterfall) return;
  for (const [key, runs] of samples) {
    if (!key.endsWith('cold')) continue;
    const last = runs.at(-1)!;
    console.log(`\n${key.split('|').join(' ')}: usable at ${last.usable.toFixed(0)} ms`);
    for (const resource of last.resources) {
      const { pathname, search } = new URL(resource.name);
      console.log(
        `  ${resource.start.toFixed(0).padStart(5)}-${resource.end.toFixed(0).padEnd(5)} ms  ` +
          `${(resource.transfer / 1024).toFixed(1).padStart(6)} KB on the wire ` +
          `(${(resource.decoded / 1024).toFixed(1)} KB)  ${pathname}${search.slice(0, 60)}`,
      );
    }
  }
}

await main();
