import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@cadence/shared';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The demo's operator: the demo customer (DEMO_SIGN_IN in shared) is not an admin. */
export const DEMO_ADMIN = { email: 'admin@cadence.local', password: 'admin-password' } as const;

export async function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningDemo {
  baseUrl: string;
  /** Its data folder: the outbox there holds the sign-up codes (the demo sends no mail). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts `npm run demo` (`scripts/run.mjs demo`: builds what is stale, then the demo seed
 * and the local stand-ins for the networks) on a port, with a fresh data folder removed
 * on stop; resolves once its health check answers.
 */
export async function startDemo(options: {
  port?: string;
  label: string;
  /**
   * What PUBLIC_URL names: 127.0.0.1 (the address the browser uses, `baseUrl`) unless told
   * 'localhost', as `npm run demo` says by default while a newcomer may type 127.0.0.1.
   */
  publicHost?: '127.0.0.1' | 'localhost';
  /** More settings for the demo (METRICS_POLL_SCALE, DEMO_METRICS_CLOCK_SCALE...). */
  env?: Record<string, string>;
  /** Another checkout whose demo to start (a benchmark's side-by-side build); this one by default. */
  root?: string;
}): Promise<RunningDemo> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cadence-${options.label}-`));
  const port = options.port ?? String(await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  console.log(`Starting the demo on ${baseUrl} (data in ${dataDir})...`);
  const checkout = options.root ?? root;
  const demo = spawn(process.execPath, [path.join(checkout, 'scripts/run.mjs'), 'demo'], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://${options.publicHost ?? '127.0.0.1'}:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (demo.exitCode === null && demo.signalCode === null) {
      const exited = new Promise((resolve) => demo.once('exit', resolve));
      demo.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, demo);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}

/** Waits until the demo answers its health check (a stale build comes first: minutes). */
async function waitForHealth(baseUrl: string, demo: ChildProcess) {
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (demo.exitCode !== null) throw new Error('The demo exited before it was ready.');
    try {
      if ((await fetch(`${baseUrl}/api${API_PATHS.health}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The demo did not become healthy within 15 minutes.');
}

/** A POST to the product's API; throws with the answer's message when it is not a 2xx. */
export async function apiPost<T>(baseUrl: string, apiPath: string, body: object, token?: string) {
  const response = await fetch(`${baseUrl}/api${apiPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${apiPath}: ${json.message ?? response.status}`);
  return json.data;
}
