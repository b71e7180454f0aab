// `node bench/run.mjs untrusted-upload`: how fast GET /api/health answers while a customer
// uploads a hostile SVG logo (nested <g>s, decision 102). Each server runs as its own
// process on its own embedded database: this tree's build and, with --before, another
// build (e.g. of a git worktree of main); rounds alternate which goes first. In a round,
// each server gets one hostile upload while a separate client asks its health route back
// to back, then the same with a realistic logo (300 paths, 4 levels, 38 KB) and a heavy
// one (3,600 paths, 450 KB, like the largest real logo we measured). Needs `npm run build
// -w @cadence/server` (and the same in the other tree).
//
//   node bench/run.mjs untrusted-upload --depth 10000 --rounds 3 \
//     --before /tmp/main/apps/server/dist/main.js
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { deriveKey } from '../apps/server/src/lib/keys.js';
import { createTokenService } from '../apps/server/src/modules/auth/tokens.js';
import { freePort } from './free-port.js';
import { summarise } from './stats.js';

const { values } = parseArgs({
  options: {
    depth: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    /** The built server (dist/main.js) of the code to compare with. */
    before: { type: 'string' },
    /** How long the idle health route is measured per round, ms. */
    'idle-ms': { type: 'string', default: '1000' },
  },
});
const APP_SECRET = 'bench-untrusted-secret-bench-untrusted-0123456789';
const depth = Number(values.depth);
const rounds = Number(values.rounds);

const hostileSvg = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">${'<g>'.repeat(depth)}<circle cx="32" cy="32" r="30"/>${'</g>'.repeat(depth)}</svg>`,
);

/** A logo as a drawing program exports one: gradients, groups of 50 curved paths. */
function realisticLogo(groupCount: number) {
  let seed = 7;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return (seed % 2000) / 10;
  };
  const path = () =>
    `<path fill="url(#a)" stroke="#1e1b4b" stroke-width="0.5" d="M${next()} ${next()}C${next()} ${next()} ${next()} ${next()} ${next()} ${next()}S${next()} ${next()} ${next()} ${next()}Z"/>`;
  const groups = Array.from(
    { length: groupCount },
    (_, k) =>
      `<g id="layer${k}" transform="translate(${k * 3} 0)"><g opacity="0.9">${Array.from({ length: 50 }, path).join('')}</g></g>`,
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><defs><linearGradient id="a" x1="0" x2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#06b6d4"/></linearGradient></defs>${groups.join('')}</svg>`,
  );
}
const files: Record<string, Buffer> = {
  hostile: hostileSvg,
  realistic: realisticLogo(6),
  heavy: realisticLogo(72),
};

interface Server {
  label: string;
  entry: string;
  port: number;
  child: ChildProcess;
  token: string;
  dataDir: string;
}

async function startServer(label: string, entry: string): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-untrusted-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  let token: string;
  try {
    await runMigrations(database);
    await database.db.execute(sql`
      insert into users (name, email, password_hash, is_verified)
      values ('Bench', 'bench@example.com', 'x', true)`);
    const [user] = (
      await database.executeSql(
        "select id, token_version from users where email = 'bench@example.com'",
      )
    ).rows as Array<{ id: string; token_version: number }>;
    const tokens = createTokenService(deriveKey(APP_SECRET, 'jwt'), () => new Date());
    token = (await tokens.issue({ userId: user!.id, tokenVersion: user!.token_version })).token;
  } finally {
    await database.close();
  }
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve(entry)], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_SECRET, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`the ${label} server exited`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { label, entry, port, child, token, dataDir };
}

async function stopServer(server: Server) {
  const exited = new Promise<void>((resolve) => server.child.on('exit', () => resolve()));
  server.child.kill('SIGTERM');
  await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function upload(server: Server, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/svg+xml' }), 'logo.svg');
  const started = performance.now();
  try {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/customer/company/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}` },
      body: form,
    });
    const body = (await response.json()) as { code?: string };
    return { status: response.status, code: body.code, ms: performance.now() - started };
  } catch {
    return { status: 0, code: 'connection reset', ms: performance.now() - started };
  }
}

/**
 * Health answer times (ms) while `work` runs, asked back to back by this process, and how
 * many asks failed (the connection reset).
 */
async function healthWhile<T>(server: Server, work: () => Promise<T>) {
  const times: number[] = [];
  let failures = 0;
  let isDone = false;
  const poll = (async () => {
    while (!isDone || times.length < 5) {
      const started = performance.now();
      try {
        const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
        await response.arrayBuffer();
      } catch {
        failures++;
      }
      times.push(performance.now() - started);
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    isDone = true;
    await poll;
  }
  return { result, times, failures };
}

const idle = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const entries: Array<[string, string]> = [['after', 'apps/server/dist/main.js']];
if (values.before) entries.unshift(['before', values.before]);

const servers: Server[] = [];
for (const [label, entry] of entries) servers.push(await startServer(label, entry));
interface Sample {
  status: number;
  code?: string;
  ms: number;
  health: number[];
  failures: number;
}
const samples = new Map<string, Sample[]>();
const idleTimes = new Map<string, number[]>(servers.map((server) => [server.label, []]));
try {
  // A realistic logo each first: a process's first SVG also starts what cleans it.
  for (const server of servers) {
    const first = await upload(server, files.realistic!);
    console.log(`${server.label}: first logo ${first.status} in ${first.ms.toFixed(0)} ms`);
  }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const quiet = await healthWhile(server, () => idle(Number(values['idle-ms'])));
      idleTimes.get(server.label)!.push(...quiet.times);
      for (const [kind, bytes] of Object.entries(files)) {
        const { result, times, failures } = await healthWhile(server, () => upload(server, bytes));
        const key = `${kind}|${server.label}`;
        samples.set(key, [...(samples.get(key) ?? []), { ...result, health: times, failures }]);
        console.log(
          `round ${round + 1} ${server.label} ${kind}: ${result.status} ${result.code ?? ''} in ${result.ms.toFixed(0)} ms, health max ${Math.max(...times).toFixed(1)} ms over ${times.length} asks (${failures} failed)`,
        );
      }
    }
  }
} finally {
  for (const server of servers) await stopServer(server);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const size = (bytes: Buffer) => `${(bytes.length / 1024).toFixed(0)} KB`;
console.log(
  `\n${rounds} rounds; hostile: depth ${depth} (${size(hostileSvg)}), realistic ${size(files.realistic!)}, heavy ${size(files.heavy!)}`,
);
console.log('| upload | server | answer | upload p50 | health p50 / p99 / max (asks, failed) |');
console.log('| --- | --- | --- | --- | --- |');
for (const server of servers) {
  const quiet = summarise(idleTimes.get(server.label)!);
  console.log(
    `| none (idle) | ${server.label} | | | ${ms(quiet.p50)} / ${ms(quiet.p99)} / ${ms(quiet.max)} (${idleTimes.get(server.label)!.length}, 0) |`,
  );
}
for (const kind of Object.keys(files)) {
  for (const server of servers) {
    const runs = samples.get(`${kind}|${server.label}`) ?? [];
    const health = runs.flatMap((run) => run.health);
    const stats = summarise(health);
    const answers = [
      ...new Set(runs.map((run) => `${run.status}${run.code ? ` ${run.code}` : ''}`)),
    ];
    console.log(
      `| ${kind} | ${server.label} | ${answers.join(', ')} | ${ms(summarise(runs.map((run) => run.ms)).p50)} | ${ms(stats.p50)} / ${ms(stats.p99)} / ${ms(stats.max)} (${health.length}, ${runs.reduce((sum, run) => sum + run.failures, 0)}) |`,
    );
  }
}
