import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirBusyError } from './data-dir-lock.js';

describe('embedded database lock', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cadence-lock-'));
    dirs.push(dir);
    return dir;
  };

  it('refuses while another live process holds it, naming the holder', async () => {
    const dir = newDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(
        path.join(dir, 'pglite.lock'),
        JSON.stringify({ pid: other.pid, owner: 'the Cadence server' }),
      );
      expect(() => acquireDataDirLock(dir, 'the admin command')).toThrow(DataDirBusyError);
      expect(() => acquireDataDirLock(dir, 'the admin command')).toThrow(
        /in use by the Cadence server/,
      );
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dir = newDir();
    writeFileSync(
      path.join(dir, 'pglite.lock'),
      JSON.stringify({ pid: 2 ** 22 + 12345, owner: 'ghost' }),
    );
    const lock = acquireDataDirLock(dir, 'server');
    lock.release();
    const again = acquireDataDirLock(dir, 'server');
    again.release();
  });
});
