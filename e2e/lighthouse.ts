// `npm run bench:lighthouse`: Lighthouse 12 (its default mobile profile and simulated
// throttling) on every screen of the real built demo, signed in where the screen needs it,
// median of three runs per screen, each with an empty HTTP cache. Prints a Markdown table
// for docs/benchmarks.md.
//
//   npm run bench:lighthouse
//   npm run bench:lighthouse -- --runs 5 --port 4330 --screens /login,/posts
//   npm run bench:lighthouse -- --details   (each run's metrics, LCP element and its phases)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { API_PATHS, DEMO_SIGN_IN, ROUTES, TOKEN_STORAGE_KEY } from '@cadence/shared';
import { browserArgs, findChromium } from './support/browser.js';
import { apiPost, DEMO_ADMIN, freePort, startDemo } from './support/demo.js';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string' },
    /** Comma-separated routes to measure, e.g. /login,/posts; every screen when unset. */
    screens: { type: 'string' },
    /** Prints each run's metrics (FCP, Speed Index, CLS), the LCP element and its phases. */
    details: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
const SCREENS = [
  { route: ROUTES.login, who: 'nobody' },
  { route: ROUTES.companies, who: 'customer' },
  { route: ROUTES.posts, who: 'customer' },
  { route: ROUTES.scheduling, who: 'customer' },
  { route: ROUTES.settings, who: 'customer' },
  { route: ROUTES.subscriptions, who: 'customer' },
  { route: ROUTES.admin, who: 'admin' },
] as const;

interface Score {
  performance: number;
  bestPractices: number;
  lcp: number;
  tbt: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const demo = await startDemo({ port: options.port, label: 'lighthouse' });
  const profile = mkdtempSync(path.join(tmpdir(), 'cadence-lighthouse-profile-'));
  try {
    const signIn = (account: { email: string; password: string }) =>
      apiPost<{ access_token: string }>(demo.baseUrl, API_PATHS.signIn, account).then(
        (data) => data.access_token,
      );
    const customer = await signIn(DEMO_SIGN_IN);
    // The instance's admin: the demo's admin account where the seed has one, else the demo
    // account (the first account of an instance is its admin).
    const admin = await signIn(DEMO_ADMIN).catch(() => customer);
    const companies = (await (
      await fetch(`${demo.baseUrl}/api${API_PATHS.companies}`, {
        headers: { authorization: `Bearer ${customer}` },
      })
    ).json()) as { data: { rows: Array<{ id: string }> } };
    const companyId = companies.data.rows[0]?.id;
    // A list with content: 100 posts through the product's own API.
    for (let index = 1; index <= 100; index += 1) {
      await apiPost(
        demo.baseUrl,
        API_PATHS.posts,
        {
          company_id: companyId,
          content: `Post ${index}: news from the roastery, fresh beans and a new blend to try.`,
          tone: 'friendly',
          platforms: [],
        },
        customer,
      );
    }

    const port = await freePort();
    const found = await findChromium();
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: found.path,
      args: [...browserArgs(found.kind), `--remote-debugging-port=${port}`],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      const rows: string[] = [];
      const wanted = options.screens?.split(',');
      for (const screen of SCREENS.filter((s) => !wanted || wanted.includes(s.route))) {
        const token = screen.who === 'admin' ? admin : screen.who === 'customer' ? customer : '';
        await page.goto(`${demo.baseUrl}${ROUTES.login}`);
        await page.evaluate(
          ([key, value]) =>
            value ? localStorage.setItem(key, value) : localStorage.removeItem(key),
          [TOKEN_STORAGE_KEY, token] as const,
        );
        const scores: Score[] = [];
        for (let run = 0; run < runs; run += 1) {
          await cdp.send('Network.clearBrowserCache');
          const result = await lighthouse(`${demo.baseUrl}${screen.route}`, {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'best-practices'],
            // Keeps the sign-in token; the cache is emptied above instead.
            disableStorageReset: true,
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse gave no result for ${screen.route}`);
          if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(screen.route)) {
            throw new Error(`${screen.route} ended on ${lhr.finalDisplayedUrl}`);
          }
          if (run === 0) {
            // What keeps a category below 100, so the table can be acted on.
            const failing = (lhr.categories['best-practices']?.auditRefs ?? [])
              .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
              .map((ref) => ref.id);
            for (const id of failing) {
              const details = JSON.stringify(lhr.audits[id]?.details ?? {}).slice(0, 500);
              console.log(`  ${screen.route} best practices, ${id}: ${details}`);
            }
          }
          if (options.details) printDetails(screen.route, lhr);
          scores.push({
            performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
            lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
            tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          });
        }
        const row = `| ${screen.route} | ${median(scores.map((s) => s.performance))} | ${median(scores.map((s) => s.bestPractices))} | ${(median(scores.map((s) => s.lcp)) / 1000).toFixed(1)} s | ${median(scores.map((s) => s.tbt)).toFixed(0)} ms | ${scores.map((s) => s.performance).join(', ')} |`;
        console.log(row);
        rows.push(row);
      }
      console.log(`\nLighthouse 12, mobile profile, median of ${runs} runs, empty cache each run`);
      console.log('| screen | Performance | Best Practices | LCP | TBT | Performance per run |');
      console.log('| --- | --- | --- | --- | --- | --- |');
      for (const row of rows) console.log(row);
    } finally {
      await context.close();
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
    await demo.stop();
  }
}

/** What a run's score is made of, and what the largest paint waited for. */
function printDetails(route: string, lhr: { audits: Record<string, LighthouseAudit | undefined> }) {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const ms = (id: string) => `${value(id).toFixed(0)} ms`;
  console.log(
    `  ${route}: FCP ${ms('first-contentful-paint')}, SI ${ms('speed-index')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, CLS ${value('cumulative-layout-shift').toFixed(3)}`,
  );
  const element = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {});
  const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(element)?.[1];
  const phases = [...element.matchAll(/"phase":"([^"]+)"[^}]*?"timing":([0-9.]+)/g)]
    .map((match) => `${match[1]} ${Number(match[2]).toFixed(0)} ms`)
    .join(', ');
  console.log(`    LCP element ${snippet ?? '?'}; ${phases}`);
  // The main thread's long tasks (what TBT counts), attributed to a script where known.
  const longTasks = ((lhr.audits['long-tasks']?.details as { items?: LongTask[] })?.items ?? [])
    .slice(0, 5)
    .map((task) => `${task.url.replace(/^.*\//, '')} ${task.duration.toFixed(0)} ms`)
    .join(', ');
  console.log(`    long tasks: ${longTasks || 'none'}`);
  const shifts = (lhr.audits['layout-shifts']?.details as { items?: LayoutShift[] })?.items ?? [];
  const shifted = shifts
    .slice(0, 4)
    .map((shift) => `${(shift.node?.snippet ?? '?').slice(0, 100)} (${shift.score.toFixed(3)})`)
    .join('; ');
  if (shifted) console.log(`    layout shifts: ${shifted}`);
}

interface LayoutShift {
  node?: { snippet?: string };
  score: number;
}

interface LongTask {
  url: string;
  duration: number;
}

interface LighthouseAudit {
  numericValue?: number;
  details?: unknown;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
