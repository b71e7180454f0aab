// `npm run bench:api`: the authenticated posts list (`GET /api/customer/post`, the real
// server) against a minimal hand-written route doing only the essentials (token check and
// the same page query, no count, no validation) on the same database, side by side: for each engine and post count,
// rounds alternate which one goes first; each runs as its own process, warmed up, then
// loaded by 10 keep-alive connections for a few seconds. Needs a build (`npm run build`).
//
//   npm run bench:api -- --engine postgres --posts 1000,100000 --seconds 5 --rounds 3
//
// PostgreSQL: ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// must be able to create databases; each run makes its own and drops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { deriveKey } from '../apps/server/src/lib/keys.js';
import { createTokenService } from '../apps/server/src/modules/auth/tokens.js';
import { createScratchDatabase } from './scratch-database.js';
import { percentile } from './stats.js';
import { freePort } from './free-port.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite,postgres' },
    posts: { type: 'string', default: '1000,100000' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    'serve-minimal': { type: 'boolean', default: false },
    /** Writes a CPU profile of each Cadence server run into this folder. */
    profile: { type: 'string' },
  },
});
const APP_SECRET = 'bench-api-secret-bench-api-secret-0123456789';
const PAGE_SIZE = 25;
const self = fileURLToPath(import.meta.url);

if (values['serve-minimal']) {
  await serveMinimal();
} else {
  await main();
}

/**
 * The hand-written comparison: Fastify, the same token check (HS256 with the same key) and
 * one query for the page. No validation, no session lookup, no count, no attachments.
 */
async function serveMinimal() {
  const { default: Fastify } = await import('fastify');
  const { jwtVerify } = await import('jose');
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: process.env.DATABASE_URL ? undefined : path.join(process.env.DATA_DIR!, 'pglite'),
    owner: 'the minimal bench server',
  });
  const key = deriveKey(APP_SECRET, 'jwt');
  const app = Fastify();
  app.get('/api/health', (_request, reply) => reply.send({ ok: true }));
  app.get('/api/customer/post', async (request, reply) => {
    const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
    let userId: string;
    try {
      userId = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload.sub!;
    } catch {
      return reply.code(401).send({ message: 'Unauthorized' });
    }
    const { rows } = await database.executeSql(
      // The same page query as the real list: entity, schedules flag and attachments.
      `select p.*, c.id as company_id, c.name as company_name, c.logo_url as company_logo_url,
         exists (select 1 from schedules s where s.post_id = p.id) as has_schedules,
         coalesce((select json_agg(json_build_object('id', a.id, 'mediaUrl', a.media_url,
           'name', a.name, 'mimeType', a.mime_type) order by a.created_at)
           from post_attachments a where a.post_id = p.id), '[]'::json) as attachments
       from posts p left join companies c on c.id = p.company_id
       where p.user_id = $1
       order by p.created_at desc nulls last, p.id desc nulls last limit ${PAGE_SIZE}`,
      [userId],
    );
    return { message: 'Posts fetched successfully', data: { rows } };
  });
  const stop = () => void app.close().then(() => database.close().then(() => process.exit(0)));
  process.on('SIGTERM', stop);
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

interface Target {
  engine: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl: string | undefined;
  token: string;
}

/** A customer with `count` posts (and nine others with a few each), and a token for them. */
async function seed(database: Database, count: number): Promise<string> {
  await runMigrations(database);
  const { db } = database;
  await db.execute(sql`
    insert into users (name, email, password_hash, is_verified)
    select 'User ' || n, 'user' || n || '@example.com', 'x', true from generate_series(0, 9) n`);
  await db.execute(sql`
    insert into companies (user_id, name, website)
    select u.id, 'Entity ' || u.email, 'https://example.com' from users u`);
  await db.execute(sql`
    insert into posts (user_id, company_id, content, url, created_at)
    select u.id, c.id, 'Post ' || n || ' about our news ' || md5(n::text),
      case when n % 3 = 0 then 'https://example.com/' || n end,
      now() - n * interval '1 minute'
    from users u join companies c on c.user_id = u.id,
      generate_series(1, case when u.email = 'user0@example.com' then ${count} else 100 end) n`);
  await db.execute(sql`analyze`);
  const [user] = (
    await database.executeSql(
      "select id, token_version from users where email = 'user0@example.com'",
    )
  ).rows as Array<{ id: string; token_version: number }>;
  const tokens = createTokenService(deriveKey(APP_SECRET, 'jwt'), () => new Date());
  return (await tokens.issue({ userId: user!.id, tokenVersion: user!.token_version })).token;
}

async function prepare(engine: 'pglite' | 'postgres', count: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-api-'));
  if (engine === 'pglite') {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      return {
        target: { engine, dataDir, databaseUrl: undefined, token: await seed(database, count) },
        drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
      };
    } finally {
      await database.close();
    }
  }
  const scratch = await createScratchDatabase('cadence_bench_api');
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    const token = await seed(database, count);
    return {
      target: { engine, dataDir, databaseUrl: scratch.url, token },
      drop: async () => {
        await scratch.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    await database.close();
  }
}

async function startServer(kind: 'cadence' | 'minimal', target: Target) {
  const port = await freePort();
  const args =
    kind === 'cadence'
      ? [
          ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []),
          path.resolve('apps/server/dist/main.js'),
        ]
      : ['--enable-source-maps', self, '--serve-minimal'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? '',
      APP_SECRET,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`the ${kind} server exited`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, child };
}

/** CPU time (user + system) a process has used so far, ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

interface Load {
  rate: number;
  p50: number;
  p99: number;
  failures: number;
}
interface Sample extends Load {
  /** Server CPU time per request, ms. */
  cpu: number;
}

/** `connections` keep-alive loops for `ms`: requests a second and latencies. */
async function load(port: number, token: string, ms: number, connections: number): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failures = 0;
  const request = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/customer/post?page=1&pageSize=${PAGE_SIZE}`,
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
          agent,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const began = performance.now();
        const status = await request().catch(() => 0);
        if (status === 200) latencies.push(performance.now() - began);
        else failures += 1;
      }
    }),
  );
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / (ms / 1000),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    failures,
  };
}

async function main() {
  if (!existsSync('apps/server/dist/main.js')) {
    console.error('Build first: npm run build');
    process.exit(2);
  }
  const seconds = Number(values.seconds);
  const rounds = Number(values.rounds);
  const connections = Number(values.connections);
  const lines: string[] = [];
  for (const engine of values.engine.split(',') as Array<'pglite' | 'postgres'>) {
    for (const count of values.posts.split(',').map(Number)) {
      const { target, drop } = await prepare(engine, count);
      const samples: Record<'cadence' | 'minimal', Sample[]> = { cadence: [], minimal: [] };
      try {
        for (let round = 0; round < rounds; round += 1) {
          const order =
            round % 2 === 0 ? (['cadence', 'minimal'] as const) : (['minimal', 'cadence'] as const);
          for (const kind of order) {
            const { port, child } = await startServer(kind, target);
            try {
              await load(port, target.token, 1000, connections); // warm-up
              const cpuBefore = cpuMs(child.pid!);
              const result = await load(port, target.token, seconds * 1000, connections);
              const requests = result.rate * seconds;
              samples[kind].push({ ...result, cpu: (cpuMs(child.pid!) - cpuBefore) / requests });
            } finally {
              await stopServer(child);
            }
          }
          console.log(`${engine}, ${count} posts: round ${round + 1} of ${rounds}`);
        }
      } finally {
        await drop();
      }
      const median = (list: number[]) =>
        percentile(
          [...list].sort((a, b) => a - b),
          0.5,
        );
      const ours = {
        rate: median(samples.cadence.map((s) => s.rate)),
        p99: median(samples.cadence.map((s) => s.p99)),
        p50: median(samples.cadence.map((s) => s.p50)),
        cpu: median(samples.cadence.map((s) => s.cpu)),
      };
      const theirs = {
        rate: median(samples.minimal.map((s) => s.rate)),
        p99: median(samples.minimal.map((s) => s.p99)),
        p50: median(samples.minimal.map((s) => s.p50)),
        cpu: median(samples.minimal.map((s) => s.cpu)),
      };
      const failures = [...samples.cadence, ...samples.minimal].reduce(
        (sum, s) => sum + s.failures,
        0,
      );
      lines.push(
        `| ${engine} | ${count.toLocaleString('en')} | ${ours.rate.toFixed(0)} | ${ours.p50.toFixed(1)} / ${ours.p99.toFixed(1)} ms | ${theirs.rate.toFixed(0)} | ${theirs.p50.toFixed(1)} / ${theirs.p99.toFixed(1)} ms | **${((ours.rate / theirs.rate) * 100).toFixed(0)}%** | ${ours.cpu.toFixed(2)} / ${theirs.cpu.toFixed(2)} ms | ${failures} |`,
      );
    }
  }
  console.log(
    `\nMedians of ${rounds} interleaved rounds of ${seconds} s, ${connections} connections, page of ${PAGE_SIZE}`,
  );
  console.log(
    '| engine | posts | Cadence req/s | Cadence p50 / p99 | minimal req/s | minimal p50 / p99 | Cadence / minimal | CPU per request, Cadence / minimal | failed requests |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const line of lines) console.log(line);
}
