import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { unpackDataDir } from './unpack-data-dir.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repository functions accept either. */
export type DbExecutor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface SqlResult {
  rows: Record<string, unknown>[];
  rowCount?: number | null;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL with positional parameters, for pg-boss's `db.executeSql` hook. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  ping(): Promise<void>;
  /** Runs `fn` while holding a Postgres session advisory lock (a no-op guard on PGlite). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** The embedded database's files as a gzipped tar (PGlite only; see initial-data.ts). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PostgreSQL only: one connection of its own, outside the pool, that stays open until it is
   * closed or lost (the heartbeat's: `modules/admin/heartbeat.ts`).
   */
  openSession?: () => Promise<DbSession>;
  close(): Promise<void>;
}

/** A connection of its own (`Database.openSession`). */
export interface DbSession {
  db: Db;
  /** False once it was closed or the connection was lost: open another. */
  isOpen(): boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; unset means the embedded PGlite database. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; unset means in memory (tests). */
  pgliteDir?: string | undefined;
  /** Who holds the embedded database, shown to a second process that finds it busy. */
  owner?: string;
  /**
   * A ready-made data folder (gzipped tar from `dumpDataDir`) to start from when
   * `pgliteDir` does not exist yet: unpacking it is several times faster than PGlite's own
   * initialisation of a new cluster (see initial-data.ts).
   */
  initialDataDir?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.pgliteDir, options.owner ?? 'server', options.initialDataDir);
}

function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    executeSql: (text, values) => pool.query(text, values),
    ping: async () => {
      await pool.query('select 1');
    },
    withLock: async (key, fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    openSession: async () => {
      const client = new pg.Client({ connectionString });
      let isOpen = true;
      // A lost connection must not crash the process: the session just reports it.
      client.on('error', () => (isOpen = false));
      client.on('end', () => (isOpen = false));
      try {
        await client.connect();
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      return {
        db: drizzlePg(client, { schema }) as unknown as Db,
        isOpen: () => isOpen,
        close: async () => {
          isOpen = false;
          await client.end().catch(() => undefined);
        },
      };
    },
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL settings for the embedded database. Its memory lives in the WASM heap, which
 * grows and never shrinks: PostgreSQL's default 128 MB of shared_buffers alone made the
 * heap about 120 MB larger (resident 294 MB vs 172 MB for an opened database, measured).
 * One process serves one small team, so a small buffer cache and per-query memory suffice;
 * the operating system caches the data files anyway.
 */
export const PGLITE_SETTINGS = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'work_mem=2MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=1MB',
  '-c',
  'wal_buffers=512kB',
];

async function openPglite(
  dir: string | undefined,
  owner: string,
  initialDataDir: string | undefined,
): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (dir) lock = acquireDataDirLock(path.dirname(dir), owner);
  try {
    // Unpacked here, streaming, rather than handed to PGlite (`loadDataDir`), which keeps
    // the whole archive in memory (see unpack-data-dir.ts).
    if (dir && initialDataDir && !existsSync(dir) && existsSync(initialDataDir))
      await unpackDataDir(initialDataDir, dir);
    // Loaded only here: a process on PostgreSQL never needs the embedded database (drizzle's
    // PGlite driver loads it too).
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
    ]);
    // pg_trgm backs the post search index (the same extension Postgres ships in contrib).
    const client = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      executeSql: async (text, values) => {
        if (values && values.length > 0) {
          const result = await client.query<Record<string, unknown>>(text, values);
          return { rows: result.rows, rowCount: result.affectedRows ?? null };
        }
        // pg-boss sends some commands as several statements in one string (its migrations,
        // locked sections); only `exec` runs those. The last statement's rows are the answer.
        const results = await client.exec(text);
        const last = results.at(-1);
        return {
          rows: last?.rows ?? [],
          rowCount: last?.affectedRows ?? null,
        };
      },
      ping: async () => {
        await client.query('select 1');
      },
      // One process owns the embedded database (see data-dir-lock.ts), so nothing to serialise.
      withLock: (_key, fn) => fn(),
      dumpDataDir: () => client.dumpDataDir('gzip'),
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
