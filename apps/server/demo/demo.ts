// `npm run demo`: the whole product on this machine with nothing outside it. Local stand-ins
// for the six networks, the AI service and a web page start in this process; a demo account
// with entities and connected networks is created once; then the ordinary server runs as a
// child process pointed at the stand-ins, and the web app labels them 'simulated networks'.
import { spawn } from 'node:child_process';
import { API_PATHS } from '@cadence/shared';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoFakes } from './fakes.js';
import { DEMO_ACCOUNT, DEMO_ADMIN, seedDemo } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The address this machine reaches the demo server on, for the stand-ins' callbacks. */
function localOrigin(port: string) {
  const host = process.env.HOST;
  const local = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}

async function main() {
  const port = process.env.PORT ?? '3000';
  const fakes = await startDemoFakes({
    stripeWebhookUrl: `${localOrigin(port)}/api${API_PATHS.stripeWebhook}`,
    // DEMO_METRICS_CLOCK_SCALE=1000 with METRICS_POLL_SCALE=0.001: a post's numbers grow
    // and are read as over hours, within minutes.
    metricsClockScale: Number(process.env.DEMO_METRICS_CLOCK_SCALE ?? '1') || 1,
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: port,
    DATA_DIR: process.env.DATA_DIR ?? './data-demo',
    SIMULATED_NETWORKS: 'true',
    ...fakes.env,
  };

  console.log('Preparing the demo account...');
  const seeded = await seedDemo(env, fakes.credentials);
  console.log(
    seeded
      ? 'Demo account created.'
      : 'Demo account found (delete the data-demo folder to start over).',
  );

  const server = spawn(process.execPath, [path.join(here, 'main.js')], {
    env,
    stdio: 'inherit',
  });
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  console.log(
    [
      '',
      `Cadence demo: open ${publicUrl} and sign in with`,
      `  email    ${DEMO_ACCOUNT.email}`,
      `  password ${DEMO_ACCOUNT.password}`,
      `The Admin panel: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
      'The six networks are simulated on this machine; schedule a post with the Schedule',
      "dialog's first choice, 'In 1 minute', and watch it turn published.",
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  server.on('exit', (code) => {
    void fakes.close().finally(() => process.exit(code ?? 0));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
