import { ConfigError, loadConfig } from './config.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { createLogger } from './logger.js';
import { createContainer } from './container.js';
import { createRecurringRunner, recurringWork } from './jobs/recurring.js';
import { createHeartbeat } from './modules/admin/index.js';
import { openInfra } from './infra.js';
import { createWorker } from './worker.js';

/** A worker's counters before it has started. */
const idleStats = { publishing: false, inFlight: 0, done: 0 };

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const infra = await openInfra(config, logger);
  // Every process tells the admin panel it is alive (Service Monitoring); workers add
  // their publishing counters. It beats once before it takes any work: what a worker claims
  // names this process, and the others take it over once its beats stop
  // (`db/process-liveness.ts`).
  const started: { worker?: ReturnType<typeof createWorker> } = {};
  const heartbeat = createHeartbeat({
    db: infra.database.db,
    role: config.role,
    logger,
    workerStats: config.role === 'web' ? undefined : () => started.worker?.stats() ?? idleStats,
    openSession: infra.database.openSession,
  });
  await heartbeat.beat();
  const container = createContainer({ config, logger, ...infra, processId: heartbeat.id });
  // ROLE=worker runs the background jobs only; every role opens the job queue (web
  // processes need it to enqueue).
  // The HTTP application (Fastify, its plugins, every route) is loaded only by the roles that
  // serve it, which keeps a worker's start cheap.
  const app =
    config.role === 'worker'
      ? undefined
      : await import('./app.js').then(({ buildApp }) => buildApp(container));
  // Only worker and all-in-one processes work the jobs; web processes just enqueue.
  const worker = config.role === 'web' ? undefined : createWorker(container);
  started.worker = worker;
  await worker?.start();
  // The process's own recurring tasks (the worker runs its own).
  const recurring = createRecurringRunner(recurringWork({ config, logger, heartbeat }), logger);
  await recurring.start();

  let isStopping = false;
  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    (async () => {
      await app?.close();
      await worker?.stop();
      await recurring.stop();
      await heartbeat.remove();
      await infra.close();
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  if (app) {
    await app.listen({ port: config.port, host: config.host });
    logger.info(
      { role: config.role, database: infra.database.kind },
      `Cadence is ready at ${config.publicUrl}`,
    );
  } else {
    logger.info({ role: config.role, database: infra.database.kind }, 'Cadence worker is ready');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
