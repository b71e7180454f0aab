import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startFakeBluesky,
  startFakeFacebook,
  startFakeGoogleCse,
  startFakeLinkedIn,
  startFakeMediastack,
  startFakeOpenAi,
  startFakeX,
  startTestWebsite,
} from '@cadence/fakes';
import { startSmtpSink } from '../../apps/server/test/helpers/smtp-sink.js';
import { findChromium } from './browser.js';
import { waitForCode } from './mail.js';
import { API_PATHS } from '@cadence/shared';

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

// A cold start (migrations on a fresh embedded database) takes over a minute on a busy
// 2-core machine.
const HEALTH_TIMEOUT_MS = 180_000;

async function waitForHealth(url: string, server: ChildProcess, logFile: string) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
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
  throw new Error(
    `The server did not become healthy within ${HEALTH_TIMEOUT_MS / 1000} s; see ${logFile}`,
  );
}

export const ADMIN = { name: 'Ada Admin', email: 'admin@example.com', password: 'admin-password' };
/** A customer on the Pro plan (AI included), set through the real admin command. */
export const PAID_CUSTOMER = {
  name: 'Priya Pro',
  email: 'pro@example.com',
  password: 'pro-password',
};
/** What the fake news search finds, whatever the keywords. */
export const E2E_ARTICLES = [
  { title: 'Harbour market reopens', description: 'Stalls return to the old harbour.' },
  { title: 'Rocket startup raises funds', description: 'A launch company grows its team.' },
];
export const FAKE_AI_DESCRIPTION =
  'Acme Rockets flies small satellites to orbit for a tenth of the usual price, for universities and start-ups that need frequent launches.';

async function createAccount(
  baseUrl: string,
  account: { name: string; email: string; password: string },
) {
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}/api/customer/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signUp = await post('sign-up', account);
  if (!signUp.ok) throw new Error(`Sign-up of ${account.email} failed: ${await signUp.text()}`);
  const code = await waitForCode(account.email, 1);
  const verify = await post('submit-otp', {
    purpose: 'registration',
    email: account.email,
    otp_code: code,
    password: account.password,
  });
  if (!verify.ok)
    throw new Error(`Verification of ${account.email} failed: ${await verify.text()}`);
}

function runAdminCommand(env: NodeJS.ProcessEnv, args: string[]) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/dist/cli.js'), ...args],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0)
    throw new Error(`admin ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

export default async function globalSetup() {
  const artifacts = path.join(root, 'e2e', '.artifacts');
  mkdirSync(artifacts, { recursive: true });
  const mailDir = path.join(artifacts, 'mail');
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-e2e-'));
  process.env.E2E_MAIL_DIR = mailDir;

  const chromium = await findChromium();
  const sink = await startMailSink(mailDir);
  const website = await startTestWebsite();
  const openai = await startFakeOpenAi(() => ({ text: FAKE_AI_DESCRIPTION }));
  const x = await startFakeX();
  const bluesky = await startFakeBluesky();
  const facebook = await startFakeFacebook();
  const linkedIn = await startFakeLinkedIn();
  // News whose articles live on the local test website, so the AI can read them.
  const news = await startFakeMediastack();
  news.setArticles(
    E2E_ARTICLES.map((article, index) => ({
      author: null,
      title: article.title,
      description: article.description,
      url: website.url(`/?story=${index + 1}`),
      source: 'Local Gazette',
      image: null,
      category: 'business',
      language: 'en',
      country: 'us',
      published_at: '2026-11-20T08:00:00+00:00',
    })),
  );
  const web = await startFakeGoogleCse();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(artifacts, 'server.log');
  const log = openSync(logFile, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: sink.url,
    LOG_LEVEL: 'info',
    OPENAI_API_KEY: openai.apiKey,
    OPENAI_BASE_URL: openai.baseUrl,
    FETCH_ALLOW_HOSTS: 'localhost',
    X_API_BASE_URL: x.baseUrl,
    // 'In 1 minute' leads the Schedule dialog's quick times, as in the demo, so a spec can
    // schedule with the defaults and watch the post go out.
    SCHEDULE_IN_A_MINUTE: 'true',
    // Published posts link to the stand-ins' own pages for them.
    X_WEB_URL: x.baseUrl,
    BLUESKY_WEB_URL: bluesky.baseUrl,
    FACEBOOK_WEB_URL: facebook.origin,
    LINKEDIN_WEB_URL: linkedIn.baseUrl,
    // One-click connect for X, Facebook and LinkedIn (the Pro plan's three networks) against
    // the fakes' consent pages and token endpoints; the other networks keep the key form
    // (their apps are not configured here).
    X_CLIENT_ID: x.oauth.app.clientId,
    X_CLIENT_SECRET: x.oauth.app.clientSecret,
    X_AUTHORIZE_URL: x.authorizeUrl,
    FACEBOOK_CLIENT_ID: facebook.oauth.app.clientId,
    FACEBOOK_CLIENT_SECRET: facebook.oauth.app.clientSecret,
    FACEBOOK_AUTHORIZE_URL: facebook.authorizeUrl,
    LINKEDIN_CLIENT_ID: linkedIn.oauth.app.clientId,
    LINKEDIN_CLIENT_SECRET: linkedIn.oauth.app.clientSecret,
    LINKEDIN_AUTHORIZE_URL: linkedIn.authorizeUrl,
    LINKEDIN_OAUTH_BASE_URL: linkedIn.baseUrl,
    LINKEDIN_API_BASE_URL: linkedIn.baseUrl,
    BLUESKY_SERVICE_URL: bluesky.baseUrl,
    FACEBOOK_GRAPH_BASE_URL: facebook.baseUrl,
    MEDIASTACK_ACCESS_KEY: news.accessKey,
    MEDIASTACK_BASE_URL: news.baseUrl,
    GOOGLE_CSE_KEY: web.key,
    GOOGLE_CSE_CX: web.cx,
    GOOGLE_CSE_BASE_URL: web.baseUrl,
  };
  const startServer = async () => {
    const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      env,
      stdio: ['ignore', log, log],
    });
    await waitForHealth(baseUrl, server, logFile);
    return server;
  };
  const stopServer = async (server: ChildProcess) => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };

  // Accounts first (the first one becomes admin), then the tier through the admin command,
  // which needs the embedded database to itself: stop, run it, start again.
  let server = await startServer();
  await createAccount(baseUrl, ADMIN);
  await createAccount(baseUrl, PAID_CUSTOMER);
  await stopServer(server);
  // Enterprise (no limits): every spec adds its own entities to this shared account, more
  // than a Business plan's ten.
  runAdminCommand(env, ['tier', PAID_CUSTOMER.email, 'enterprise']);
  server = await startServer();

  // Every browser here signs in from 127.0.0.1: raise the instance's per-address sign-in
  // limit (the admin's live setting, 30 by default) through the admin API, as an operator
  // of a shared office address would.
  const adminSignIn = await fetch(`${baseUrl}/api/customer/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!adminSignIn.ok) throw new Error(`Sign-in of ${ADMIN.email} failed`);
  const adminToken = ((await adminSignIn.json()) as { data: { access_token: string } }).data
    .access_token;
  const raised = await fetch(`${baseUrl}/api${API_PATHS.adminSettings}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ settings: [{ key: 'sign_in_attempts_per_10_minutes', value: 1000 }] }),
  });
  if (!raised.ok) throw new Error(`Raising the sign-in limit failed: ${await raised.text()}`);

  process.env.E2E_BASE_URL = baseUrl;
  // One session for the specs that only need to be signed in: the sign-in route is rate
  // limited per address, and every browser here comes from 127.0.0.1.
  const signIn = await fetch(`${baseUrl}/api/customer/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: PAID_CUSTOMER.email, password: PAID_CUSTOMER.password }),
  });
  if (!signIn.ok)
    throw new Error(`Sign-in of ${PAID_CUSTOMER.email} failed: ${await signIn.text()}`);
  process.env.E2E_PAID_TOKEN = (
    (await signIn.json()) as { data: { access_token: string } }
  ).data.access_token;
  process.env.E2E_WEBSITE_URL = website.url();
  // The fakes' good credentials, for the connection tests to type in.
  process.env.E2E_NETWORK_CREDENTIALS = JSON.stringify({
    twitter: x.validCredentials,
    bluesky: bluesky.validCredentials,
    facebook: facebook.validCredentials,
    facebookPages: facebook.pages.map((page) => page.name),
  });
  process.env.E2E_CHROMIUM_PATH = chromium.path;
  process.env.E2E_CHROMIUM_KIND = chromium.kind;

  return async () => {
    await stopServer(server);
    await Promise.all([
      sink.close(),
      website.close(),
      openai.close(),
      x.close(),
      bluesky.close(),
      facebook.close(),
      linkedIn.close(),
      news.close(),
      web.close(),
    ]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
