import path from 'node:path';
import type { ResolvedConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { initialDataDirFile } from './db/initial-data.js';
import { runMigrations } from './db/migrate.js';
import { seedSettings } from './modules/admin/index.js';
import { createMailer, type Mailer } from './integrations/mail.js';
import { startJobQueue, stopJobQueue, type JobQueue } from './jobs/job-queue.js';
import type { Logger } from './logger.js';

/**
 * The infrastructure the app runs on, opened before anything is built on it: the database,
 * the job queue on it, and the mailer.
 */
export interface Infra {
  database: Database;
  queue: JobQueue;
  mailer: Mailer;
  close(): Promise<void>;
}

/**
 * Opens the infrastructure: the database (migrated), the job queue on the same database,
 * and the mailer. `close` releases them in reverse order.
 */
export async function openInfra(
  config: ResolvedConfig,
  logger: Logger,
  options: { inMemory?: boolean } = {},
): Promise<Infra> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    // Tests run the embedded database in memory: same engine, nothing left on disk.
    pgliteDir: options.inMemory ? undefined : path.join(config.dataDir, 'pglite'),
    owner: 'the Cadence server',
    initialDataDir: initialDataDirFile(),
  });
  try {
    await runMigrations(database);
    await seedSettings(database.db, config);
    const queue = await startJobQueue(database, config.databaseUrl, logger);
    const mailer = createMailer(config, logger);
    return {
      database,
      queue,
      mailer,
      async close() {
        mailer.close();
        await stopJobQueue(queue);
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
