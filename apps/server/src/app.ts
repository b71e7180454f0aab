import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyRequest } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { HTTP_MESSAGES } from '@cadence/shared';
import type { ResolvedConfig } from './config.js';
import { AppError } from './errors.js';
import type { Database } from './db/client.js';
import type { Mailer } from './integrations/mail.js';
import type { JobQueue } from './jobs/queue.js';
import { systemClock, type Clock } from './lib/clock.js';
import { deriveKey } from './lib/keys.js';
import { findUp } from './lib/find-up.js';
import { RateLimiter } from './lib/rate-limiter.js';
import type { Logger } from './logger.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import {
  createAuthService,
  DEFAULT_AUTH_LIMITS,
  type AuthLimits,
} from './modules/auth/auth.service.js';
import { createAuthenticate } from './modules/auth/authenticate.js';
import { createTokenService } from './modules/auth/tokens.js';
import { registerCustomerRoutes } from './modules/customer/customer.routes.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerWebApp } from './plugins/web-app.js';
import { registerUploads } from './plugins/uploads.js';
import { createAiClient, type AiClient } from './integrations/ai.js';
import { createLocalStorage, type Storage } from './integrations/storage.js';
import { registerCompanyRoutes } from './modules/companies/companies.routes.js';
import { createCompaniesService } from './modules/companies/companies.service.js';
import { registerAiRoutes } from './modules/ai/ai.routes.js';
import { createAiService } from './modules/ai/ai.service.js';
import { registerConnectionRoutes } from './modules/connections/connections.routes.js';
import { createConnectionsService } from './modules/connections/connections.service.js';
import {
  createNetworkRegistry,
  type NetworkRegistry,
} from './modules/connections/network-registry.js';
import { createSecretBox } from './lib/secret-box.js';
import { registerPostRoutes } from './modules/posts/posts.routes.js';
import { createPostsService } from './modules/posts/posts.service.js';
import { createTinyUrlClient } from './integrations/tinyurl.js';
import { createNewsClient } from './integrations/news.js';
import { createWebSearchClient } from './integrations/web-search.js';
import {
  registerShortenerRoutes,
  registerShortLinkRedirect,
} from './modules/shortener/shortener.routes.js';
import { createShortenerService } from './modules/shortener/shortener.service.js';
import { registerSearchRoutes } from './modules/search/search.routes.js';
import { createSearchService } from './modules/search/search.service.js';
import { registerLogRoutes } from './modules/logs/logs.routes.js';
import { registerScheduleRoutes } from './modules/schedules/schedules.routes.js';
import { createSchedulesService } from './modules/schedules/schedules.service.js';
import { registerSettingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { registerAccountRoutes } from './modules/account/account.routes.js';
import {
  createAccountService,
  type CancelSubscription,
} from './modules/account/account.service.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createUploadsService, withUploadRecords } from './modules/uploads/uploads.service.js';
import multipart from '@fastify/multipart';
import path from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export interface AppDeps {
  config: ResolvedConfig;
  database: Database;
  mailer: Mailer;
  queue: JobQueue;
  logger: Logger;
  clock?: Clock;
  authLimits?: AuthLimits;
  /** The built web app; found next to the server when not given. */
  webDistDir?: string;
  /** Defaults: local disk under DATA_DIR/uploads, and the configured AI service. */
  storage?: Storage;
  ai?: AiClient;
  /** Defaults to every network's adapter at the configured hosts. */
  networks?: NetworkRegistry;
  /** The billing module's hook to cancel a paid subscription when an account is deleted. */
  cancelSubscription?: CancelSubscription;
}

function createFastify(deps: AppDeps) {
  return Fastify({
    loggerInstance: deps.logger,
    trustProxy: deps.config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
}

export type AppInstance = ReturnType<typeof createFastify>;

/** Builds the whole HTTP application without listening; `main.ts` listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const clock = deps.clock ?? systemClock;
  const app = createFastify(deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // PostgreSQL text cannot hold NUL characters: refuse them up front with a clear 400
  // instead of failing deep in a query.
  app.addHook('preValidation', (request, _reply, done) => {
    const hasNul =
      containsNul(request.query) || containsNul(request.params) || containsNul(request.body);
    done(hasNul ? AppError.badRequest(HTTP_MESSAGES.nulCharacter, 'NUL_CHARACTER') : undefined);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Only meaningful, and only safe to promise, when the instance is served over HTTPS.
    strictTransportSecurity: deps.config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  });
  await registerOpenApi(app);

  const tokens = createTokenService(deriveKey(deps.config.appSecret, 'jwt'), clock);
  app.decorateRequest('currentUser', null);
  app.decorate('authenticate', createAuthenticate(deps.database.db, tokens));

  const uploadsDir = path.join(deps.config.dataDir, 'uploads');
  const storage = withUploadRecords(
    deps.storage ?? createLocalStorage(uploadsDir),
    deps.database.db,
  );
  const uploads = createUploadsService({ db: deps.database.db, storage, clock, logger: app.log });
  const limiter = new RateLimiter(clock);
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 64 * 1024 } });
  await registerUploads(app, uploadsDir);

  const companies = createCompaniesService({
    db: deps.database.db,
    storage,
    clock,
    queue: deps.queue,
    uploads,
  });
  const settings = createSettingsService({ db: deps.database.db, clock });
  const schedules = createSchedulesService({
    db: deps.database.db,
    queue: deps.queue,
    clock,
    logger: app.log,
    jobExpireSeconds: deps.config.publisher.jobExpireSeconds,
  });
  const ai = createAiService({
    db: deps.database.db,
    ai: deps.ai ?? createAiClient(deps.config.openai),
    fetchAllowHosts: deps.config.fetchAllowHosts,
    logger: app.log,
  });

  const connections = createConnectionsService({
    db: deps.database.db,
    registry: deps.networks ?? createNetworkRegistry(deps.config.networks),
    box: createSecretBox(deriveKey(deps.config.appSecret, 'credentials')),
    clock,
    logger: app.log,
  });

  const posts = createPostsService({
    db: deps.database.db,
    storage,
    queue: deps.queue,
    clock,
    logger: app.log,
    scheduleFromPost: (userId, input) => schedules.create(userId, input),
  });
  const shortener = createShortenerService({
    db: deps.database.db,
    publicUrl: deps.config.publicUrl,
    external: createTinyUrlClient(deps.config.tinyurl),
    clock,
    logger: app.log,
  });
  const search = createSearchService({
    news: createNewsClient(deps.config.search),
    web: createWebSearchClient(deps.config.search),
    logger: app.log,
  });

  const auth = createAuthService({
    db: deps.database.db,
    mailer: deps.mailer,
    clock,
    tokens,
    otpKey: deriveKey(deps.config.appSecret, 'otp'),
    limiter,
    limits: deps.authLimits ?? DEFAULT_AUTH_LIMITS,
    logger: app.log,
  });

  const notifications = createNotificationsService({
    db: deps.database.db,
    queue: deps.queue,
    clock,
    logger: app.log,
    mailDelaySeconds: deps.config.notifyMailDelaySeconds,
  });
  const account = createAccountService({
    db: deps.database.db,
    queue: deps.queue,
    storage,
    clock,
    logger: app.log,
    cancelSubscription: deps.cancelSubscription,
  });

  await app.register(
    (api, _options, done) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      registerHealthRoutes(typed, deps.database);
      registerAuthRoutes(typed, auth);
      registerCustomerRoutes(typed, deps.config);
      registerCompanyRoutes(typed, companies);
      registerAiRoutes(typed, ai, limiter);
      registerConnectionRoutes(typed, connections);
      registerPostRoutes(typed, posts, storage, uploads);
      registerShortenerRoutes(typed, shortener, limiter);
      registerSearchRoutes(typed, search, limiter);
      registerSettingsRoutes(typed, settings);
      registerScheduleRoutes(typed, schedules);
      registerLogRoutes(typed, deps.database.db);
      registerAccountRoutes(typed, { account, notifications, uploads, limiter });
      done();
    },
    { prefix: '/api' },
  );
  // Public short links live at the root, and must be routed before the web app's fallback.
  registerShortLinkRedirect(app, shortener);

  await registerWebApp(app, deps.webDistDir ?? webDistFolder());
  return app;
}

/** True when a string anywhere in `value` (objects and arrays included) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}

function webDistFolder() {
  const index = findUp('apps/web/dist/index.html');
  return index ? index.slice(0, -'/index.html'.length) : undefined;
}
