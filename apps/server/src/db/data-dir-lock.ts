import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: { pid: number; owner: string },
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by ${holder.owner} (pid ${holder.pid}). ` +
        'Stop that process first, or use PostgreSQL (DATABASE_URL) to run several processes at once. ' +
        `If no such process runs, delete ${lockFile}.`,
    );
    this.name = 'DataDirBusyError';
  }
}

function isAlive(pid: number) {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite keeps its files open in one process; a second process writing the same files
 * corrupts them. Whoever opens the embedded database (the server or the admin command)
 * holds this lock file, and a live holder makes the other refuse with a clear message.
 */
export function acquireDataDirLock(dataDir: string, owner: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, owner }));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockFile);
      if (holder && isAlive(holder.pid)) throw new DataDirBusyError(lockFile, holder);
      // The holder died without cleaning up: take the lock over.
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not acquire ${lockFile}`);
}

function readHolder(lockFile: string): { pid: number; owner: string } | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid?: unknown; owner?: unknown };
    if (typeof parsed.pid !== 'number') return undefined;
    return {
      pid: parsed.pid,
      owner: typeof parsed.owner === 'string' ? parsed.owner : 'another process',
    };
  } catch {
    return undefined;
  }
}
