import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { WEBHOOK_DEFAULT_RETRY_SCHEDULE, type NetworkId } from '@cadence/shared';
import type { S3StorageConfig } from './integrations/s3-storage.js';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.js';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => URL.canParse(value) && protocols.test(new URL(value).protocol), hint)
      .optional(),
  );

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// connection string'),
  APP_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ROLE: z.enum(['web', 'worker', 'all'], { error: 'must be web, worker or all' }).default('all'),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('Cadence <no-reply@localhost>'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const setting = parseTrustProxy(value);
      if (setting.ok) return setting.value;
      ctx.addIssue({ code: 'custom', message: setting.problem });
      return z.NEVER;
    }),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  OPENAI_MODEL: z.string().min(1).default('gpt-4'),
  FETCH_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  X_API_BASE_URL: z.url().default('https://api.x.com'),
  FACEBOOK_GRAPH_BASE_URL: z.url().default('https://graph.facebook.com/v25.0'),
  LINKEDIN_API_BASE_URL: z.url().default('https://api.linkedin.com'),
  INSTAGRAM_GRAPH_BASE_URL: z.url().default('https://graph.facebook.com/v25.0'),
  BLUESKY_SERVICE_URL: z.url().default('https://bsky.social'),
  THREADS_API_BASE_URL: z.url().default('https://graph.threads.net/v1.0'),
  // Where each network's website shows a post (Instagram and Threads answer their own links;
  // theirs say only where a link pasted for 'mark published' may point).
  X_WEB_URL: z.url().default('https://x.com'),
  FACEBOOK_WEB_URL: z.url().default('https://www.facebook.com'),
  LINKEDIN_WEB_URL: z.url().default('https://www.linkedin.com'),
  BLUESKY_WEB_URL: z.url().default('https://bsky.app'),
  INSTAGRAM_WEB_URL: z.url().default('https://www.instagram.com'),
  THREADS_WEB_URL: z.url().default('https://www.threads.net'),
  // One-click connect (OAuth): an app registered once per network by the operator.
  X_CLIENT_ID: optionalText,
  X_CLIENT_SECRET: optionalText,
  X_AUTHORIZE_URL: z.url().default('https://x.com/i/oauth2/authorize'),
  LINKEDIN_CLIENT_ID: optionalText,
  LINKEDIN_CLIENT_SECRET: optionalText,
  LINKEDIN_AUTHORIZE_URL: z.url().default('https://www.linkedin.com/oauth/v2/authorization'),
  LINKEDIN_OAUTH_BASE_URL: z.url().default('https://www.linkedin.com'),
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  FACEBOOK_AUTHORIZE_URL: z.url().default('https://www.facebook.com/v25.0/dialog/oauth'),
  THREADS_CLIENT_ID: optionalText,
  THREADS_CLIENT_SECRET: optionalText,
  THREADS_AUTHORIZE_URL: z.url().default('https://threads.net/oauth/authorize'),
  THREADS_OAUTH_BASE_URL: z.url().default('https://graph.threads.net'),
  MEDIASTACK_ACCESS_KEY: optionalText,
  MEDIASTACK_BASE_URL: z.url().default('https://api.mediastack.com/v1'),
  GOOGLE_CSE_KEY: optionalText,
  GOOGLE_CSE_CX: optionalText,
  GOOGLE_CSE_BASE_URL: z.url().default('https://www.googleapis.com/customsearch/v1'),
  TINYURL_API_TOKEN: optionalText,
  TINYURL_BASE_URL: z.url().default('https://api.tinyurl.com'),
  PUBLISH_MISSED_AFTER_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .default(24 * 60),
  PUBLISH_CONCURRENCY_PER_NETWORK: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(200),
  PUBLISH_CONCURRENCY_PER_ACCOUNT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(20, 'must be at most 20')
    .default(1),
  PUBLISH_MAX_IN_FLIGHT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(2000, 'must be at most 2000')
    .default(200),
  SIMULATED_NETWORKS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  // 'In 1 minute' among the Schedule dialog's quick times (first, and chosen): for the demo
  // and the e2e run, where a newcomer or a test watches a post go out. Unset: as SIMULATED_NETWORKS.
  SCHEDULE_IN_A_MINUTE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  PUBLISH_JOB_EXPIRE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(5, 'must be at least 5 seconds')
    .max(3600, 'must be at most 3600 seconds')
    .default(300),
  PUBLISH_RECONCILE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .default(30),
  READBACK_AFTER_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(86_400, 'must be at most 86400 seconds')
    .default(120),
  PUBLISH_RETRY_WINDOW_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .max(10_080, 'must be at most 10080 minutes (a week)')
    .default(60),
  PUBLISH_RETRY_BASE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .default(30_000),
  METRICS_POLL_SCALE: z.coerce
    .number({ error: 'must be a number, like 1 or 0.01' })
    .positive('must be more than 0')
    .max(100, 'must be at most 100')
    .default(1),
  FIRST_COMMENT_DELAY_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .max(86_400, 'must be at most 86400 seconds')
    .default(60),
  NOTIFY_MAIL_DELAY_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .max(3600, 'must be at most 3600 seconds')
    .default(120),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default(WEBHOOK_DEFAULT_RETRY_SCHEDULE.join(','))
    .transform((value, ctx) => {
      const parts = value.split(',').map((part) => part.trim());
      const seconds = parts.map(Number);
      if (
        parts.length === 0 ||
        parts.length > 20 ||
        seconds.some((entry, index) => !parts[index] || !Number.isInteger(entry) || entry < 1)
      ) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be up to 20 whole numbers of seconds, each at least 1, such as 60,300,1800',
        });
        return z.NEVER;
      }
      return seconds;
    }),
  SETTINGS_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .max(30, 'must be at most 30 seconds')
    .default(10),
  API_READS_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number of requests' })
    .int('must be a whole number of requests')
    .min(1, 'must be at least 1')
    .default(300),
  API_WRITES_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number of requests' })
    .int('must be a whole number of requests')
    .min(1, 'must be at least 1')
    .default(120),
  NODE_ENV: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email('must be an email address').optional()),
  // Uploads in an S3-compatible bucket (decision 109); unset S3_BUCKET: the local folder.
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  S3_PUBLIC_URL: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL'),
  S3_DELIVERY: z
    .enum(['redirect', 'proxy'], { error: 'must be redirect or proxy' })
    .default('redirect'),
});

export type Role = 'web' | 'worker' | 'all';

export interface OAuthAppConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
}

const oauthApp = (
  clientId: string | undefined,
  clientSecret: string | undefined,
  authorizeUrl: string,
): OAuthAppConfig | null =>
  clientId && clientSecret ? { clientId, clientSecret, authorizeUrl } : null;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Undefined only until `loadConfig` resolves it from `DATA_DIR/secret`. */
  appSecret: string | undefined;
  role: Role;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Which proxies' X-Forwarded-For entries are believed (decision 105). */
  trustProxy: TrustProxy;
  openai: { apiKey: string | undefined; baseUrl: string | undefined; model: string };
  /** Hosts exempt from the private-address guard on server-side fetches (tests, demos). */
  fetchAllowHosts: string[];
  /** Where each network's API lives; tests point these at local fakes. */
  networks: {
    xApiBaseUrl: string;
    facebookGraphBaseUrl: string;
    linkedInApiBaseUrl: string;
    instagramGraphBaseUrl: string;
    blueskyServiceUrl: string;
    threadsApiBaseUrl: string;
    /** Post pages' hosts: the real websites, or the demo's stand-ins. */
    webUrls: Record<NetworkId, string>;
  };
  /**
   * One-click connect: the operator's app per network (client id and secret both set, else
   * null), the consent page, and the token endpoints' hosts the API hosts above do not cover.
   */
  oauth: {
    twitter: OAuthAppConfig | null;
    linkedIn: OAuthAppConfig | null;
    /** Facebook Login: one app for Facebook Pages and Instagram. */
    facebook: OAuthAppConfig | null;
    threads: OAuthAppConfig | null;
    linkedInOAuthBaseUrl: string;
    threadsOAuthBaseUrl: string;
  };
  /** News search (mediastack), web search (Google Custom Search) and the external shortener. */
  search: {
    mediastackAccessKey: string | undefined;
    mediastackBaseUrl: string;
    googleCseKey: string | undefined;
    googleCseCx: string | undefined;
    googleCseBaseUrl: string;
  };
  /** TinyURL when a token is set; otherwise the built-in shortener at /s/:code. */
  tinyurl: { apiToken: string | undefined; baseUrl: string };
  /**
   * Notification mails wait this long after the first event so a burst of failures goes
   * out as one digest.
   */
  notifyMailDelaySeconds: number;
  /** Seconds to wait after each failed webhook delivery; then it is given up. */
  webhookRetrySchedule: number[];
  /**
   * METRICS_POLL_SCALE: multiplies every interval (and age step) of the posts' metric reads;
   * below 1 for tests and the demo.
   */
  metricsPollScale: number;
  publisher: {
    /** An instance found later than this is marked missed instead of published late. */
    missedAfterMs: number;
    /**
     * The first value of the admin's ceiling on calls in flight to one network from one
     * worker process (the live setting steers it afterwards).
     */
    concurrencyPerNetwork: number;
    /** Calls in flight to one account (connection) from one worker process. */
    concurrencyPerAccount: number;
    /** Calls in flight from one worker process, all networks together. */
    maxInFlight: number;
    /**
     * How long one publish job may run before pg-boss hands it to another worker; a
     * publication still claimed after this long is taken as a worker that died mid-call.
     */
    jobExpireSeconds: number;
    /** How often a worker looks for due instances whose job went missing. */
    reconcileIntervalSeconds: number;
    /** How long after a post its first comment is posted (Facebook, Instagram, LinkedIn). */
    firstCommentDelaySeconds: number;
    /** Retry backoff base: base x 2^n with full jitter (tests make it small). */
    retryBaseMs: number;
    /**
     * The first value of the retry window (the live setting steers it afterwards): a
     * publication's transient faults are retried this long after its due time.
     */
    retryWindowMs: number;
    /**
     * An unconfirmed publication is looked for on its network this long after its answer was
     * lost, and once more after the same delay (READBACK_AFTER_SECONDS).
     */
    readBackAfterMs: number;
  };
  /** Set by `npm run demo`: the networks are local fakes, and the web app says so. */
  simulatedNetworks: boolean;
  /** The Schedule dialog offers 'In 1 minute' first (the demo, the e2e run). */
  scheduleInAMinute: boolean;
  /** How long a process may keep the admin settings before reading them again. */
  settingsCacheSeconds: number;
  /** Requests each API key may make per minute (GET/HEAD are reads, the rest writes). */
  publicApi: { readsPerMinute: number; writesPerMinute: number };
  isProduction: boolean;
  /** Stripe when a secret key is set; otherwise the built-in test checkout. */
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string | undefined;
  };
  /** Where 'Contact us' (the quoted Enterprise plan) writes to; null hides the address. */
  contactEmail: string | null;
  /** The bucket uploads go to when `S3_BUCKET` is set; null: the local folder `DATA_DIR/uploads`. */
  s3: (S3StorageConfig & { delivery: 'redirect' | 'proxy' }) | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment without touching the disk. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const parsed = result.data;
  if (Boolean(parsed.S3_ACCESS_KEY_ID) !== Boolean(parsed.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK then finds credentials itself)',
    ]);
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    appSecret: parsed.APP_SECRET,
    role: parsed.ROLE,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    logLevel: parsed.LOG_LEVEL,
    trustProxy: parsed.TRUST_PROXY,
    openai: {
      apiKey: parsed.OPENAI_API_KEY,
      baseUrl: parsed.OPENAI_BASE_URL,
      model: parsed.OPENAI_MODEL,
    },
    fetchAllowHosts: parsed.FETCH_ALLOW_HOSTS,
    networks: {
      xApiBaseUrl: parsed.X_API_BASE_URL.replace(/\/+$/, ''),
      facebookGraphBaseUrl: parsed.FACEBOOK_GRAPH_BASE_URL.replace(/\/+$/, ''),
      linkedInApiBaseUrl: parsed.LINKEDIN_API_BASE_URL.replace(/\/+$/, ''),
      instagramGraphBaseUrl: parsed.INSTAGRAM_GRAPH_BASE_URL.replace(/\/+$/, ''),
      blueskyServiceUrl: parsed.BLUESKY_SERVICE_URL.replace(/\/+$/, ''),
      threadsApiBaseUrl: parsed.THREADS_API_BASE_URL.replace(/\/+$/, ''),
      webUrls: {
        twitter: parsed.X_WEB_URL.replace(/\/+$/, ''),
        facebook: parsed.FACEBOOK_WEB_URL.replace(/\/+$/, ''),
        linkedIn: parsed.LINKEDIN_WEB_URL.replace(/\/+$/, ''),
        bluesky: parsed.BLUESKY_WEB_URL.replace(/\/+$/, ''),
        instagram: parsed.INSTAGRAM_WEB_URL.replace(/\/+$/, ''),
        threads: parsed.THREADS_WEB_URL.replace(/\/+$/, ''),
      },
    },
    oauth: {
      twitter: oauthApp(parsed.X_CLIENT_ID, parsed.X_CLIENT_SECRET, parsed.X_AUTHORIZE_URL),
      linkedIn: oauthApp(
        parsed.LINKEDIN_CLIENT_ID,
        parsed.LINKEDIN_CLIENT_SECRET,
        parsed.LINKEDIN_AUTHORIZE_URL,
      ),
      facebook: oauthApp(
        parsed.FACEBOOK_CLIENT_ID,
        parsed.FACEBOOK_CLIENT_SECRET,
        parsed.FACEBOOK_AUTHORIZE_URL,
      ),
      threads: oauthApp(
        parsed.THREADS_CLIENT_ID,
        parsed.THREADS_CLIENT_SECRET,
        parsed.THREADS_AUTHORIZE_URL,
      ),
      linkedInOAuthBaseUrl: parsed.LINKEDIN_OAUTH_BASE_URL.replace(/\/+$/, ''),
      threadsOAuthBaseUrl: parsed.THREADS_OAUTH_BASE_URL.replace(/\/+$/, ''),
    },
    search: {
      mediastackAccessKey: parsed.MEDIASTACK_ACCESS_KEY,
      mediastackBaseUrl: parsed.MEDIASTACK_BASE_URL.replace(/\/+$/, ''),
      googleCseKey: parsed.GOOGLE_CSE_KEY,
      googleCseCx: parsed.GOOGLE_CSE_CX,
      googleCseBaseUrl: parsed.GOOGLE_CSE_BASE_URL.replace(/\/+$/, ''),
    },
    tinyurl: {
      apiToken: parsed.TINYURL_API_TOKEN,
      baseUrl: parsed.TINYURL_BASE_URL.replace(/\/+$/, ''),
    },
    notifyMailDelaySeconds: parsed.NOTIFY_MAIL_DELAY_SECONDS,
    webhookRetrySchedule: parsed.WEBHOOK_RETRY_SCHEDULE,
    metricsPollScale: parsed.METRICS_POLL_SCALE,
    publisher: {
      missedAfterMs: parsed.PUBLISH_MISSED_AFTER_MINUTES * 60_000,
      concurrencyPerNetwork: parsed.PUBLISH_CONCURRENCY_PER_NETWORK,
      concurrencyPerAccount: parsed.PUBLISH_CONCURRENCY_PER_ACCOUNT,
      maxInFlight: parsed.PUBLISH_MAX_IN_FLIGHT,
      jobExpireSeconds: parsed.PUBLISH_JOB_EXPIRE_SECONDS,
      reconcileIntervalSeconds: parsed.PUBLISH_RECONCILE_SECONDS,
      firstCommentDelaySeconds: parsed.FIRST_COMMENT_DELAY_SECONDS,
      retryBaseMs: parsed.PUBLISH_RETRY_BASE_MS,
      retryWindowMs: parsed.PUBLISH_RETRY_WINDOW_MINUTES * 60_000,
      readBackAfterMs: parsed.READBACK_AFTER_SECONDS * 1000,
    },
    simulatedNetworks: parsed.SIMULATED_NETWORKS,
    scheduleInAMinute: parsed.SCHEDULE_IN_A_MINUTE ?? parsed.SIMULATED_NETWORKS,
    settingsCacheSeconds: parsed.SETTINGS_CACHE_SECONDS,
    publicApi: {
      readsPerMinute: parsed.API_READS_PER_MINUTE,
      writesPerMinute: parsed.API_WRITES_PER_MINUTE,
    },
    isProduction: parsed.NODE_ENV === 'production',
    stripe: {
      secretKey: parsed.STRIPE_SECRET_KEY,
      webhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
      apiBase: parsed.STRIPE_API_BASE,
    },
    contactEmail: parsed.CONTACT_EMAIL ?? null,
    s3: parsed.S3_BUCKET
      ? {
          bucket: parsed.S3_BUCKET,
          endpoint: parsed.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: parsed.S3_REGION,
          accessKeyId: parsed.S3_ACCESS_KEY_ID,
          secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
          forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
          publicUrl: parsed.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          delivery: parsed.S3_DELIVERY,
        }
      : null,
  };
}

/**
 * Reads `DATA_DIR/secret`, or writes a new random one (mode 0600) the first time, so that
 * sessions and encrypted credentials survive restarts without any setup.
 */
export function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'w' });
  chmodSync(file, 0o600);
  return secret;
}

export type ResolvedConfig = Config & { appSecret: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): ResolvedConfig {
  const config = parseConfig(env);
  return { ...config, appSecret: config.appSecret ?? readOrCreateSecret(config.dataDir) };
}
