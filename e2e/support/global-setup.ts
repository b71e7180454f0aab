import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from '../../apps/server/test/helpers/smtp-sink.js';
import { findChromium } from './browser.js';
import { waitForCode } from './mail.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The integration tests' SMTP sink, writing each message as a file the test workers read. */
async function startMailSink(mailDir: string) {
  let count = 0;
  return startSmtpSink((mail) => {
    count += 1;
    const name = `${Date.now()}-${String(count).padStart(4, '0')}-${mail.to[0] ?? 'unknown'}.eml`;
    writeFileSync(path.join(mailDir, name), mail.raw);
  });
}

async function waitForHealth(url: string, server: ChildProcess, logFile: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early; see ${logFile}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy within 60 s; see ${logFile}`);
}

export const ADMIN = { name: 'Ada Admin', email: 'admin@example.com', password: 'admin-password' };

/** The first account verified on an instance becomes its admin: make it before any test runs. */
async function createAdmin(baseUrl: string) {
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}/api/customer/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signUp = await post('sign-up', ADMIN);
  if (!signUp.ok) throw new Error(`Admin sign-up failed: ${await signUp.text()}`);
  const code = await waitForCode(ADMIN.email, 1);
  const verify = await post('submit-otp', {
    purpose: 'registration',
    email: ADMIN.email,
    otp_code: code,
  });
  if (!verify.ok) throw new Error(`Admin verification failed: ${await verify.text()}`);
}

export default async function globalSetup() {
  const artifacts = path.join(root, 'e2e', '.artifacts');
  mkdirSync(artifacts, { recursive: true });
  const mailDir = path.join(artifacts, 'mail');
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-e2e-'));

  const chromium = await findChromium();
  const sink = await startMailSink(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(artifacts, 'server.log');
  const { openSync } = await import('node:fs');
  const log = openSync(logFile, 'w');
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: sink.url,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', log, log],
  });
  await waitForHealth(baseUrl, server, logFile);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  await createAdmin(baseUrl);
  process.env.E2E_CHROMIUM_PATH = chromium.path;
  process.env.E2E_CHROMIUM_KIND = chromium.kind;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
