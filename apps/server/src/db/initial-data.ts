import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';
import { startJobQueue, stopJobQueue } from '../jobs/job-queue.js';

/**
 * Where the build leaves the ready-made embedded database: next to the bundled server
 * (`dist/initial-data.tar.gz`). Absent when the server runs from source (tests), where the
 * embedded database is initialised the slow way or kept in memory.
 */
export function initialDataDirFile(): string {
  return fileURLToPath(new URL('initial-data.tar.gz', import.meta.url));
}

/**
 * Builds the data folder every new embedded database starts from: a fresh cluster with
 * the migrations applied and the job queue's schema and queues created, vacuumed and
 * dumped as a gzipped tar. PGlite's own initialisation of a new cluster (initdb in
 * WebAssembly) took 4.9 s on this machine; unpacking this file takes under 1 s
 * (docs/benchmarks.md, "First start"). Migrations newer than the file still run at start.
 */
export async function writeInitialDataDir(file: string): Promise<number> {
  const database = await openDatabase({});
  try {
    await runMigrations(database);
    const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
    await stopJobQueue(await startJobQueue(database, undefined, logger));
    await database.executeSql('vacuum analyze');
    await database.executeSql('checkpoint');
    const dump = await database.dumpDataDir!();
    const bytes = Buffer.from(await dump.arrayBuffer());
    writeFileSync(file, bytes);
    return bytes.length;
  } finally {
    await database.close();
  }
}
