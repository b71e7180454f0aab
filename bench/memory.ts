// `npm run bench:memory`: the idle memory of the built server after a customer loaded the
// companies page, in both database modes, and where it goes. Needs a build (`npm run build`).
//
//   npm run bench:memory -- --rounds 3 [--engine pglite,postgres] [--idle 10,30]
//                           [--builds /path/to/other/checkout,.]
//
// The server runs as `npm start` runs it (`node [the start script's options] scripts/run.mjs
// start`: the server inside that process, source maps on; ROLE=all), on an existing
// embedded data folder or with `DATABASE_URL`. The database is seeded once
// per engine (a verified customer with two entities); then each round starts every build in
// turn (the order alternates round by round), waits for `/api/health`, fetches `/companies`
// with its scripts, signs the customer in, loads their profile, entities and posts, waits
// and reads the server process's memory `--idle` seconds after the last request: resident set by kind of mapping
// (/proc/<pid>/smaps) and process.memoryUsage() (through bench/memory-probe.mjs, loaded with
// `--import`). `--builds` compares checkouts (each built) side by side with the same data.
//
// PostgreSQL: ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// must be able to create databases; the run makes its own and drops it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { createScratchDatabase } from './scratch-database.js';
import { percentile } from './stats.js';
import { freePort } from './free-port.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite,postgres' },
    rounds: { type: 'string', default: '3' },
    /** Seconds after the last request at which memory is read (V8 shrinks its young
    generation some seconds after the process goes idle). */
    idle: { type: 'string', default: '10,30' },
    builds: { type: 'string', default: '.' },
    /** Also writes a heap snapshot of each run into this folder. */
    snapshot: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const idleSeconds = values.idle.split(',').map(Number);
const builds = values.builds.split(',').map((dir) => path.resolve(dir));
for (const build of builds) {
  if (!existsSync(path.join(build, 'apps/server/dist/main.js'))) {
    console.error(`Build first: npm run build (in ${build})`);
    process.exit(2);
  }
}
const probe = path.resolve('bench/memory-probe.mjs');
const APP_SECRET = 'bench-memory-secret-bench-memory-secret-0123';
const EMAIL = 'memory@example.com';
const PASSWORD = 'memory-bench-password';

async function seed(database: Database) {
  await runMigrations(database);
  const passwordHash = await hashPassword(PASSWORD);
  await database.db.execute(sql`
    insert into users (name, email, password_hash, is_verified, verified_at)
    values ('Memory Bench', ${EMAIL}, ${passwordHash}, true, now())`);
  await database.db.execute(sql`
    insert into companies (user_id, name, website)
    select u.id, 'Entity ' || n, 'https://example.com/' || n
    from users u, generate_series(1, 2) n where u.email = ${EMAIL}`);
}

interface Target {
  engine: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

async function prepare(engine: 'pglite' | 'postgres'): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-memory-'));
  if (engine === 'pglite') {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await seed(database);
    } finally {
      await database.close();
    }
    return {
      engine,
      dataDir,
      databaseUrl: undefined,
      drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const scratch = await createScratchDatabase('cadence_bench_memory');
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    await seed(database);
  } finally {
    await database.close();
  }
  return {
    engine,
    dataDir,
    databaseUrl: scratch.url,
    drop: async () => {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident kB per kind of mapping, from /proc/<pid>/smaps. */
function residentByMapping(pid: number) {
  const kinds: Record<string, number> = {};
  let kind = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const size = parseInt(header[2]!, 16) - parseInt(header[1]!, 16);
      const [permissions, name] = [header[3]!, header[4]!];
      // Heuristics by shape: V8 allocates its heap in 256 kB pages; PGlite's WebAssembly
      // memory is one mapping of at least 128 MB; malloc's arenas are at most 64 MB.
      if (name === '[heap]') kind = 'malloc, main heap';
      else if (name === '' && permissions.includes('x')) kind = 'compiled code (JIT)';
      else if (name === '' && size === 256 * 1024) kind = 'V8 heap pages';
      else if (name === '' && size >= 100 * 2 ** 20) kind = 'WebAssembly memory';
      else if (name === '' && size >= 2 ** 20) kind = 'malloc arenas, large blocks';
      else if (name === '') kind = 'other anonymous';
      else if (/\/node$/.test(name)) kind = 'node binary';
      else kind = 'files and libraries';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] = (kinds[kind] ?? 0) + Number(rss[1]);
  }
  return kinds;
}

interface Sample {
  rss: number;
  mappings: Record<string, number>;
  usage: Record<string, number> & { committed?: Record<string, number> };
}

async function run(build: string, target: Target, label: string): Promise<Sample[]> {
  const port = await freePort();
  const probeFile = path.join(target.dataDir, `probe-${randomBytes(4).toString('hex')}.json`);
  // As `npm start` runs it, with the node options of the build's own start script.
  const script = (
    JSON.parse(readFileSync(path.join(build, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts.start!;
  const flags = /node\s+(.*?)\s*scripts\/run\.mjs start/.exec(script)?.[1]?.split(/\s+/) ?? [];
  const entry = [...flags.filter(Boolean), path.join(build, 'scripts/run.mjs'), 'start'];
  const child = spawn(
    process.execPath,
    ['--import', probe, ...(values.snapshot ? ['--heapsnapshot-signal=SIGUSR2'] : []), ...entry],
    {
      cwd: values.snapshot ?? build,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.databaseUrl ?? '',
        APP_SECRET,
        LOG_LEVEL: 'warn',
        MEMORY_PROBE_FILE: probeFile,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      const ok = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`the server (${label}) exited`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // What a browser fetches for /companies: the page, its scripts, then the API calls.
    const headers = { 'accept-encoding': 'br, gzip' };
    const html = await (await fetch(`${base}/companies`, { headers })).text();
    for (const [, src] of html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g))
      await (await fetch(`${base}${src}`, { headers })).arrayBuffer();
    const signIn = await fetch(`${base}/api/customer/auth/sign-in`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in (${label}): ${signIn.status} ${await signIn.text()}`);
    const { data } = (await signIn.json()) as { data: { access_token: string } };
    const token = data.access_token;
    const auth = { ...headers, authorization: `Bearer ${token}` };
    for (const url of ['/api/customer/me', '/api/customer/company', '/api/customer/post?page=1']) {
      const response = await fetch(`${base}${url}`, { headers: auth });
      if (!response.ok) throw new Error(`${url} (${label}): ${response.status}`);
      await response.arrayBuffer();
    }
    const samples: Sample[] = [];
    let waited = 0;
    for (const seconds of idleSeconds) {
      await new Promise((resolve) => setTimeout(resolve, (seconds - waited) * 1000));
      waited = seconds;
      samples.push(await read(child.pid!, probeFile));
    }
    if (values.snapshot) {
      child.kill('SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    return samples;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function read(pid: number, probeFile: string): Promise<Sample> {
  const mappings = residentByMapping(pid);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  rmSync(probeFile, { force: true });
  process.kill(pid, 'SIGWINCH');
  let usage: Sample['usage'] = {};
  for (let tries = 0; tries < 50 && !existsSync(probeFile); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (existsSync(probeFile)) usage = JSON.parse(readFileSync(probeFile, 'utf8')) as Sample['usage'];
  return {
    rss,
    mappings: Object.fromEntries(Object.entries(mappings).map(([k, v]) => [k, v / 1024])),
    usage,
  };
}

const mb = (bytes: number | undefined) => (bytes ?? 0) / 1024 / 1024;
const median = (samples: number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    0.5,
  );

const engines = values.engine.split(',') as Array<'pglite' | 'postgres'>;
for (const engine of engines) {
  const target = await prepare(engine);
  /** Per build, per round: one sample per idle time. */
  const runs = new Map<string, Sample[][]>(builds.map((build) => [build, []]));
  try {
    // One start first, not counted: it creates what the seed left out (the job queue's
    // schema), so every counted run starts from the same, existing data.
    await run(builds[0]!, target, `${engine}, warm-up`);
    for (let round = 1; round <= rounds; round += 1) {
      const order = round % 2 ? builds : [...builds].reverse();
      for (const build of order) {
        const samples = await run(build, target, `${engine}, ${build}`);
        runs.get(build)!.push(samples);
        console.log(
          `${engine} round ${round} ${path.basename(build)}: ${samples.map((sample, index) => `${sample.rss.toFixed(0)} MB at ${idleSeconds[index]} s`).join(', ')}`,
        );
      }
    }
  } finally {
    await target.drop();
  }
  idleSeconds.forEach((seconds, index) => {
    const at = (build: string) => runs.get(build)!.map((samples) => samples[index]!);
    console.log(`\n${engine}, ${seconds} s idle: medians of ${rounds} rounds, MB`);
    const columns = builds.map((build) => path.basename(build));
    console.log(`| measure | ${columns.join(' | ')} |`);
    console.log(`| --- | ${columns.map(() => '---').join(' | ')} |`);
    const row = (name: string, pick: (sample: Sample) => number) =>
      console.log(
        `| ${name} | ${builds.map((build) => median(at(build).map(pick)).toFixed(1)).join(' | ')} |`,
      );
    row('resident (VmRSS)', (sample) => sample.rss);
    const kinds = new Set(
      builds.flatMap((build) => at(build).flatMap((sample) => Object.keys(sample.mappings))),
    );
    for (const kind of kinds) row(`- ${kind}`, (sample) => sample.mappings[kind] ?? 0);
    for (const field of ['heapTotal', 'heapUsed', 'external', 'arrayBuffers'])
      row(`memoryUsage().${field}`, (sample) => mb(sample.usage[field]));
    for (const space of ['new_space', 'old_space', 'code_space', 'large_object_space'])
      row(`- V8 ${space}, committed`, (sample) => mb(sample.usage.committed?.[space]));
  });
}
