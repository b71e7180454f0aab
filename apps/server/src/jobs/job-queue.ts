import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { JOBS } from './index.js';

/** The pg-boss instance; only the jobs folder and the composition root see this type. */
export type JobQueue = PgBoss;

/**
 * pg-boss on the same database as everything else: its own pool on PostgreSQL, and our
 * single PGlite connection (through its `db.executeSql` hook) on the embedded database.
 * Creates the queue of every listed job.
 */
export async function startJobQueue(
  database: Database,
  databaseUrl: string | undefined,
  logger: FastifyBaseLogger,
): Promise<JobQueue> {
  const boss =
    database.kind === 'postgres' && databaseUrl
      ? new PgBoss({ connectionString: databaseUrl, max: 4 })
      : new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) } });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of JOBS) {
    await boss.createQueue(job.name, { name: job.name, policy: job.policy.queuePolicy });
  }
  return boss;
}

export async function stopJobQueue(boss: JobQueue) {
  await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
}
