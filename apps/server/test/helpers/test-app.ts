import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ErrorCode } from '@cadence/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/app.js';
import type { AppInstance } from '../../src/app-instance.js';
import { createContainer, type Container } from '../../src/container.js';
import { parseConfig, type ResolvedConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import type { AuthLimits } from '../../src/modules/auth/index.js';
import { setTier } from '../../src/modules/plans/index.js';
import { openInfra, type Infra } from '../../src/infra.js';
import { createWorker, type Worker } from '../../src/worker.js';
import { createPostgresDatabase, type Engine } from './databases.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

/** A clock the test moves by hand. */
export function createTestClock(start = new Date('2026-11-21T09:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (seconds: number) => {
    now += seconds * 1000;
  };
  return clock;
}
export type TestClock = ReturnType<typeof createTestClock>;

/** A clock that runs with real time (for tests that go through pg-boss's own timing). */
export function createRunningClock(): TestClock {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  clock.advance = (seconds: number) => {
    offset += seconds * 1000;
  };
  return clock;
}

/** Limits high enough that tests which sign in many times are not throttled. */
export const RELAXED_LIMITS: AuthLimits = {
  perIp: { max: 10_000, windowSeconds: 60 },
  perEmail: { max: 10_000, windowSeconds: 60 },
  perEmailTotal: { max: 10_000, windowSeconds: 60 },
};

export interface TestApp {
  app: AppInstance;
  /** What the app runs on: the database, the job queue and the mailer. */
  infra: Infra;
  /** The composition root the app and the worker run on. */
  container: Container;
  config: ResolvedConfig;
  smtp: SmtpSink;
  clock: TestClock;
  /** The worker on the same container; it works the queues only with `startPublisher`. */
  publisher: Worker;
  close(): Promise<void>;
}

export async function createTestApp(
  engine: Engine,
  options: {
    /** null: the live admin setting applies, as in production. */
    authLimits?: AuthLimits | null;
    webDistDir?: string;
    clock?: TestClock;
    smtpUrl?: string;
    /** Extra environment for the config (OPENAI_*, FETCH_ALLOW_HOSTS, ...). */
    env?: Record<string, string>;
    /** Work the publish queue (pg-boss timing: pair with `createRunningClock`). */
    startPublisher?: boolean;
    /** Where the log's lines go, at level info (default: nowhere). */
    logDestination?: DestinationStream;
  } = {},
): Promise<TestApp> {
  const smtp = await startSmtpSink();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cadence-test-'));
  const postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = {
    ...parseConfig({
      DATA_DIR: dataDir,
      SMTP_URL: options.smtpUrl ?? smtp.url,
      LOG_LEVEL: 'silent',
      DATABASE_URL: postgres?.url,
      ...options.env,
    }),
    appSecret: 'test-secret-that-is-long-enough-for-hkdf-0123456789',
  };
  const logger = options.logDestination
    ? createLogger('info', options.logDestination)
    : createLogger('silent');
  const infra = await openInfra(config, logger, { inMemory: true });
  const clock = options.clock ?? createTestClock();
  const container = createContainer(
    { config, logger, ...infra },
    {
      clock,
      authLimits: options.authLimits === null ? undefined : (options.authLimits ?? RELAXED_LIMITS),
    },
  );
  const app = await buildApp(container, {
    webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web-build'),
  });
  await app.ready();
  const publisher = createWorker(container);
  if (options.startPublisher) await publisher.start();
  return {
    app,
    infra,
    container,
    config,
    smtp,
    clock,
    publisher,
    async close() {
      await publisher.stop();
      await app.close();
      await infra.close();
      await smtp.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON to the API and answers the response with its parsed body. */
export async function postJson(
  app: AppInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as object,
    headers,
  });
  return withJson(response);
}

export async function getJson(app: AppInstance, url: string, token?: string) {
  return sendJson(app, 'GET', url, undefined, token);
}

/** Any method, with an optional JSON body and bearer token. */
export async function sendJson(
  app: AppInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  token?: string,
) {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return withJson(response);
}

export interface ApiBody {
  message?: string;
  statusCode?: number;
  error?: string;
  code?: ErrorCode;
  data?: Record<string, unknown> | null;
}

function withJson(response: LightMyRequestResponse) {
  const contentType = String(response.headers['content-type'] ?? '');
  const json: ApiBody = contentType.includes('json') ? response.json<ApiBody>() : {};
  return { status: response.statusCode, headers: response.headers, json, body: response.body };
}

/** Signs up, reads the code from the SMTP sink, verifies, and signs in. Answers the token. */
export async function createVerifiedAccount(
  t: TestApp,
  account: { name?: string; email: string; password?: string },
) {
  const password = account.password ?? 'correct horse battery';
  const signUp = await postJson(t.app, '/customer/auth/sign-up', {
    name: account.name ?? 'Test Person',
    email: account.email,
    password,
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.body}`);
  const code = await t.smtp.waitForCode(account.email, t.smtp.mailsTo(account.email).length - 1);
  const verify = await postJson(t.app, '/customer/auth/submit-otp', {
    purpose: 'registration',
    email: account.email,
    otp_code: code,
    password,
  });
  if (verify.status !== 200) throw new Error(`verification failed: ${verify.body}`);
  return signIn(t, account.email, password);
}

export async function signIn(t: TestApp, email: string, password: string) {
  const response = await postJson(t.app, '/customer/auth/sign-in', { email, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json.data?.access_token as string;
}

/** The id of the account that uses `email`, from the admin's user list (searched by email). */
export async function accountIdOf(t: TestApp, email: string) {
  const wanted = email.toLowerCase();
  const page = await t.container.services.admin.users({ q: wanted, page: 1, pageSize: 100 });
  const account = page.rows.find((row) => row.email === wanted);
  if (!account) throw new Error(`no account uses ${email}`);
  return account.id;
}

/**
 * Puts the account on a tier without payment, as `npm run admin -- tier <email> <tier>`
 * does. The command works on the database alone (it runs without the server), so this is
 * the one place the tests hand it the database.
 */
export async function setTierByCommand(t: TestApp, email: string, tier: string) {
  return setTier(t.infra.database.db, email, tier);
}
