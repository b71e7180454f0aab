// `npm run bench:start`: how long the server takes from `node dist/main.js` to answering,
// on an empty data folder (with the build's ready-made database and with PGlite's own
// initialisation) and on an existing one, interleaved round by round. Also the peak and
// idle resident memory of the server process. Needs a build (`npm run build`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { percentile } from './stats.js';
import { freePort } from './free-port.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const main = path.resolve('apps/server/dist/main.js');
const readyMade = path.resolve('apps/server/dist/initial-data.tar.gz');
if (!existsSync(main) || !existsSync(readyMade)) {
  console.error('Build first: npm run build');
  process.exit(2);
}

/** Resident and peak resident memory of a process, MB (Linux /proc). */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

interface Run {
  ms: number;
  peak: number;
  idle: number;
}

async function start(dataDir: string): Promise<Run> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error('the server exited');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ms = performance.now() - began;
    // Idle: the start-up's garbage collected, the job queue's first polls done.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const { rss, peak } = memory(child.pid!);
    return { ms, peak, idle: rss };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const results: Record<string, Run[]> = { 'ready-made': [], initdb: [], warm: [] };
for (let round = 1; round <= rounds; round += 1) {
  const order = round % 2 ? ['ready-made', 'initdb'] : ['initdb', 'ready-made'];
  for (const kind of order) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-start-'));
    try {
      if (kind === 'initdb') renameSync(readyMade, `${readyMade}.off`);
      try {
        results[kind]!.push(await start(dataDir));
      } finally {
        if (kind === 'initdb') renameSync(`${readyMade}.off`, readyMade);
      }
      if (kind === 'ready-made') results.warm!.push(await start(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`round ${round} done`);
}

const median = (samples: number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    0.5,
  );
console.log(`\n${rounds} rounds, interleaved; medians (min-max)`);
console.log('| start | to first answer | peak RSS | idle RSS |');
console.log('| --- | --- | --- | --- |');
const labels: Record<string, string> = {
  'ready-made': 'empty data folder, ready-made database',
  initdb: 'empty data folder, PGlite initialises it',
  warm: 'existing data folder',
};
for (const [kind, runs] of Object.entries(results)) {
  const ms = runs.map((run) => run.ms);
  console.log(
    `| ${labels[kind]} | ${(median(ms) / 1000).toFixed(2)} s (${(Math.min(...ms) / 1000).toFixed(2)}-${(Math.max(...ms) / 1000).toFixed(2)}) | ${median(runs.map((run) => run.peak)).toFixed(0)} MB | ${median(runs.map((run) => run.idle)).toFixed(0)} MB |`,
  );
}
