import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { closedPort } from '../../apps/server/test/helpers/ports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every live descendant of `pid` (children, their children, ...), from ps. */
function descendants(pid: number): number[] {
  const table = spawnSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout;
  const children = new Map<number, number[]>();
  for (const line of table.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child === undefined || parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// `npm start` runs the build `npm run test:e2e` has just made (it would build a stale one
// itself first), on a data folder and port of its own beside the suite's server.
test.describe('npm start under a process manager', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`${signal} to the npm process alone stops the server, releases the data folder, leaves no process`, async () => {
      // A cold start (migrations on a fresh embedded database) on a machine busy with the
      // other specs takes as long as the suite's own server (support/global-setup.ts).
      test.setTimeout(240_000);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-shutdown-'));
      const port = await closedPort();
      const npm = spawn('npm', ['start', '--silent'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let tree: number[] = [];
      try {
        let stderr = '';
        npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));

        await expect(async () => {
          const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
          expect(health?.ok, `the server is not answering: ${stderr}`).toBe(true);
        }).toPass({ timeout: 180_000 });
        expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
        tree = descendants(npm.pid!);
        expect(tree.length).toBeGreaterThan(0);

        npm.kill(signal);
        const stoppedInTime = await Promise.race([
          exited.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
        ]);
        expect(stoppedInTime, `npm did not exit after ${signal}: ${stderr}`).toBe(true);
        // The server's own exit code: 1 when closing failed or had to be forced.
        expect(await exited, `npm's exit code after ${signal}: ${stderr}`).toBe(0);
        await expect
          .poll(() => tree.filter(isAlive), { message: 'processes left', timeout: 5_000 })
          .toEqual([]);
        expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
      } finally {
        // After a failure, nothing this test started outlives it.
        const running = npm.exitCode === null && npm.signalCode === null;
        const started = running ? [...descendants(npm.pid!), npm.pid!] : tree;
        for (const pid of started.filter(isAlive)) process.kill(pid, 'SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
