/**
 * The metrics job and the Analytics summary at scale, on PostgreSQL:
 *
 * 1. Polling: 100,000 published publications, their publish times spread evenly over the
 *    last 100 days, on 200 accounts (X, Bluesky, Facebook, Instagram, Threads, LinkedIn). The
 *    job runs once a simulated minute, as the recurring task queues it; after the first hour
 *    (which starts reading every post younger than 30 days), each further hour's reads, calls
 *    and database time are reported. The networks are answered in-process by a counting
 *    adapter with the stand-ins' numbers (`fakeMetricCounts`): what is measured is the job's
 *    own work and how many calls it makes, not a network.
 * 2. Summary: one customer with 50,000 publications over 90 days (with snapshots' latest
 *    numbers, followers per day and link clicks per day), the Analytics summary for 7, 30
 *    and 90 days, timed over many calls (p50, p99).
 *
 *   ADMIN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/run.mjs metrics
 *   options: --publications 100000 --accounts 200 --hours 3 --summary-publications 50000 --calls 200
 *   --baseline <another checkout>: its Analytics service is timed on the same database, its
 *   calls taking turns with this one's, and its answers compared with this one's.
 */
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fakeMetricCounts } from '@cadence/fakes';
import { NETWORK_IDS, type NetworkId } from '@cadence/shared';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import type { NetworkRegistry } from '../apps/server/src/integrations/networks/registry.js';
import type {
  MetricsRead,
  NetworkAdapter,
  PostMetrics,
} from '../apps/server/src/integrations/networks/types.js';
import { createLogger } from '../apps/server/src/logger.js';
import {
  createAnalyticsService,
  createMetricsPoller,
} from '../apps/server/src/modules/metrics/index.js';
import * as analyticsQueries from '../apps/server/src/modules/metrics/analytics.repository.js';
import { createScratchDatabase } from './scratch-database.js';
import { percentile } from './stats.js';

const { values } = parseArgs({
  options: {
    publications: { type: 'string', default: '100000' },
    accounts: { type: 'string', default: '200' },
    hours: { type: 'string', default: '3' },
    'summary-publications': { type: 'string', default: '50000' },
    calls: { type: 'string', default: '200' },
    /** Also times each of the summary's queries alone (90 days, all entities). */
    parts: { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const PUBLICATIONS = Number(values.publications);
const ACCOUNTS = Number(values.accounts);
const HOURS = Number(values.hours);
const SUMMARY_PUBLICATIONS = Number(values['summary-publications']);
const CALLS = Number(values.calls);
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const BATCH: Record<NetworkId, number> = {
  twitter: 100,
  bluesky: 25,
  facebook: 1,
  instagram: 1,
  threads: 1,
  linkedIn: 1,
};

let clockMs = Date.parse('2026-11-21T09:00:00Z');
const clock = () => new Date(clockMs);
const calls: Record<string, number> = {};

/** An adapter answering metric reads in-process from the stand-ins' numbers, counting calls. */
function countingAdapter(network: NetworkId): NetworkAdapter<never> {
  const publishedAt = new Map<string, number>();
  const metricsOf = (id: string): PostMetrics => {
    const born = publishedAt.get(id) ?? Number(id.split(':')[1] ?? clockMs);
    publishedAt.set(id, born);
    const counts = fakeMetricCounts(id, clockMs - born);
    return {
      likes: counts.likes,
      comments: counts.replies,
      shares: counts.reposts + counts.quotes,
      impressions: counts.impressions,
      raw: { likes: counts.likes, replies: counts.replies, reposts: counts.reposts },
    };
  };
  return {
    id: network,
    metricsBatch: BATCH[network],
    readMetrics: (ids) => {
      calls[network] = (calls[network] ?? 0) + 1;
      const read: MetricsRead = new Map(ids.map((id) => [id, metricsOf(id)]));
      return Promise.resolve(read);
    },
    readFollowers: () => {
      calls[network] = (calls[network] ?? 0) + 1;
      return Promise.resolve(1000);
    },
    verify: () => Promise.reject(new Error('not in the bench')),
    publish: () => Promise.reject(new Error('not in the bench')),
    findPublished: () => Promise.reject(new Error('not in the bench')),
  };
}

/** Another checkout's Analytics service, bundled from its source (its own shared package too). */
async function loadBaseline(checkout: string): Promise<typeof createAnalyticsService> {
  const { build } = await import('esbuild');
  // Beside this bundle, so its drizzle and zod imports find this checkout's packages.
  const outfile = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    `baseline-analytics-${process.pid}.mjs`,
  );
  await build({
    entryPoints: [path.join(checkout, 'apps/server/src/modules/metrics/analytics.service.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The same drizzle and zod as this checkout's (loaded from here, not from the bundle).
    external: ['drizzle-orm', 'drizzle-orm/*', 'zod', 'zod/*', 'pg'],
    logLevel: 'warning',
  });
  const module = (await import(outfile)) as {
    createAnalyticsService: typeof createAnalyticsService;
  };
  return module.createAnalyticsService;
}
const baselineService = values.baseline ? await loadBaseline(values.baseline) : undefined;

const scratch = await createScratchDatabase('cadence_metrics');
const database = await openDatabase({ databaseUrl: scratch.url });
const { db } = database;
const rows = async <T>(text: string, params: unknown[] = []) =>
  (await database.executeSql(text, params)).rows as T[];

try {
  await runMigrations(database);
  console.log(`seeding ${PUBLICATIONS} publications on ${ACCOUNTS} accounts...`);
  const seedStart = performance.now();
  const now = clock().toISOString();
  // Ten customers, one entity per account; the accounts' networks in turn.
  await db.execute(sql`
    insert into users (name, email, password_hash, is_verified)
    select 'User ' || n, 'user' || n || '@example.com', 'x', true from generate_series(1, 10) n`);
  await db.execute(sql`
    insert into companies (user_id, name, website)
    select (select id from users order by email offset (n % 10) limit 1), 'Entity ' || n,
      'https://example.com'
    from generate_series(1, ${ACCOUNTS}) n`);
  await db.execute(sql`
    insert into social_connections (company_id, network, account_name, credentials_encrypted)
    select c.id, (${sql.raw(`array[${NETWORK_IDS.map((id) => `'${id}'`).join(',')}]`)})[1 + (row_number() over (order by c.name))::int % 6],
      c.name, 'x'
    from companies c`);
  // One post, schedule, instance and publication each, published evenly over 100 days.
  await db.execute(sql`
    create temporary table seed as
    select n, gen_random_uuid() as post_id, gen_random_uuid() as schedule_id,
      gen_random_uuid() as instance_id,
      ${now}::timestamptz - (n::float / ${PUBLICATIONS} * 100) * interval '1 day' as at,
      (select array_agg(id order by id) from social_connections) as connections
    from generate_series(1, ${PUBLICATIONS}) n`);
  await db.execute(sql`
    insert into posts (id, user_id, company_id, content, created_at)
    select s.post_id, co.user_id, c.company_id, 'Post ' || s.n, s.at
    from seed s
    join social_connections c on c.id = s.connections[1 + s.n % ${ACCOUNTS}]
    join companies co on co.id = c.company_id`);
  await db.execute(sql`
    insert into schedules (id, user_id, post_id, networks, first_at)
    select s.schedule_id, p.user_id, s.post_id, '[]'::jsonb, s.at
    from seed s join posts p on p.id = s.post_id`);
  await db.execute(sql`
    insert into scheduled_instances (id, schedule_id, post_id, user_id, scheduled_for, status)
    select s.instance_id, s.schedule_id, s.post_id, p.user_id, s.at, 'published'
    from seed s join posts p on p.id = s.post_id`);
  await db.execute(sql`
    insert into publications (instance_id, network, connection_id, status, external_id,
      published_at)
    select s.instance_id, c.network, c.id, 'published',
      c.network || ':' || (extract(epoch from s.at) * 1000)::bigint || ':' || s.n, s.at
    from seed s join social_connections c on c.id = s.connections[1 + s.n % ${ACCOUNTS}]`);
  await db.execute(sql`analyze`);
  console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const registry = {
    adapters: Object.fromEntries(NETWORK_IDS.map((network) => [network, countingAdapter(network)])),
  } as unknown as NetworkRegistry;
  const connections = new Map(
    (
      await rows<{ id: string; company_id: string; network: NetworkId }>(
        'select id, company_id, network from social_connections',
      )
    ).map((row) => [`${row.company_id}:${row.network}`, row.id]),
  );
  // Every customer has opened the Analytics screen: the job's writes keep their rollups.
  await db.execute(sql`insert into analytics_zones (user_id, time_zone)
    select id, 'Europe/Berlin' from users`);
  const poller = createMetricsPoller({
    db,
    clock,
    logger: createLogger('silent'),
    registry,
    credentialsOf: (companyId, network) => {
      const connectionId = connections.get(`${companyId}:${network}`);
      return Promise.resolve(
        connectionId ? { kind: 'ok', credentials: {} as never, connectionId } : { kind: 'none' },
      );
    },
    scale: 1,
    xMetricsEnabled: () => Promise.resolve(true),
    countCall: () => undefined,
  });

  console.log('\nPolling, one run a simulated minute:');
  console.log('hour | reads | calls (X, Bluesky, others) | job time (s) | slowest run (ms)');
  for (let hour = 0; hour <= HOURS; hour++) {
    let reads = 0;
    let discovered = 0;
    let busyMs = 0;
    let slowestMs = 0;
    const before = { ...calls };
    for (let minute = 0; minute < 60; minute++) {
      const start = performance.now();
      const outcome = await poller.poll();
      const took = performance.now() - start;
      busyMs += took;
      slowestMs = Math.max(slowestMs, took);
      reads += outcome.read;
      discovered += outcome.discovered;
      clockMs += MINUTE_MS;
    }
    const delta = (network: string) => (calls[network] ?? 0) - (before[network] ?? 0);
    const others = ['facebook', 'instagram', 'threads', 'linkedIn'].reduce(
      (sum, network) => sum + delta(network),
      0,
    );
    console.log(
      `${hour === 0 ? '0 (start)' : hour} | ${reads}${discovered ? ` (${discovered} new)` : ''} | ${
        delta('twitter') + delta('bluesky') + others
      } (${delta('twitter')}, ${delta('bluesky')}, ${others}) | ${(busyMs / 1000).toFixed(2)} | ${slowestMs.toFixed(0)}`,
    );
  }
  const [polled] = await rows<{ reading: string; total: string }>(
    `select count(*) filter (where next_read_at is not null) as reading, count(*) as total
     from publication_stats`,
  );
  console.log(
    `publication_stats: ${polled!.total} rows (posts younger than 30 days), ${polled!.reading} still read`,
  );

  // --- the summary for one customer with SUMMARY_PUBLICATIONS publications ---
  console.log(`\nSeeding one customer with ${SUMMARY_PUBLICATIONS} publications over 90 days...`);
  await db.execute(sql`
    insert into users (name, email, password_hash, is_verified)
    values ('Heavy', 'heavy@example.com', 'x', true)`);
  const [heavy] = await rows<{ id: string }>(
    `select id from users where email = 'heavy@example.com'`,
  );
  await db.execute(sql`
    insert into companies (user_id, name, website)
    select ${heavy!.id}, 'Heavy entity ' || n, 'https://example.com' from generate_series(1, 5) n`);
  await db.execute(sql`
    insert into social_connections (company_id, network, account_name, credentials_encrypted)
    select c.id, n.network, c.name, 'x'
    from companies c cross join unnest(${sql.raw(`array[${NETWORK_IDS.map((id) => `'${id}'`).join(',')}]`)}) as n(network)
    where c.user_id = ${heavy!.id}`);
  await db.execute(sql`
    create temporary table heavy_seed as
    select n, gen_random_uuid() as post_id, gen_random_uuid() as schedule_id,
      gen_random_uuid() as instance_id, gen_random_uuid() as publication_id,
      ${clock().toISOString()}::timestamptz - (n::float / ${SUMMARY_PUBLICATIONS} * 90) * interval '1 day' as at,
      (select array_agg(c.id order by c.id) from social_connections c
        join companies co on co.id = c.company_id where co.user_id = ${heavy!.id}) as connections
    from generate_series(1, ${SUMMARY_PUBLICATIONS}) n`);
  await db.execute(sql`
    insert into short_links (user_id, code, url)
    select ${heavy!.id}, 'heavy' || n, 'https://example.com/' || n from generate_series(1, 500) n`);
  await db.execute(sql`
    insert into posts (id, user_id, company_id, content, created_at, shortened_url)
    select s.post_id, ${heavy!.id}, c.company_id, 'Heavy post ' || s.n, s.at,
      case when s.n % 100 = 0 then 'http://cadence.example/s/heavy' || (s.n / 100) else null end
    from heavy_seed s join social_connections c on c.id = s.connections[1 + s.n % 30]`);
  await db.execute(sql`
    insert into schedules (id, user_id, post_id, networks, first_at)
    select s.schedule_id, ${heavy!.id}, s.post_id, '[]'::jsonb, s.at from heavy_seed s`);
  await db.execute(sql`
    insert into scheduled_instances (id, schedule_id, post_id, user_id, scheduled_for, status)
    select s.instance_id, s.schedule_id, s.post_id, ${heavy!.id}, s.at, 'published'
    from heavy_seed s`);
  await db.execute(sql`
    insert into publications (id, instance_id, network, connection_id, status, external_id,
      external_url, published_at)
    select s.publication_id, s.instance_id, c.network, c.id, 'published', 'heavy-' || s.n,
      'https://example.com/post/' || s.n, s.at
    from heavy_seed s join social_connections c on c.id = s.connections[1 + s.n % 30]`);
  // The stats rows as the job leaves them (latest numbers), one snapshot each.
  await db.execute(sql`
    insert into publication_stats (publication_id, user_id, company_id, post_id, connection_id,
      network, external_id, external_url, published_at, next_read_at, reads, read_at, likes,
      comments, shares, impressions, engagements)
    select p.id, ${heavy!.id}, po.company_id, po.id, p.connection_id, p.network, p.external_id,
      p.external_url, p.published_at, null, 5, p.published_at + interval '1 day',
      s.n % 200, s.n % 30, s.n % 40, 400 + s.n % 4000, s.n % 200 + s.n % 30 + s.n % 40
    from heavy_seed s join publications p on p.id = s.publication_id
    join posts po on po.id = s.post_id`);
  await db.execute(sql`
    insert into publication_metrics (publication_id, read_at, likes, comments, shares,
      impressions, raw)
    select publication_id, read_at, likes, comments, shares, impressions, '{}'::jsonb
    from publication_stats where user_id = ${heavy!.id}`);
  await db.execute(sql`
    insert into follower_counts (connection_id, day, followers)
    select c.id, (${clock().toISOString()}::timestamptz - d * interval '1 day')::date, 1000 + 200 - d
    from social_connections c join companies co on co.id = c.company_id,
      generate_series(0, 200) d
    where co.user_id = ${heavy!.id}`);
  await db.execute(sql`
    insert into short_link_clicks (short_link_id, day, clicks)
    select l.id, (${clock().toISOString()}::timestamptz - d * interval '1 day')::date, 1 + d % 7
    from short_links l, generate_series(0, 200) d where l.user_id = ${heavy!.id}`);
  // What autovacuum does on its own after a bulk load: the visibility map lets the summary's
  // scans answer from the index alone.
  await database.executeSql('vacuum analyze');

  const rollupStart = performance.now();
  await analyticsQueries.ensureRollup(db, heavy!.id, 'Europe/Berlin');
  console.log(
    `\nThe customer's rollup built from their stats rows (once per zone) in ${(performance.now() - rollupStart).toFixed(0)} ms`,
  );
  // As autovacuum would after the build: the planner knows the rollup's size.
  await database.executeSql('analyze');
  const [rollupRows] = await rows<{ days: string; hours: string }>(
    `select (select count(*) from analytics_days where user_id = $1) as days,
       (select count(*) from analytics_hours where user_id = $1) as hours`,
    [heavy!.id],
  );
  console.log(`rollup rows: ${rollupRows!.days} day rows, ${rollupRows!.hours} hour rows`);

  const [firstEntity] = await rows<{ id: string }>(
    `select id from companies where user_id = $1 order by name limit 1`,
    [heavy!.id],
  );
  const analytics = createAnalyticsService({
    db,
    savedTimeZone: () => Promise.resolve('Europe/Berlin'),
    ownsCompany: () => Promise.resolve(true),
  });
  const baseline = baselineService?.({
    db,
    savedTimeZone: () => Promise.resolve('Europe/Berlin'),
    ownsCompany: () => Promise.resolve(true),
  });
  console.log('\nSummary (GET /api/analytics/summary through the service, one at a time):');
  console.log(
    baseline
      ? `period | entity | p50 (ms) | p99 (ms) | baseline p50 (ms) | baseline p99 (ms) | same answer | posts_published`
      : 'period | entity | p50 (ms) | p99 (ms) | posts_published',
  );
  for (const days of [7, 30, 90]) {
    for (const entity of [undefined, firstEntity!.id]) {
      const to = clock();
      const from = new Date(to.getTime() - days * DAY_MS);
      const query = { from: from.toISOString(), to: to.toISOString(), company_id: entity };
      for (let warm = 0; warm < 10; warm++) {
        await analytics.summary(heavy!.id, query);
        await baseline?.summary(heavy!.id, query);
      }
      const samples: number[] = [];
      const baseSamples: number[] = [];
      let published = 0;
      let same = true;
      for (let call = 0; call < CALLS; call++) {
        // Turns: which one goes first alternates, so neither always meets a warmer cache.
        const runs: Array<() => Promise<void>> = [
          async () => {
            const start = performance.now();
            const answer = await analytics.summary(heavy!.id, query);
            samples.push(performance.now() - start);
            published = answer.posts_published;
            if (call === 0 && baseline) {
              same = isDeepStrictEqual(answer, await baseline.summary(heavy!.id, query));
            }
          },
        ];
        if (baseline) {
          runs.push(async () => {
            const start = performance.now();
            await baseline.summary(heavy!.id, query);
            baseSamples.push(performance.now() - start);
          });
          if (call % 2 === 1) runs.reverse();
        }
        for (const run of runs) await run();
      }
      samples.sort((a, b) => a - b);
      baseSamples.sort((a, b) => a - b);
      const figures = (list: number[]) =>
        `${percentile(list, 0.5).toFixed(1)} | ${percentile(list, 0.99).toFixed(1)}`;
      console.log(
        baseline
          ? `${days} days | ${entity ? 'one of 5' : 'all'} | ${figures(samples)} | ${figures(baseSamples)} | ${same ? 'yes' : 'NO'} | ${published}`
          : `${days} days | ${entity ? 'one of 5' : 'all'} | ${figures(samples)} | ${published}`,
      );
    }
  }
  if (values.parts) {
    const to = clock();
    const from = new Date(to.getTime() - 90 * DAY_MS);
    const scope = { userId: heavy!.id };
    const parts: Array<[string, () => Promise<unknown>]> = [
      [
        'periodFigures',
        () => analyticsQueries.periodFigures(db, scope, from, to, 'Europe/Berlin', true),
      ],
      ['networkExtras', () => analyticsQueries.networkExtras(db, scope, from, to)],
      ['clicksByDay', () => analyticsQueries.clicksByDay(db, scope, from, to)],
      ['followersGained', () => analyticsQueries.followersGained(db, scope, from, to)],
      ['topPosts', () => analyticsQueries.topPosts(db, scope, from, to, 10)],
    ];
    const plan = async (text: { toSQL?: unknown } | ReturnType<typeof sql>) => {
      const query = (
        db as unknown as {
          dialect: { sqlToQuery: (q: unknown) => { sql: string; params: unknown[] } };
        }
      ).dialect.sqlToQuery(text);
      const answer = await database.executeSql(
        `explain (analyze, buffers) ${query.sql}`,
        query.params,
      );
      for (const row of answer.rows as Array<Record<string, string>>)
        console.log(row['QUERY PLAN']);
    };
    if (process.env.EXPLAIN) {
      // EXPLAIN ANALYZE of each query the parts send, captured on their way to the database.
      for (const [name, run] of parts) {
        const captured: unknown[] = [];
        const execute = db.execute.bind(db);
        (db as unknown as { execute: (query: unknown) => unknown }).execute = (query) => {
          captured.push(query);
          return execute(query as never);
        };
        await run();
        (db as unknown as { execute: typeof execute }).execute = execute;
        for (const query of captured) {
          console.log(`\n--- ${name}`);
          await plan(query as ReturnType<typeof sql>);
        }
      }
    }
    console.log('\nEach query alone (90 days, all entities): name | p50 (ms)');
    for (const [name, run] of parts) {
      const samples: number[] = [];
      for (let call = 0; call < 20; call++) {
        const start = performance.now();
        await run();
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      console.log(`${name} | ${percentile(samples, 0.5).toFixed(1)}`);
    }
  }
} finally {
  await database.close();
  await scratch.drop();
}
