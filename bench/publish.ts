/**
 * Publishing benchmark (not a test). The built server publishes to the six network fakes
 * (apps/server/test/fakes/), each behind a chaos proxy that adds the round trip and, in the
 * chaos profile, failures. The fakes stamp what they receive: lateness is the time the fake
 * received the publishing call minus the post's due time, and a text received twice is a
 * duplicate.
 *
 *   npm run bench:publish                                   # classic: 100 ms, burst + steady
 *   npm run bench:publish -- --mode burst --posts 2000
 *   npm run bench:publish -- --profile realistic [--workers 1|3] [--posts 10000] [--accounts 1000]
 *   npm run bench:publish -- --profile newcomer              # what `npm start` runs
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:chaos
 *   npm run bench:publish -- ... --harness-priority 0        # stand-ins level (decision 141)
 *
 * With DATABASE_URL, a fresh database is created next to the one named (and dropped after),
 * and `--workers` real worker processes (`ROLE=worker node apps/server/dist/main.js`) publish.
 * Without it (and always for `newcomer`), one server process (`ROLE=all`) on a fresh PGlite
 * data folder does: the benchmark seeds that folder first, closes it, and reads the results
 * after the server stopped (PGlite opens in one process only).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PATHS, NETWORK_IDS, type NetworkId } from '@cadence/shared';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { createCapturingMailer, createSeededAccount } from '../apps/server/demo/seed.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContainer } from '../apps/server/src/container.js';
import type { Db } from '../apps/server/src/db/client.js';
import { postAttachments, posts } from '../apps/server/src/db/schema.js';
import { createLogger } from '../apps/server/src/logger.js';
import { setTier } from '../apps/server/src/modules/plans/plans.service.js';
import { openInfra } from '../apps/server/src/infra.js';
import {
  CHAOS_FAILURES,
  seededRandom,
  startChaosProxy,
  startFakeBluesky,
  startFakeFacebook,
  startFakeInstagram,
  startFakeLinkedIn,
  startFakeThreads,
  startFakeX,
  type ChaosProxy,
} from '@cadence/fakes';
import { makePng } from '../apps/server/test/helpers/images.js';
import { seconds, summarise } from './stats.js';
import { createCpuMeter, HARNESS_APPLICATION_NAME } from './cpu-meter.js';
import { readTcpCounters } from './tcp-counters.js';
import { raiseHarnessPriority } from './harness-priority.js';

// The harness's own database connections carry this name; the servers' carry theirs.
process.env.PGAPPNAME = HARNESS_APPLICATION_NAME;

const { values: args } = parseArgs({
  options: {
    profile: { type: 'string', default: 'classic' },
    mode: { type: 'string', default: 'both' },
    posts: { type: 'string' },
    count: { type: 'string' },
    accounts: { type: 'string' },
    workers: { type: 'string' },
    latency: { type: 'string', default: '100' },
    'steady-minutes': { type: 'string', default: '2' },
    'steady-rate': { type: 'string', default: '1000' },
    'failure-rate': { type: 'string' },
    // Which failures the chaos proxies draw from, comma-separated (all five by default).
    failures: { type: 'string' },
    'kill-every': { type: 'string' },
    seed: { type: 'string', default: '17' },
    'idle-seconds': { type: 'string', default: '90' },
    // Ends the run (and reports it) once this many publications were received.
    'stop-at': { type: 'string' },
    // Adds the calls each network received by route, per publication received.
    routes: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    // Writes a CPU profile of the first server process into this folder (node --cpu-prof).
    'cpu-prof': { type: 'string' },
    // Nice steps the harness (stand-ins, proxies) runs above the server processes; 0: level.
    'harness-priority': { type: 'string', default: '10' },
  },
});

type Range = readonly [min: number, max: number];

/** What one run sets up: the networks' behaviour, the accounts, the posts and their times. */
interface Scenario {
  title: string;
  /** Round trip per network (ms). */
  latency: Record<NetworkId, Range>;
  /** Instagram and Threads media containers stay IN_PROGRESS this long (ms). */
  processingMs?: Range;
  /** Which posts carry an image (Instagram needs one, so its posts always do). */
  images: 'all' | 'instagram';
  /** Networks the accounts are spread over, and how many accounts. */
  networks: readonly NetworkId[];
  accounts: number;
  /** Networks per entity (its accounts): consecutive ones from a rotating start. */
  networksPerEntity: number;
  posts: number;
  /** How many of the entity's networks each post goes to: [min, max], drawn. */
  networksPerPost: Range;
  /** Milliseconds between consecutive posts' due times (0: all due at once). */
  stepMs: number;
  failureRate: number;
  /** A worker is SIGKILLed and restarted this often (ms); 0 never. */
  killEveryMs: number;
  workers: number;
  /** PGlite in one ROLE=all process even when DATABASE_URL is set. */
  forceEmbedded: boolean;
  /** Environment for the server processes beyond the base URLs. */
  env: Record<string, string>;
}

const SEED = Number(args.seed);
/** `--failures`: a subset of the chaos proxies' failures (to see what each one costs). */
const chosenFailures = args.failures?.split(',').map((kind) => {
  const known = CHAOS_FAILURES.find((each) => each === kind.trim());
  if (!known) throw new Error(`--failures takes ${CHAOS_FAILURES.join(', ')}; not ${kind}`);
  return known;
});
const num = (value: string | undefined, fallback: number) =>
  value === undefined ? fallback : Number(value);
const everyNetwork = (range: Range) =>
  Object.fromEntries(NETWORK_IDS.map((network) => [network, range])) as Record<NetworkId, Range>;

/** The realistic profile's round trips, per network. */
const REALISTIC_LATENCY: Record<NetworkId, Range> = {
  twitter: [300, 800],
  facebook: [400, 1200],
  instagram: [400, 1200],
  threads: [400, 1200],
  linkedIn: [300, 900],
  bluesky: [200, 600],
};

function scenarios(): Scenario[] {
  const profile = args.profile;
  const isPostgres = !!process.env.DATABASE_URL;
  const workers = num(args.workers, profile === 'chaos' ? 3 : 1);
  if (profile === 'realistic' || profile === 'chaos') {
    const isChaos = profile === 'chaos';
    return [
      {
        title: isChaos
          ? `Chaos: 20% of calls fail, a worker SIGKILLed every ${num(args['kill-every'], 5)} s`
          : 'Realistic: due in the same minute',
        latency: REALISTIC_LATENCY,
        processingMs: [2000, 10_000],
        // Most real posts carry a picture; it makes Threads' containers wait for processing
        // too, and the adapters that upload bytes (X, Facebook, LinkedIn, Bluesky) do so.
        images: 'all',
        networks: NETWORK_IDS,
        accounts: num(args.accounts, 1000),
        networksPerEntity: 4,
        posts: num(args.posts ?? args.count, isChaos ? 5000 : 10_000),
        networksPerPost: [1, 3],
        stepMs: 0,
        failureRate: num(args['failure-rate'], isChaos ? 0.2 : 0),
        killEveryMs: isChaos ? num(args['kill-every'], 5) * 1000 : 0,
        workers,
        forceEmbedded: false,
        // A killed worker's jobs come back after the job expiry: far above the adapters'
        // timeouts (15 s), below the default 300 s so a run ends in minutes. Unconfirmed posts
        // are looked for after 30 s rather than 120 s, for the same reason (and under the
        // 90 s without progress after which a run stops). Passing faults are retried for 20
        // minutes after a post's time rather than an hour, from a first wait of 5 s rather
        // than 30 s (doubled per retry, up to 15 minutes), so the retries fit in the run.
        env: isChaos
          ? {
              PUBLISH_JOB_EXPIRE_SECONDS: '90',
              READBACK_AFTER_SECONDS: '30',
              PUBLISH_RETRY_WINDOW_MINUTES: '20',
              PUBLISH_RETRY_BASE_MS: '5000',
            }
          : {},
      },
    ];
  }
  if (profile === 'newcomer') {
    return [
      {
        title: 'Newcomer: `npm start` (PGlite, one process, default settings), all due at once',
        latency: { ...REALISTIC_LATENCY },
        images: 'instagram',
        networks: ['twitter', 'bluesky'],
        accounts: num(args.accounts, 200),
        networksPerEntity: 2,
        posts: num(args.posts ?? args.count, 2000),
        networksPerPost: [2, 2],
        stepMs: 0,
        failureRate: 0,
        killEveryMs: 0,
        workers: 1,
        forceEmbedded: true,
        env: {},
      },
    ];
  }
  if (profile !== 'classic') throw new Error(`Unknown profile ${profile}`);
  // The classic runs: one account per network (or `--accounts`, spread over the networks),
  // each post to one network in turn, 100 ms.
  const latency = Number(args.latency);
  const classic = {
    latency: everyNetwork([latency, latency]),
    images: 'instagram' as const,
    networks: NETWORK_IDS,
    accounts: num(args.accounts, NETWORK_IDS.length),
    networksPerEntity: NETWORK_IDS.length,
    networksPerPost: [1, 1] as const,
    failureRate: 0,
    killEveryMs: 0,
    workers: isPostgres ? workers : 1,
    forceEmbedded: false,
    env: {},
  };
  const runs: Scenario[] = [];
  if (args.mode === 'burst' || args.mode === 'both') {
    const count = num(args.posts ?? args.count, 10_000);
    runs.push({ ...classic, title: `Burst: ${count} due at once`, posts: count, stepMs: 0 });
  }
  if (args.mode === 'steady' || args.mode === 'both') {
    const rate = Number(args['steady-rate']);
    runs.push({
      ...classic,
      title: `Steady: ${rate} per minute for ${args['steady-minutes']} min`,
      posts: Math.round(rate * Number(args['steady-minutes'])),
      stepMs: 60_000 / rate,
    });
  }
  return runs;
}

/** Rows of a raw query (the two drivers type `execute` differently). */
async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** Runs `task` over `items`, `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** One received publishing call: which post, when, to which account. */
interface Receipt {
  text: string;
  account: string;
  receivedAt: number;
}

async function startNetworks(scenario: Scenario) {
  const [x, facebook, instagram, linkedIn, bluesky, threads] = await Promise.all([
    startFakeX(),
    startFakeFacebook(),
    startFakeInstagram({ pollsInProgress: 0, processingMs: scenario.processingMs ?? [0, 0] }),
    startFakeLinkedIn(),
    startFakeBluesky(),
    startFakeThreads(scenario.processingMs ? { processingMs: scenario.processingMs } : {}),
  ]);
  const fakes = { twitter: x, facebook, instagram, linkedIn, bluesky, threads };
  const proxies = {} as Record<NetworkId, ChaosProxy>;
  for (const [index, network] of NETWORK_IDS.entries()) {
    // No failures during the setup: `release` below turns them on.
    proxies[network] = await startChaosProxy(fakes[network].baseUrl, {
      latencyMs: scenario.latency[network],
      seed: SEED * 10 + index,
      ...(chosenFailures ? { failures: chosenFailures } : {}),
    });
  }
  // Bluesky posts to the PDS its session names, LinkedIn uploads to the address it names:
  // make those the proxies too.
  bluesky.namePds(proxies.bluesky.baseUrl);
  linkedIn.nameUploadOrigin(proxies.linkedIn.origin);
  const received = (): Record<NetworkId, Receipt[]> => ({
    twitter: x.posts.map((post) => ({ ...post, text: post.text ?? '' })),
    facebook: facebook.posts.map((post) => ({
      text: post.message ?? post.caption ?? '',
      account: post.pageId,
      receivedAt: post.receivedAt,
    })),
    instagram: instagram.posts.map((post) => ({ ...post, text: post.caption })),
    linkedIn: linkedIn.posts,
    bluesky: bluesky.posts,
    threads: threads.posts.map((post) => ({ ...post, text: post.text ?? '' })),
  });
  /** Second attempts the fakes refused as duplicates (they count as duplicates too). */
  const refused = () =>
    [...x.refusedDuplicates, ...facebook.refusedDuplicates, ...linkedIn.refusedDuplicates].length;
  /** Account n's credentials on a network (n >= 1; see fakes/accounts.ts). */
  const credentialsOf = (network: NetworkId, n: number): Record<string, string> => {
    switch (network) {
      case 'twitter': {
        const c = x.account(n).credentials;
        return {
          api_key: c.apiKey,
          api_secret: c.apiSecret,
          client_id: c.accessToken,
          client_secret: c.accessTokenSecret,
        };
      }
      case 'facebook': {
        const c = facebook.account(n).credentials;
        return {
          client_id: c.appId,
          client_secret: c.appSecret,
          access_token: c.accessToken,
          page_id: c.pageId,
        };
      }
      case 'linkedIn': {
        const c = linkedIn.account(n).credentials;
        return {
          client_id: c.clientId,
          client_secret: c.clientSecret,
          access_token: c.accessToken,
        };
      }
      case 'instagram':
        return { access_token: instagram.account(n).credentials.accessToken };
      case 'bluesky': {
        const c = bluesky.benchAccount(n).credentials;
        return { username: c.username, client_secret: c.appPassword };
      }
      case 'threads': {
        const c = threads.account(n).credentials;
        return { access_token: c.accessToken, client_secret: c.clientSecret };
      }
    }
  };
  const baseUrls = (of: Record<NetworkId, { baseUrl: string }>) => ({
    X_API_BASE_URL: of.twitter.baseUrl,
    FACEBOOK_GRAPH_BASE_URL: of.facebook.baseUrl,
    INSTAGRAM_GRAPH_BASE_URL: of.instagram.baseUrl,
    LINKEDIN_API_BASE_URL: of.linkedIn.baseUrl,
    BLUESKY_SERVICE_URL: of.bluesky.baseUrl,
    THREADS_API_BASE_URL: of.threads.baseUrl,
  });
  return {
    /** Straight to the fakes: connecting during the setup is not measured. */
    directEnv: baseUrls(fakes),
    /** Through the proxies: what the publishing processes use. */
    proxiedEnv: baseUrls(proxies),
    proxies,
    received,
    refused,
    credentialsOf,
    async close() {
      await Promise.all([
        ...Object.values(proxies).map((proxy) => proxy.close()),
        ...Object.values(fakes).map((fake) => fake.close()),
      ]);
    },
  };
}

/** A fresh PostgreSQL database beside DATABASE_URL's. */
async function freshPostgres(base: string) {
  const name = `cadence_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Every server process started, so an interrupted run does not leave them behind. */
const spawned = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of spawned) child.kill('SIGKILL');
    process.exit(130);
  });
}

const root = process.cwd();
const serverDir = path.join(root, 'apps', 'server');

/** A server process on the built bundle; resolves once it says it is ready. */
let profiled = false;
/** The process `--cpu-prof` profiles: the chaos killer spares it, so its profile is written. */
let profiledChild: ChildProcess | undefined;
function startServer(env: Record<string, string>, label: string) {
  const profile =
    args['cpu-prof'] && !profiled
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`]
      : [];
  profiled = true;
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, PGAPPNAME: 'cadence-server', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (profile.length > 0) profiledChild = child;
  harnessPriority.level(child.pid);
  spawned.add(child);
  child.once('exit', () => spawned.delete(child));
  // Keep the tail only: the pipes must be read, and an info line per attempt adds up.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stderr.on('data', keep);
  const ready = new Promise<ChildProcess>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start: ${tail}`)), 120_000);
    const onData = (chunk: Buffer) => {
      keep(chunk);
      if (/Cadence (worker )?is ready/.test(tail)) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.on('data', keep);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code ?? signal}) before it was ready: ${tail}`));
    });
  });
  return { child, ready, tail: () => tail };
}

const stopProcess = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });

interface PlannedPost {
  index: number;
  entity: number;
  networks: NetworkId[];
  dueAt: number;
}

async function run(scenario: Scenario) {
  const networks = await startNetworks(scenario);
  const isEmbedded = scenario.forceEmbedded || !process.env.DATABASE_URL;
  const database = isEmbedded ? undefined : await freshPostgres(process.env.DATABASE_URL!);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-bench-'));
  const port = await freePort();
  const serverEnv: Record<string, string> = {
    ...networks.proxiedEnv,
    ...scenario.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Bluesky's PDS (the proxy) is on loopback, which the address guard refuses otherwise.
    FETCH_ALLOW_HOSTS: '127.0.0.1',
  };
  const random = seededRandom(SEED);
  const children = new Set<ChildProcess>();
  const setupStarted = Date.now();
  try {
    // --- Setup (not measured): an account, entities, connections, posts, schedules. ---
    const config = loadConfig({
      ...process.env,
      ...serverEnv,
      ...networks.directEnv,
      LOG_LEVEL: 'silent',
    });
    const logger = createLogger('silent');
    let infra = await openInfra(config, logger);
    const capture = createCapturingMailer();
    const app = await buildApp(
      createContainer({ config, logger, ...infra, mailer: capture.mailer }),
    );
    const db = infra.database.db;
    const email = 'bench@example.com';
    const { token } = await createSeededAccount({
      app,
      db,
      lastMail: capture.lastText,
      account: { name: 'Bench', email, password: 'bench-password' },
      entities: [],
      credentials: {} as never,
    });
    await setTier(db, email, 'enterprise');
    const call = async (url: string, body: object) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api${url}`,
        payload: body,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode >= 400) throw new Error(`Setup ${url}: ${response.body}`);
      return response.json<{ data: { id: string } }>().data;
    };

    // Entities, each with `networksPerEntity` accounts on consecutive networks from a start
    // that rotates, so the accounts spread evenly over the networks.
    const entityCount = Math.ceil(scenario.accounts / scenario.networksPerEntity);
    const entityNetworks = Array.from({ length: entityCount }, (_, entity) => {
      const left = scenario.accounts - entity * scenario.networksPerEntity;
      return Array.from(
        { length: Math.min(scenario.networksPerEntity, left) },
        (_, k) => scenario.networks[(entity + k) % scenario.networks.length]!,
      );
    });
    const entityIds: string[] = [];
    for (let entity = 0; entity < entityCount; entity++) {
      const created = await call(API_PATHS.companies, {
        name: `Bench entity ${entity}`,
        website: `https://entity${entity}.bench.example`,
      });
      entityIds.push(created.id);
    }
    const nextAccount = Object.fromEntries(NETWORK_IDS.map((network) => [network, 1]));
    const connections = entityNetworks.flatMap((list, entity) =>
      list.map((network) => ({ entity, network, n: nextAccount[network]!++ })),
    );
    await inParallel(connections, 8, async ({ entity, network, n }) => {
      await call(API_PATHS.socialSave, {
        social_account_type: network,
        company_id: entityIds[entity],
        ...networks.credentialsOf(network, n),
      });
    });
    console.log(
      `  setup: ${entityCount} entities, ${connections.length} accounts (${Math.round((Date.now() - setupStarted) / 1000)} s)`,
    );

    // Posts: each to one to three of its entity's networks (drawn); posts that go to
    // Instagram carry an image (it needs one, and fetches it by URL itself), or all do.
    const planned: PlannedPost[] = Array.from({ length: scenario.posts }, (_, index) => {
      const entity = index % entityCount;
      const own = entityNetworks[entity]!;
      const [min, max] = scenario.networksPerPost;
      const wanted = Math.min(own.length, min + Math.floor(random() * (max - min + 1)));
      const start = Math.floor(random() * own.length);
      const chosen = Array.from({ length: wanted }, (_, k) => own[(start + k) % own.length]!);
      return { index, entity, networks: chosen, dueAt: 0 };
    });
    const [{ id: userId }] = (await query<{ id: string }>(
      db,
      sql`select id from users where email = ${email}`,
    )) as [{ id: string }];
    const image = makePng(64, 64);
    mkdirSync(path.join(dataDir, 'uploads', 'posts'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'posts', 'bench.png'), image);
    const runId = randomBytes(3).toString('hex');
    const postIds: string[] = [];
    const createdBase = Date.now() - scenario.posts;
    for (let start = 0; start < planned.length; start += 500) {
      const chunk = planned.slice(start, start + 500);
      const inserted = await db
        .insert(posts)
        .values(
          chunk.map((post) => ({
            userId,
            companyId: entityIds[post.entity]!,
            // Distinct creation times keep the posts' order (the due times follow it).
            createdAt: new Date(createdBase + post.index),
            content: `Bench post ${post.index} ${runId}`,
          })),
        )
        .returning({ id: posts.id });
      postIds.push(...inserted.map((row) => row.id));
      const withImage = inserted.filter(
        (_, k) => scenario.images === 'all' || chunk[k]!.networks.includes('instagram'),
      );
      if (withImage.length > 0) {
        await db.insert(postAttachments).values(
          withImage.map((post) => ({
            postId: post.id,
            mediaUrl: '/uploads/posts/bench.png',
            storageKey: 'posts/bench.png',
            name: 'bench.png',
            mimeType: 'image/png',
            sizeBytes: image.length,
          })),
        );
      }
    }
    // Schedules through the product's route (instances, publications and jobs as in real
    // use), a day ahead; the due times are moved to the run's start below.
    const farAhead = new Date(Date.now() + 86_400_000).toISOString();
    await inParallel(planned, 8, async (post) => {
      await call(API_PATHS.schedules, {
        social_account_type: post.networks,
        post_id: postIds[post.index],
        schedule_date: farAhead,
        timezone: 'UTC',
      });
    });
    const expected = planned.reduce((sum, post) => sum + post.networks.length, 0);
    console.log(
      `  setup: ${scenario.posts} posts, ${expected} publications (${Math.round((Date.now() - setupStarted) / 1000)} s)`,
    );
    await app.close();

    /** Moves every instance (and its publish run) to t0 + its post's step. */
    const release = async (t0: number) => {
      const t0Iso = new Date(t0).toISOString();
      await db.execute(sql`
        update scheduled_instances i
        set scheduled_for = ${t0Iso}::timestamptz + (o.rn - 1) * ${scenario.stepMs}::float8 * interval '1 millisecond',
          run_at = ${t0Iso}::timestamptz + (o.rn - 1) * ${scenario.stepMs}::float8 * interval '1 millisecond'
        from (
          select i2.id, row_number() over (order by p.created_at, p.id) as rn
          from scheduled_instances i2 join posts p on p.id = i2.post_id
          where i2.user_id = ${userId}
        ) o
        where o.id = i.id`);
      await db.execute(sql`
        update schedules s set first_at = i.scheduled_for
        from scheduled_instances i where i.schedule_id = s.id and s.user_id = ${userId}`);
      for (const post of planned) post.dueAt = t0 + post.index * scenario.stepMs;
      for (const proxy of Object.values(networks.proxies)) {
        proxy.setFailureRate(scenario.failureRate);
      }
    };

    // --- The run. ---
    const workerEnv = { ...serverEnv, ROLE: isEmbedded ? 'all' : 'worker' };
    let t0: number;
    let readyLate = 0;
    if (isEmbedded) {
      // The server child opens the data folder after this process closed it; it should be
      // up before the posts fall due (a warm start takes a few seconds here).
      t0 = Date.now() + 30_000;
      await release(t0);
      await infra.close();
      const server = startServer(workerEnv, 'server');
      children.add(server.child);
      await server.ready;
      readyLate = Math.max(0, Date.now() - t0);
    } else {
      const started = Array.from({ length: scenario.workers }, (_, k) =>
        startServer(workerEnv, `worker ${k}`),
      );
      for (const worker of started) children.add(worker.child);
      await Promise.all(started.map((worker) => worker.ready));
      t0 = Date.now() + 3000;
      await release(t0);
    }
    // CPU of the publishing processes (and of PostgreSQL's backends) during the run.
    const meter = createCpuMeter({
      workerPids: () =>
        [...children].flatMap((child) =>
          child.pid !== undefined && child.exitCode === null ? [child.pid] : [],
        ),
      databaseUrl: database?.url,
    });
    await meter.open();
    await meter.start();
    const loadAtStart = loadavg()[0]!;
    const tcpAtStart = readTcpCounters();
    const requestsBefore = Object.fromEntries(
      NETWORK_IDS.map((network) => [network, networks.proxies[network].requests()]),
    );

    // Chaos: one worker (drawn) is SIGKILLed every `killEveryMs` and a new one started.
    let kills = 0;
    let killedStarting = 0;
    const killer =
      scenario.killEveryMs > 0
        ? setInterval(() => {
            const live = [...children].filter(
              (child) => child.exitCode === null && child !== profiledChild,
            );
            const victim = live[Math.floor(random() * live.length)];
            if (!victim) return;
            kills += 1;
            children.delete(victim);
            victim.kill('SIGKILL');
            const next = startServer(workerEnv, `worker ${kills + scenario.workers}`);
            children.add(next.child);
            // Killed again before it was ready (starting takes seconds on a busy machine).
            next.ready.catch(() => (killedStarting += 1));
          }, scenario.killEveryMs)
        : undefined;

    // Until every publication settled (PostgreSQL: nothing pending or publishing; PGlite:
    // the fakes received every one), or nothing moved for `idle-seconds`.
    const lastDue = t0 + (scenario.posts - 1) * scenario.stepMs;
    const idleMs = Number(args['idle-seconds']) * 1000;
    const stopAt = args['stop-at'] ? Number(args['stop-at']) : Infinity;
    /** Publications received when `--stop-at` ended the run: its CPU is shared among them. */
    let stoppedAt: number | undefined;
    const receivedCount = () =>
      Object.values(networks.received()).reduce((sum, list) => sum + list.length, 0);
    let lastProgress = { at: Date.now(), value: -1 };
    let lastLog = Date.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const got = receivedCount();
      let open = expected - got;
      if (!isEmbedded) {
        const [row] = await query<{ open: number }>(
          db,
          // An unconfirmed post still to be looked for on its network is not settled yet.
          sql`select count(*)::int as open from publications
            where status in ('pending', 'publishing')
              or (status = 'unconfirmed' and read_back_at is not null)`,
        );
        open = row?.open ?? 0;
      }
      const progress = got * 1_000_000 + (expected - open);
      if (progress !== lastProgress.value || Date.now() < lastDue) {
        lastProgress = { at: Date.now(), value: progress };
      }
      if (Date.now() - lastLog > 15_000) {
        lastLog = Date.now();
        console.log(
          `  ${Math.round((Date.now() - t0) / 1000)} s: ${got} of ${expected} received, ${open} open${kills ? `, ${kills} kills` : ''}`,
        );
      }
      if (Date.now() > lastDue && (open === 0 || (isEmbedded && got >= expected))) break;
      if (got >= stopAt) {
        console.log(`  ${got} received: stopping (--stop-at)`);
        stoppedAt = got;
        break;
      }
      if (Date.now() - lastProgress.at > idleMs) {
        console.log(`  nothing moved for ${idleMs / 1000} s: stopping`);
        break;
      }
    }
    if (killer) clearInterval(killer);
    const endedAt = Date.now();
    await meter.stop();
    const loadAtEnd = loadavg()[0]!;
    const tcpAtEnd = readTcpCounters();
    // Let the last answers be recorded before stopping.
    await new Promise((resolve) => setTimeout(resolve, isEmbedded ? 3000 : 1000));
    await Promise.all([...children].map((child) => stopProcess(child)));
    await meter.close();

    if (isEmbedded) infra = await openInfra(config, logger);
    const statuses = await query<{ n: number; network: NetworkId; status: string; text: string }>(
      infra.database.db,
      sql`
        select pb.network, pb.status, p.content as text, 1 as n
        from publications pb
        join scheduled_instances i on i.id = pb.instance_id
        join posts p on p.id = i.post_id
        where i.user_id = ${userId}`,
    );
    const reasons = await query<{
      network: string;
      status: string;
      last_error: string | null;
      n: number;
    }>(
      infra.database.db,
      sql`select network, status, last_error, count(*)::int as n from publications
        where status <> 'published' group by 1, 2, 3 order by n desc limit 5`,
    );
    // What went wrong on the way, as the publisher logged it (retries included): a run without
    // injected faults should have none, and a slow tail shows here first.
    const attemptFailures = await query<{
      platform: string;
      status: string;
      message: string;
      n: number;
    }>(
      infra.database.db,
      sql`select platform, status, left(message, 90) as message, count(*)::int as n
        from system_logs where status <> 'success' and user_id = ${userId}
        group by 1, 2, 3 order by n desc limit 5`,
    );
    await infra.close();

    // --- Results, from what the fakes received and what the database recorded. ---
    const received = networks.received();
    const byKey = new Map<string, Receipt[]>();
    for (const network of NETWORK_IDS) {
      for (const receipt of received[network]) {
        const key = `${network}|${receipt.text}`;
        byKey.set(key, [...(byKey.get(key) ?? []), receipt]);
      }
    }
    const dueOf = new Map(planned.map((post) => [`Bench post ${post.index} ${runId}`, post]));
    const lateness: Record<string, number[]> = { all: [] };
    let duplicated = networks.refused();
    let lostUnreceived = 0;
    let lastReceivedAt = t0;
    for (const post of planned) {
      for (const network of post.networks) {
        const receipts = byKey.get(`${network}|Bench post ${post.index} ${runId}`) ?? [];
        if (receipts.length === 0) {
          lostUnreceived += 1;
          continue;
        }
        duplicated += receipts.length - 1;
        const first = Math.min(...receipts.map((receipt) => receipt.receivedAt));
        lastReceivedAt = Math.max(lastReceivedAt, first);
        (lateness[network] ??= []).push(first - post.dueAt);
        lateness.all!.push(first - post.dueAt);
      }
    }
    const counts: Record<string, number> = {};
    let publishedUnreceived = 0;
    let failedReceived = 0;
    for (const row of statuses) {
      counts[row.status] = (counts[row.status] ?? 0) + 1;
      const got = (byKey.get(`${row.network}|${row.text}`) ?? []).length;
      if (row.status === 'published' && got === 0) publishedUnreceived += 1;
      if (row.status === 'failed' && got > 0) failedReceived += 1;
    }
    const unknownTexts = [...byKey.keys()].filter(
      (key) => !dueOf.has(key.slice(key.indexOf('|') + 1)),
    ).length;
    const settled = (counts.published ?? 0) + (counts.failed ?? 0) + (counts.unconfirmed ?? 0);
    const got = expected - lostUnreceived;
    const calls = Object.fromEntries(
      NETWORK_IDS.map((network) => [
        network,
        networks.proxies[network].requests() - (requestsBefore[network] ?? 0),
      ]),
    );
    const injected = Object.values(networks.proxies).reduce<Record<string, number>>(
      (sum, proxy) => {
        for (const [kind, n] of Object.entries(proxy.failures())) sum[kind] = (sum[kind] ?? 0) + n;
        return sum;
      },
      {},
    );
    const lines = [
      scenario.title,
      `  engine              ${isEmbedded ? 'PGlite, one ROLE=all process' : `PostgreSQL, ${scenario.workers} ROLE=worker processes`}; ${connections.length} accounts; ${scenario.posts} posts; seed ${SEED}`,
      `  publications        ${expected}: ${counts.published ?? 0} published, ${counts.failed ?? 0} failed, ${counts.unconfirmed ?? 0} unconfirmed, ${expected - settled} never settled`,
      `  at the fakes        ${got} received, ${lostUnreceived} not received, ${duplicated} duplicated${unknownTexts ? `, ${unknownTexts} unknown texts` : ''}`,
      `  lost                ${expected - settled + publishedUnreceived} (never settled, or published but not received); ${failedReceived} failed though received`,
      `  lateness p50/95/99  ${fmt(lateness.all!)} overall; ${lateness.all!.filter((ms) => ms <= 30_000).length} within 30 s`,
    ];
    for (const network of NETWORK_IDS) {
      if (lateness[network]) lines.push(`    ${network.padEnd(16)}  ${fmt(lateness[network])}`);
    }
    const drainS = (lastReceivedAt - t0) / 1000;
    lines.push(
      `  throughput          ${got} received in ${drainS.toFixed(1)} s from the due time = ${(got / Math.max(drainS, 0.001)).toFixed(0)} publications/s`,
      `  calls/publication   ${NETWORK_IDS.filter((network) => lateness[network])
        .map((network) => `${network} ${(calls[network]! / lateness[network]!.length).toFixed(1)}`)
        .join(', ')}`,
    );
    lines.push(...meter.report(stoppedAt ?? expected));
    if (args.routes) {
      for (const network of NETWORK_IDS.filter((id) => lateness[id])) {
        const received = lateness[network]!.length;
        const routes = [...networks.proxies[network].routes()]
          .sort(([, a], [, b]) => b - a)
          .map(([route, n]) => `${route} ${(n / received).toFixed(2)}`);
        lines.push(`    ${network.padEnd(16)}  ${routes.join(', ')}`);
      }
    }
    lines.push(
      `  load average        ${loadAtStart.toFixed(1)} at the due time, ${loadAtEnd.toFixed(1)} at the end (1-minute, ${cpus().length} cores)`,
    );
    if (tcpAtStart && tcpAtEnd) {
      // Machine-wide: another program's connections count too (none should run meanwhile).
      lines.push(
        `  dropped connections ${tcpAtEnd.listenOverflows - tcpAtStart.listenOverflows} SYNs dropped at a full accept queue, ${tcpAtEnd.synRetransmits - tcpAtStart.synRetransmits} sent again (machine-wide; 0 expected)`,
      );
    }
    if (scenario.failureRate > 0 || kills > 0) {
      lines.push(
        `  injected            ${Object.entries(injected)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', ')}; ${kills} workers SIGKILLed (${killedStarting} before they were ready)`,
      );
    }
    if (readyLate > 0) {
      lines.push(
        `  note                the server was ready ${seconds(readyLate)} after the due time`,
      );
    }
    for (const row of reasons) {
      lines.push(
        `  not published       ${row.n}x ${row.network} ${row.status}: ${row.last_error ?? ''}`,
      );
    }
    for (const row of attemptFailures) {
      lines.push(`  attempt logged      ${row.n}x ${row.platform} ${row.status}: ${row.message}`);
    }
    lines.push(`  run took            ${seconds(endedAt - t0)} after the due time`);
    console.log(lines.join('\n'));
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await networks.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function fmt(values: number[]) {
  const s = summarise(values);
  return `${seconds(s.p50)} / ${seconds(s.p95)} / ${seconds(s.p99)} (max ${seconds(s.max)}, n ${values.length})`;
}

if (args.profile === 'chaos' && !process.env.DATABASE_URL) {
  console.error('bench:chaos needs PostgreSQL: set DATABASE_URL (worker processes share it).');
  process.exit(2);
}
if (!args['no-build']) {
  // The server processes run the built bundle: build it from this checkout.
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'ignore' });
}
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const harnessPriority = raiseHarnessPriority(num(args['harness-priority'], 10));
console.log(`Publishing benchmark (${args.profile}) on ${engine}`);
console.log(`  harness priority ${harnessPriority.summary}`);
for (const scenario of scenarios()) await run(scenario);
process.exit(0);
