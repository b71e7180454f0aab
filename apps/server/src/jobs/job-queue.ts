import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { JOBS } from './index.js';

/** The pg-boss instance; only the jobs folder and the composition root see this type. */
export type JobQueue = PgBoss;

/** The pool pg-boss runs on with PostgreSQL, closed after the queue stops. */
const poolOf = new WeakMap<JobQueue, pg.Pool>();

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
  const pool =
    database.kind === 'postgres' && databaseUrl
      ? new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: 'pgboss' })
      : undefined;
  pool?.on('error', (error) => logger.error({ err: error }, 'job queue pool error'));
  const boss = pool
    ? new PgBoss({ db: { executeSql: (text, values) => executeNamed(pool, text, values) } })
    : new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) } });
  if (pool) poolOf.set(boss, pool);
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of JOBS) {
    await boss.createQueue(job.name, { name: job.name, policy: job.policy.queuePolicy });
  }
  return boss;
}

export async function stopJobQueue(boss: JobQueue) {
  await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  await poolOf.get(boss)?.end();
}

const names = new Map<string, string>();

/**
 * pg-boss's statements as named prepared statements. Every job is fetched and completed by
 * the same few statements, and `pgboss.job` is partitioned by queue, so planning one costs
 * more than running it (measured with `pg_stat_statements`: the fetch planned in 0.28 ms,
 * ran in 0.06 ms). Named, each connection parses them once; PostgreSQL still plans the fetch
 * at every call (its LIMIT is a parameter: forcing a generic plan made the batched complete
 * scan the whole queue, so it is left to choose), which is why idle queues are polled
 * sparingly (`worker.ts`). pg-boss's texts are a bounded
 * set (its schema and queue names are fixed), and only statements with parameters are named:
 * the ones without are its scripts of several statements, which cannot be prepared.
 */
function executeNamed(pool: pg.Pool, text: string, values: unknown[] | undefined) {
  if (!values || values.length === 0) return pool.query(text);
  let name = names.get(text);
  if (!name) {
    name = `pgboss_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return pool.query({ name, text, values });
}
