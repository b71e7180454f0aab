import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort } from './helpers/ports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const built = existsSync(path.join(root, 'apps/server/dist/main.js'));

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

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

// Needs the built server (npm run build), as `npm start` itself does.
describe.skipIf(!built)('npm start under a process manager', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the npm process alone stops the server, releases the data folder, leaves no process',
    async (signal) => {
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
      let stderr = '';
      npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));

      const healthy = await waitFor(async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
        } catch {
          return false;
        }
      }, 90_000);
      expect(healthy, stderr).toBe(true);
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
      const tree = descendants(npm.pid!);
      expect(tree.length).toBeGreaterThan(0);

      npm.kill(signal);
      const stoppedInTime = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      expect(stoppedInTime, `npm did not exit after ${signal}: ${stderr}`).toBe(true);
      expect(await waitFor(() => tree.every((pid) => !isAlive(pid)), 5_000)).toBe(true);
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    },
    120_000,
  );
});
