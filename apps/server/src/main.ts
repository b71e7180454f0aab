import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { createLogger } from './logger.js';
import { createBackgroundJobs } from './jobs/background-jobs.js';
import { createPublisher } from './modules/publishing/publisher.js';
import { openServices } from './services.js';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const services = await openServices(config, logger);
  // ROLE=worker runs the background jobs only; the job handlers are registered on
  // `services.queue`, which every role starts (web processes need it to enqueue).
  const app =
    config.role === 'worker' ? undefined : await buildApp({ config, logger, ...services });
  // Only worker and all-in-one processes publish; web processes just enqueue.
  const publisher =
    config.role === 'web' ? undefined : createPublisher({ config, logger, ...services });
  await publisher?.start();
  // Notification mails and the orphan-upload sweep run where publishing runs.
  const background =
    config.role === 'web' ? undefined : createBackgroundJobs({ config, logger, ...services });
  await background?.start();

  let isStopping = false;
  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    (async () => {
      await app?.close();
      await publisher?.stop();
      await background?.stop();
      await services.close();
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
      { role: config.role, database: services.database.kind },
      `Cadence is ready at ${config.publicUrl}`,
    );
  } else {
    logger.info({ role: config.role, database: services.database.kind }, 'Cadence worker is ready');
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
