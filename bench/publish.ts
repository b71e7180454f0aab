/**
 * Publishing benchmark (not a test): N instances due at one moment across the six fake
 * networks behind a simulated round trip, then a steady stream; prints throughput, lateness
 * percentiles, duplicates and lost publications.
 *
 *   npm run bench:publish                         # PGlite, 10,000 burst + 2 min at 1,000/min
 *   npm run bench:publish -- --count 2000 --mode burst
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:publish
 *
 * With DATABASE_URL, a fresh database is created next to the one named (and dropped after).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NETWORK_IDS, type NetworkId } from '@cadence/shared';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { createCapturingMailer, createSeededAccount } from '../apps/server/demo/seed.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/client.js';
import { postAttachments, posts } from '../apps/server/src/db/schema.js';
import { createContainer } from '../apps/server/src/container.js';
import { sendPolicy } from '../apps/server/src/jobs/port.js';
import { publishInstanceJob } from '../apps/server/src/jobs/publish-instance.job.js';
import { createLogger } from '../apps/server/src/logger.js';
import { openServices } from '../apps/server/src/services.js';
import { createWorker } from '../apps/server/src/worker.js';
import { startFakeBluesky } from '../apps/server/test/fakes/bluesky.js';
import { startFakeFacebook } from '../apps/server/test/fakes/facebook.js';
import { startFakeInstagram } from '../apps/server/test/fakes/instagram.js';
import { startFakeLinkedIn } from '../apps/server/test/fakes/linkedin.js';
import { startFakeThreads } from '../apps/server/test/fakes/threads.js';
import { startFakeX } from '../apps/server/test/fakes/x.js';
import { makePng } from '../apps/server/test/helpers/images.js';
import { startLatencyProxy } from './latency-proxy.js';
import { seconds, summarise } from './stats.js';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    mode: { type: 'string', default: 'both' },
    latency: { type: 'string', default: '100' },
    'steady-minutes': { type: 'string', default: '2' },
    'steady-rate': { type: 'string', default: '1000' },
  },
});
const COUNT = Number(args.count);
const LATENCY_MS = Number(args.latency);
const STEADY_MINUTES = Number(args['steady-minutes']);
const STEADY_RATE = Number(args['steady-rate']);

/** Rows of a raw query (the two drivers type `execute` differently). */
async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

async function startNetworks() {
  const [x, facebook, instagram, linkedIn, bluesky, threads] = await Promise.all([
    startFakeX(),
    startFakeFacebook(),
    // Instagram containers finish at once here; the fake's polling is covered by tests.
    startFakeInstagram({ pollsInProgress: 0 }),
    startFakeLinkedIn(),
    startFakeBluesky(),
    startFakeThreads(),
  ]);
  const fakes = { twitter: x, facebook, instagram, linkedIn, bluesky, threads };
  const proxies = Object.fromEntries(
    await Promise.all(
      NETWORK_IDS.map(
        async (network) =>
          [network, await startLatencyProxy(fakes[network].baseUrl, LATENCY_MS)] as const,
      ),
    ),
  ) as Record<NetworkId, Awaited<ReturnType<typeof startLatencyProxy>>>;
  /** Texts each network accepted, to count duplicates. */
  const accepted = (): Record<NetworkId, string[]> => ({
    twitter: x.posts.map((post) => post.text ?? ''),
    facebook: facebook.posts.map((post) => post.message ?? ''),
    instagram: instagram.posts.map((post) => post.caption ?? ''),
    linkedIn: linkedIn.posts.map((post) => post.commentary ?? ''),
    bluesky: bluesky.posts.map((post) => post.text ?? ''),
    threads: threads.posts.map((post) => post.text ?? ''),
  });
  return {
    credentials: {
      twitter: x.validCredentials,
      facebook: facebook.validCredentials,
      instagram: instagram.validCredentials,
      linkedIn: linkedIn.validCredentials,
      bluesky: bluesky.validCredentials,
      threads: threads.validCredentials,
    },
    env: {
      X_API_BASE_URL: proxies.twitter.baseUrl,
      FACEBOOK_GRAPH_BASE_URL: proxies.facebook.baseUrl,
      INSTAGRAM_GRAPH_BASE_URL: proxies.instagram.baseUrl,
      LINKEDIN_API_BASE_URL: proxies.linkedIn.baseUrl,
      BLUESKY_SERVICE_URL: proxies.bluesky.baseUrl,
      THREADS_API_BASE_URL: proxies.threads.baseUrl,
    },
    proxies,
    accepted,
    async close() {
      await Promise.all([
        ...Object.values(proxies).map((proxy) => proxy.close()),
        ...Object.values(fakes).map((fake) => fake.close()),
      ]);
    },
  };
}

/** A fresh PostgreSQL database beside DATABASE_URL's, or undefined for PGlite. */
async function freshPostgres() {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
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

interface RunResult {
  count: number;
  drainMs: number;
  lateness: ReturnType<typeof summarise>;
  published: number;
  lost: number;
  duplicates: number;
  idealDrainMs: number;
  callsPerPublication: Record<string, number>;
  /** The most common reasons publications did not go out. */
  failures: string[];
}

async function run(mode: 'burst' | 'steady', count: number): Promise<RunResult> {
  const networks = await startNetworks();
  const database = await freshPostgres();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-bench-'));
  const config = loadConfig({
    ...process.env,
    ...networks.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'silent',
    PUBLISH_RECONCILE_SECONDS: '3600',
  });
  const logger = createLogger('silent');
  const services = await openServices(config, logger);
  const capture = createCapturingMailer();
  const container = createContainer({ config, logger, ...services, mailer: capture.mailer });
  const app = await buildApp(container);
  const db = services.database.db;
  try {
    const { companyIds } = await createSeededAccount({
      app,
      db,
      lastMail: capture.lastText,
      account: { name: 'Bench', email: 'bench@example.com', password: 'bench-password' },
      entities: [
        {
          name: 'Bench Co',
          website: 'https://bench.example',
          industry: 'Technology',
          description: 'Benchmarks.',
          networks: [...NETWORK_IDS],
        },
      ],
      credentials: networks.credentials,
    });
    const [companyId] = companyIds as [string];
    const [{ id: userId }] = (await query<{ id: string }>(
      db,
      sql`select id from users where email = 'bench@example.com'`,
    )) as [{ id: string }];

    // Setup, not measured: one post per publication, networks round-robin; Instagram posts
    // carry an image (it needs one, and fetches it by URL itself).
    const image = makePng(64, 64);
    mkdirSync(path.join(dataDir, 'uploads', 'posts'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'posts', 'bench.png'), image);
    const CHUNK = 500;
    const createdBase = Date.now() - count;
    for (let start = 0; start < count; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, offset) => ({
        userId,
        companyId,
        // Distinct creation times keep the posts' order, which picks each one's network.
        createdAt: new Date(createdBase + start + offset),
        content: `Bench post ${start + offset} ${randomBytes(3).toString('hex')}`,
      }));
      const inserted = await db.insert(posts).values(rows).returning({ id: posts.id });
      const instagramPosts = inserted.filter(
        (_, offset) => NETWORK_IDS[(start + offset) % NETWORK_IDS.length] === 'instagram',
      );
      if (instagramPosts.length > 0) {
        await db.insert(postAttachments).values(
          instagramPosts.map((post) => ({
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
    // Schedules, instances and publications in three statements, due far ahead for now.
    const networkList = sql.raw(`array['${NETWORK_IDS.join("','")}']`);
    await db.execute(sql`
      insert into schedules (user_id, post_id, networks, first_at)
      select p.user_id, p.id, jsonb_build_array((${networkList})[1 + (rn - 1) % 6]), now() + interval '1 day'
      from (select id, user_id, row_number() over (order by created_at, id) as rn from posts where user_id = ${userId}) p`);
    await db.execute(sql`
      insert into scheduled_instances (schedule_id, post_id, user_id, scheduled_for)
      select id, post_id, user_id, first_at from schedules where user_id = ${userId}`);
    await db.execute(sql`
      insert into publications (instance_id, network, connection_id, account_name)
      select i.id, s.networks->>0, c.id, c.account_name
      from scheduled_instances i
      join schedules s on s.id = i.schedule_id
      join social_connections c on c.company_id = ${companyId} and c.network = s.networks->>0
      where i.user_id = ${userId}`);

    // Release: everything due at T0 (burst), or one every 60/rate seconds from T0 (steady).
    const t0 = new Date(Date.now() + 3000);
    const stepMs = mode === 'burst' ? 0 : 60_000 / STEADY_RATE;
    await db.execute(sql`
      update scheduled_instances i
      set scheduled_for = ${t0.toISOString()}::timestamptz + (o.rn - 1) * ${stepMs} * interval '1 millisecond'
      from (select id, row_number() over (order by created_at, id) as rn from scheduled_instances where user_id = ${userId}) o
      where o.id = i.id`);
    const instances = await query<{ id: string; scheduled_for: string }>(
      db,
      sql`select id, scheduled_for from scheduled_instances where user_id = ${userId}`,
    );
    for (let start = 0; start < instances.length; start += 1000) {
      await services.queue.insert(
        instances.slice(start, start + 1000).map((instance) => ({
          name: publishInstanceJob.name,
          data: { instanceId: instance.id },
          startAfter: new Date(instance.scheduled_for),
          singletonKey: instance.id,
          ...sendPolicy(publishInstanceJob.policy, config),
        })),
      );
    }

    const requestsBefore = Object.fromEntries(
      NETWORK_IDS.map((network) => [network, networks.proxies[network].requests()]),
    );
    const publisher = createWorker(container);
    await publisher.start();
    const lastDue = t0.getTime() + (count - 1) * stepMs;
    // Until everything is settled, or nothing has moved for a minute (then what is left
    // counts as lost).
    let remaining = count;
    let lastProgressAt = Date.now();
    while (Date.now() - lastProgressAt < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const [row] = await query<{ open: number }>(
        db,
        sql`select count(*)::int as open from publications where status in ('pending', 'publishing')`,
      );
      const open = row?.open ?? 0;
      if (open < remaining || Date.now() < lastDue) lastProgressAt = Date.now();
      remaining = open;
      if (remaining === 0 && Date.now() > lastDue) break;
    }
    await publisher.stop();

    const rows = await query<{
      network: NetworkId;
      status: string;
      late_ms: number | null;
      done: string | null;
    }>(
      db,
      sql`
        select p.network, p.status,
          extract(epoch from (p.published_at - i.scheduled_for)) * 1000 as late_ms,
          p.published_at as done
        from publications p join scheduled_instances i on i.id = p.instance_id`,
    );
    const published = rows.filter((row) => row.status === 'published');
    const failures = await query<{
      network: string;
      status: string;
      last_error: string | null;
      n: number;
    }>(
      db,
      sql`select network, status, last_error, count(*)::int as n from publications
        where status <> 'published' group by 1, 2, 3 order by n desc limit 5`,
    );
    const lastDone = Math.max(...published.map((row) => new Date(row.done!).getTime()));
    const accepted = networks.accepted();
    let duplicates = 0;
    for (const texts of Object.values(accepted)) {
      const seen = new Map<string, number>();
      for (const text of texts) seen.set(text, (seen.get(text) ?? 0) + 1);
      for (const times of seen.values()) duplicates += times - 1;
    }
    // What the configured concurrency and the latency allow: each network's calls, in waves
    // of `concurrency` calls of LATENCY_MS each; the slowest network bounds the drain.
    const concurrency = config.publisher.concurrencyPerNetwork;
    const callsPerPublication: Record<string, number> = {};
    let idealDrainMs = 0;
    for (const network of NETWORK_IDS) {
      const done = published.filter((row) => row.network === network).length;
      const calls = networks.proxies[network].requests() - (requestsBefore[network] ?? 0);
      callsPerPublication[network] = done > 0 ? calls / done : 0;
      idealDrainMs = Math.max(idealDrainMs, (calls / concurrency) * LATENCY_MS);
    }
    return {
      count,
      drainMs: lastDone - t0.getTime(),
      lateness: summarise(published.map((row) => Number(row.late_ms))),
      published: published.length,
      lost: count - published.length,
      duplicates,
      idealDrainMs,
      callsPerPublication,
      failures: failures.map(
        (row) => `${row.n}x ${row.network} ${row.status}: ${row.last_error ?? ''}`,
      ),
    };
  } finally {
    await app.close();
    await services.close();
    await networks.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(title: string, result: RunResult, burst: boolean) {
  const rate = result.published / (result.drainMs / 1000);
  const lines = [
    `${title}`,
    `  publications        ${result.count} (${result.published} published, ${result.lost} lost, ${result.duplicates} duplicates)`,
    `  lateness p50/95/99  ${seconds(result.lateness.p50)} / ${seconds(result.lateness.p95)} / ${seconds(result.lateness.p99)} (max ${seconds(result.lateness.max)})`,
    `  calls/publication   ${Object.entries(result.callsPerPublication)
      .map(([network, calls]) => `${network} ${calls.toFixed(1)}`)
      .join(', ')}`,
  ];
  for (const failure of result.failures) lines.push(`  not published       ${failure}`);
  if (burst) {
    lines.push(
      `  drained in          ${seconds(result.drainMs)} = ${rate.toFixed(0)} publications/s`,
      `  ideal drain         ${seconds(result.idealDrainMs)} (concurrency and latency bound) -> ${((result.idealDrainMs / result.drainMs) * 100).toFixed(0)}% of it`,
    );
  }
  console.log(lines.join('\n'));
}

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `Publishing benchmark on ${engine}: ${LATENCY_MS} ms simulated latency, ${process.env.PUBLISH_CONCURRENCY_PER_NETWORK ?? 'default'} concurrent calls per network`,
);
if (args.mode === 'burst' || args.mode === 'both') {
  report(`Burst: ${COUNT} due at once`, await run('burst', COUNT), true);
}
if (args.mode === 'steady' || args.mode === 'both') {
  const steadyCount = Math.round(STEADY_RATE * STEADY_MINUTES);
  report(
    `Steady: ${STEADY_RATE} per minute for ${STEADY_MINUTES} min`,
    await run('steady', steadyCount),
    false,
  );
}
process.exit(0);
