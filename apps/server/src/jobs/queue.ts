import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { NOTIFY_MAIL_QUEUE } from './notification-jobs.js';

export type JobQueue = PgBoss;

/**
 * pg-boss on the same database as everything else: its own pool on PostgreSQL, and our
 * single PGlite connection (through its `db.executeSql` hook) on the embedded database.
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
  await createPublishQueue(boss);
  return boss;
}

export async function stopJobQueue(boss: JobQueue) {
  await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
}

/** One job per scheduled instance; its data is `{ instanceId }`. */
export const PUBLISH_QUEUE = 'publish-instance';

/**
 * The 'short' policy keeps at most one queued (not yet started) job per singleton key,
 * so re-sending an instance's job while one is waiting adds nothing.
 */
async function createPublishQueue(boss: JobQueue) {
  await boss.createQueue(PUBLISH_QUEUE, { name: PUBLISH_QUEUE, policy: 'short' });
  await boss.createQueue(NOTIFY_MAIL_QUEUE, { name: NOTIFY_MAIL_QUEUE, policy: 'short' });
}
