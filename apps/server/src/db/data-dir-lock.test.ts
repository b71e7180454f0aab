import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('takes over a lock left by a process that died, and frees it on release', () => {
    const dir = newDir();
    const lockFile = path.join(dir, 'pglite.lock');
    // Above the largest pid Linux hands out (2^22): no process has it.
    writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 22 + 12345, owner: 'ghost' }));
    const holder = () => JSON.parse(readFileSync(lockFile, 'utf8')) as unknown;
    const lock = acquireDataDirLock(dir, 'server');
    expect(holder()).toEqual({ pid: process.pid, owner: 'server' });
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    const again = acquireDataDirLock(dir, 'the admin command');
    expect(holder()).toEqual({ pid: process.pid, owner: 'the admin command' });
    again.release();
    expect(existsSync(lockFile)).toBe(false);
  });
});
