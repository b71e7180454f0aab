// `npm run bench:lighthouse`: Lighthouse 12 (its default mobile profile and simulated
// throttling) on every screen of the real built demo, signed in where the screen needs it,
// median of three runs per screen, each with an empty HTTP cache. Prints a Markdown table
// for docs/benchmarks.md.
//
//   npm run bench:lighthouse
//   npm run bench:lighthouse -- --runs 5 --port 4330 --screens /login,/posts
//   npm run bench:lighthouse -- --details   (each run's metrics, LCP element and its phases)
//   npm run bench:lighthouse -- --compare /path/to/other/checkout --labels react,preact
//     (a second built checkout's demo beside this one's, runs interleaved)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { API_PATHS, DEMO_SIGN_IN, ROUTES, TOKEN_STORAGE_KEY } from '@cadence/shared';
import { browserArgs, findChromium } from './support/browser.js';
import { apiPost, DEMO_ADMIN, freePort, startDemo, type RunningDemo } from './support/demo.js';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string' },
    /** Comma-separated routes to measure, e.g. /login,/posts; every screen when unset. */
    screens: { type: 'string' },
    /** Prints each run's metrics (FCP, Speed Index, CLS), the LCP element and its phases. */
    details: { type: 'boolean', default: false },
    /**
     * Another built checkout to measure side by side with this one: its own demo, run for
     * run in alternating order (this, other; then other, this), so both see the same load.
     */
    compare: { type: 'string' },
    /** Names of the two builds in the table: this one's, then the compared one's. */
    labels: { type: 'string', default: 'this,other' },
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
type Screen = (typeof SCREENS)[number];

interface Score {
  performance: number;
  bestPractices: number;
  lcp: number;
  tbt: number;
  cls: number;
}

interface Build {
  label: string;
  demo: RunningDemo;
  tokens: { customer: string; admin: string };
  scores: Map<string, Score[]>;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Signs the demo's customer and admin in and gives the customer 100 posts to list. */
async function prepare(demo: RunningDemo) {
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
  return { customer, admin };
}

async function main() {
  const labels = options.labels.split(',');
  const roots: Array<string | undefined> = options.compare
    ? [undefined, options.compare]
    : [undefined];
  const builds: Build[] = [];
  const profile = mkdtempSync(path.join(tmpdir(), 'cadence-lighthouse-profile-'));
  try {
    for (const [index, root] of roots.entries()) {
      const demo = await startDemo({
        port: index === 0 ? options.port : undefined,
        label: 'lighthouse',
        root,
      });
      builds.push({
        label: labels[index] ?? `build ${index + 1}`,
        demo,
        tokens: await prepare(demo),
        scores: new Map(),
      });
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
      const wanted = options.screens?.split(',');
      const screens = SCREENS.filter((s) => !wanted || wanted.includes(s.route));
      for (let run = 0; run < runs; run += 1) {
        for (const screen of screens) {
          // Alternating order, so that neither build always runs first after the other.
          const order = run % 2 === 0 ? builds : [...builds].reverse();
          for (const build of order) {
            const score = await measure(page, cdp, port, build, screen, run === 0);
            const scores = build.scores.get(screen.route) ?? [];
            scores.push(score);
            build.scores.set(screen.route, scores);
            console.log(
              `  round ${run + 1}, ${build.label} ${screen.route}: ${score.performance}, LCP ${(score.lcp / 1000).toFixed(2)} s, TBT ${score.tbt.toFixed(0)} ms, CLS ${score.cls.toFixed(3)}`,
            );
          }
        }
      }
      console.log(`\nLighthouse 12, mobile profile, median of ${runs} runs, empty cache each run`);
      if (builds.length === 1) {
        console.log(
          '| screen | Performance | Best Practices | LCP | TBT | CLS | Performance per run |',
        );
        console.log('| --- | --- | --- | --- | --- | --- | --- |');
      } else {
        console.log(
          `| screen | Performance ${builds[0]!.label} (runs) | ${builds[1]!.label} (runs) | LCP ${builds[0]!.label} -> ${builds[1]!.label} | TBT | CLS |`,
        );
        console.log('| --- | --- | --- | --- | --- | --- |');
      }
      for (const screen of screens) {
        const of = (build: Build) => build.scores.get(screen.route) ?? [];
        const summary = (build: Build) => ({
          performance: median(of(build).map((s) => s.performance)),
          bestPractices: median(of(build).map((s) => s.bestPractices)),
          lcp: `${(median(of(build).map((s) => s.lcp)) / 1000).toFixed(1)} s`,
          tbt: `${median(of(build).map((s) => s.tbt)).toFixed(0)} ms`,
          cls: median(of(build).map((s) => s.cls)).toFixed(3),
          runs: of(build)
            .map((s) => s.performance)
            .join(', '),
        });
        const [a, b] = builds.map(summary) as [
          ReturnType<typeof summary>,
          ReturnType<typeof summary> | undefined,
        ];
        console.log(
          b
            ? `| \`${screen.route}\` | ${a.performance} (${a.runs}) | ${b.performance} (${b.runs}) | ${a.lcp} -> ${b.lcp} | ${a.tbt} -> ${b.tbt} | ${a.cls} -> ${b.cls} |`
            : `| \`${screen.route}\` | ${a.performance} | ${a.bestPractices} | ${a.lcp} | ${a.tbt} | ${a.cls} | ${a.runs} |`,
        );
      }
    } finally {
      await context.close();
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
    for (const build of builds) await build.demo.stop();
  }
}

/** One Lighthouse run of a screen on a build, signed in as the screen needs, cache emptied. */
async function measure(
  page: Page,
  cdp: CDPSession,
  port: number,
  build: Build,
  screen: Screen,
  first: boolean,
): Promise<Score> {
  const { baseUrl } = build.demo;
  const token =
    screen.who === 'admin'
      ? build.tokens.admin
      : screen.who === 'customer'
        ? build.tokens.customer
        : '';
  await page.goto(`${baseUrl}${ROUTES.login}`);
  await page.evaluate(
    ([key, value]) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
    [TOKEN_STORAGE_KEY, token] as const,
  );
  await cdp.send('Network.clearBrowserCache');
  const result = await lighthouse(`${baseUrl}${screen.route}`, {
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
  if (first) {
    // What keeps a category below 100, so the table can be acted on.
    const failing = (lhr.categories['best-practices']?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    for (const id of failing) {
      const details = JSON.stringify(lhr.audits[id]?.details ?? {}).slice(0, 500);
      console.log(`  ${build.label} ${screen.route} best practices, ${id}: ${details}`);
    }
  }
  if (options.details) printDetails(`${build.label} ${screen.route}`, lhr);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
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
