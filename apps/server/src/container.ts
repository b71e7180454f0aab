import path from 'node:path';
import { NETWORK_IDS, type NetworkId } from '@cadence/shared';
import type { ResolvedConfig } from './config.js';
import type { Database } from './db/client.js';
import { createAiClient, type AiClient } from './integrations/ai.js';
import type { Mailer } from './integrations/mail.js';
import { createNewsClient } from './integrations/news.js';
import { createNetworkRegistry, type NetworkRegistry } from './integrations/networks/registry.js';
import { createLocalStorage, type Storage } from './integrations/storage.js';
import { createTinyUrlClient } from './integrations/tinyurl.js';
import { createWebSearchClient } from './integrations/web-search.js';
import type { JobQueue } from './jobs/job-queue.js';
import { createJobs } from './jobs/port.js';
import { publishInstanceJob } from './jobs/publish-instance.job.js';
import { systemClock, type Clock } from './lib/clock.js';
import { deriveKey } from './lib/keys.js';
import { createAttemptLimiter } from './lib/attempt-limiter.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { createSecretBox } from './lib/secret-box.js';
import type { Logger } from './logger.js';
import { createAiService } from './modules/ai/ai.service.js';
import { createBilling } from './modules/billing/billing.factory.js';
import {
  createAuthService,
  DEFAULT_AUTH_LIMITS,
  type AuthLimits,
} from './modules/auth/auth.service.js';
import { createSessionCache } from './modules/auth/session-cache.js';
import { createTokenService } from './modules/auth/tokens.js';
import { createCompaniesService } from './modules/companies/companies.service.js';
import { createConnectionsService } from './modules/connections/connections.service.js';
import { createCustomerService } from './modules/customer/customer.service.js';
import { createPostsService } from './modules/posts/posts.service.js';
import { createInstancePublisher } from './modules/publishing/publish-instance.js';
import { createSemaphore } from './modules/publishing/semaphore.js';
import { createSchedulesService } from './modules/schedules/schedules.service.js';
import { createSearchService } from './modules/search/search.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createShortenerService } from './modules/shortener/shortener.service.js';

/** What `openServices` opened: the database, the job queue on it, and the mailer. */
export interface Infrastructure {
  config: ResolvedConfig;
  logger: Logger;
  database: Database;
  queue: JobQueue;
  mailer: Mailer;
}

/** Replacements for tests, the demo and benchmarks; production uses the defaults. */
export interface ContainerOverrides {
  clock?: Clock;
  authLimits?: AuthLimits;
  /** Default: local disk under DATA_DIR/uploads. */
  storage?: Storage;
  /** Default: the configured AI service (undefined when none is configured). */
  ai?: AiClient;
  /** Default: every network's adapter at the configured hosts. */
  networks?: NetworkRegistry;
}

/**
 * The composition root: builds every outside client and every service once. `buildApp`
 * registers the routes on these services and the worker runs the listed jobs with them;
 * nothing else constructs a service. A module that needs another module's capability gets
 * a function here, never an import of the other module's repository or service.
 */
export function createContainer(
  infrastructure: Infrastructure,
  overrides: ContainerOverrides = {},
) {
  const { config, logger, database, queue, mailer } = infrastructure;
  const { db } = database;
  const clock = overrides.clock ?? systemClock;
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const storage = overrides.storage ?? createLocalStorage(uploadsDir);
  const networks =
    overrides.networks ??
    createNetworkRegistry(config.networks, { allowHosts: config.fetchAllowHosts });
  const limiter = new RateLimiter(clock);
  const attempts = createAttemptLimiter(db, clock);
  const tokens = createTokenService(deriveKey(config.appSecret, 'jwt'), clock);
  // The signed-in account, read at most every few seconds (decision 040).
  const sessions = createSessionCache();
  const jobs = createJobs(queue, config);
  const publishJobs = jobs.port(publishInstanceJob);

  const settings = createSettingsService({ db, clock });
  const schedules = createSchedulesService({
    db,
    publishJobs,
    clock,
    logger,
    savedTimeZone: (userId) => settings.savedTimeZone(userId),
    savedAutoDst: (userId) => settings.autoDst(userId),
  });
  const companies = createCompaniesService({
    db,
    storage,
    clock,
    cancelPendingPublishing: (userId, companyId) =>
      schedules.cancelPendingOfCompany(userId, companyId),
  });
  const connections = createConnectionsService({
    db,
    registry: networks,
    box: createSecretBox(deriveKey(config.appSecret, 'credentials')),
    clock,
    logger,
  });
  // Stripe when STRIPE_SECRET_KEY is set, else the built-in test checkout.
  const billing = createBilling({ config, db, mailer, clock, logger });
  const services = {
    billing: billing.service,
    auth: createAuthService({
      db,
      mailer,
      clock,
      tokens,
      otpKey: deriveKey(config.appSecret, 'otp'),
      limiter: attempts,
      limits: overrides.authLimits ?? DEFAULT_AUTH_LIMITS,
      logger,
      sessions,
      publicUrl: config.publicUrl,
    }),
    customer: createCustomerService({ db, storage, clock, logger }),
    settings,
    companies,
    schedules,
    connections,
    ai: createAiService({
      db,
      ai: overrides.ai ?? createAiClient(config.openai),
      fetchAllowHosts: config.fetchAllowHosts,
      logger,
      findCompany: (userId, companyId) => companies.findOwned(userId, companyId),
    }),
    posts: createPostsService({
      db,
      storage,
      publishJobs,
      clock,
      logger,
      scheduleFromPost: (userId, input) => schedules.create(userId, input),
    }),
    shortener: createShortenerService({
      db,
      publicUrl: config.publicUrl,
      external: createTinyUrlClient(config.tinyurl),
      clock,
      logger,
    }),
    search: createSearchService({
      news: createNewsClient(config.search),
      web: createWebSearchClient(config.search),
      logger,
    }),
  };

  const publishInstance = createInstancePublisher({
    db,
    publishJobs,
    clock,
    logger,
    storage,
    registry: networks,
    connections,
    publicUrl: config.publicUrl,
    missedAfterMs: config.publisher.missedAfterMs,
    jobExpireSeconds: config.publisher.jobExpireSeconds,
    retryBaseMs: config.publisher.retryBaseMs,
    // One per network, shared by every instance this process publishes.
    semaphores: Object.fromEntries(
      NETWORK_IDS.map((network) => [
        network,
        createSemaphore(config.publisher.concurrencyPerNetwork),
      ]),
    ) as Record<NetworkId, ReturnType<typeof createSemaphore>>,
  });

  return {
    config,
    logger,
    clock,
    database,
    db,
    queue,
    mailer,
    storage,
    uploadsDir,
    networks,
    limiter,
    tokens,
    sessions,
    publishJobs,
    services,
    /** Verifies Stripe webhook signatures; null without Stripe and its webhook secret. */
    stripeWebhook: billing.stripeWebhook,
    /** The publish job's work (the worker calls it; tests may call it directly). */
    publishInstance,
  };
}

export type Container = ReturnType<typeof createContainer>;
