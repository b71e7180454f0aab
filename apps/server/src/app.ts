import { registerApprovalRoutes } from './modules/approvals/index.js';
import { registerBrandingRoutes } from './modules/branding/index.js';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { HTTP_MESSAGES } from '@cadence/shared';
import { z } from 'zod';
import { registerTeamRoutes, routeRuleOf } from './modules/team/index.js';
import { createFastify, type AppInstance } from './app-instance.js';
import type { Container } from './container.js';
import { AppError } from './errors.js';
import { findUp } from './lib/find-up.js';
import { jsonNestsDeeper } from './lib/json-depth.js';
import { registerAccountRoutes } from './modules/account/index.js';
import { registerAiRoutes } from './modules/ai/index.js';
import {
  PUBLIC_API_PREFIXES,
  registerApiKeyRoutes,
  registerPublicApiHooks,
  registerPublicApiRoutes,
} from './modules/api-keys/index.js';
import {
  registerAuthRoutes,
  createAuthenticate,
  registerPasswordChangeRoute,
  registerSignOutRoute,
} from './modules/auth/index.js';
import { registerCompanyRoutes } from './modules/companies/index.js';
import { registerConnectionRoutes } from './modules/connections/index.js';
import { registerCustomerRoutes } from './modules/customer/index.js';
import { registerHealthRoutes } from './modules/health/index.js';
import { registerLogRoutes } from './modules/logs/index.js';
import { registerMcpRoutes } from './modules/mcp/index.js';
import { registerNotificationRoutes } from './modules/notifications/index.js';
import { registerPostRoutes } from './modules/posts/index.js';
import { registerImportRoutes } from './modules/imports/index.js';
import { registerQueueRoutes } from './modules/queue/index.js';
import {
  registerApiMediaRoutes,
  registerPublicApiResourceRoutes,
} from './modules/public-api/index.js';
import { registerScheduleRoutes } from './modules/schedules/index.js';
import { registerPublicationActionRoutes } from './modules/publishing/index.js';
import { registerSearchRoutes } from './modules/search/index.js';
import { registerSettingsRoutes } from './modules/settings/index.js';
import { registerUploadRoutes } from './modules/uploads/index.js';
import { registerWebhookRoutes } from './modules/webhooks/index.js';
import { registerShortenerRoutes, registerShortLinkRedirect } from './modules/shortener/index.js';
import { registerAnalyticsRoutes } from './modules/metrics/index.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { AFTER_PAINT_CSP_SOURCE } from './plugins/route-preloads.js';
import { registerUploads } from './plugins/uploads.js';
import type { Storage } from './integrations/storage.js';
import { registerWebApp } from './plugins/web-app.js';
import { registerBillingRoutes } from './modules/billing/index.js';
import { registerAdminRoutes } from './modules/admin/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** `authenticate` reading the account from the database, not the few-seconds cache. */
    authenticateFresh: (request: FastifyRequest) => Promise<void>;
    /** Every route registered, with its method. */
    routeList: ReadonlyArray<{ method: string; url: string }>;
  }
}

/** Answers smaller than this go uncompressed: the headers would outweigh the saving. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export interface AppOptions {
  /** The built web app; found next to the server when not given. */
  webDistDir?: string;
}

// The shared schemas are built with zod/mini, which carries no messages of its own: the
// messages of issues without a custom one ('Invalid input: expected string, received
// number') come from zod's English locale, set here for every schema the server checks.
z.config(z.locales.en());

/**
 * Builds the whole HTTP application on the container's services, without listening;
 * `main.ts` listens, tests inject.
 */
/** The origin a browser is redirected to for uploads, as a CSP source list (empty: none). */
async function bucketOriginOf(storage: Storage, delivery: 'redirect' | 'proxy' | undefined) {
  if (storage.location === 'local' || delivery === 'proxy') return [];
  const probe = await storage.directUrl('uploads/probe.png');
  return probe ? [new URL(probe.url).origin] : [];
}

export async function buildApp(
  container: Container,
  options: AppOptions = {},
): Promise<AppInstance> {
  const { infra, services } = container;
  const { config } = infra;
  const app = createFastify({ logger: infra.logger, trustProxy: config.trustProxy });
  // Every route as registered (method, url), for the role table test and the docs.
  const routeList: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });
  app.decorate('routeList', routeList);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, { onAccountGone: (userId) => infra.sessions.forget(userId) });
  // JSON bodies nested past any of ours are refused before JSON.parse spends the event loop
  // on them (decision 102); the rest goes to Fastify's own parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (jsonNestsDeeper(text)) {
      done(AppError.badRequest(HTTP_MESSAGES.jsonTooDeep, 'INVALID_JSON'), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
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
  // Every /api/v1 route and /mcp: the key check, rate limits, Idempotency-Key, the call log. Before
  // compression, so an answer kept for Idempotency-Key is the plain one.
  registerPublicApiHooks(app, { apiKeys: services.apiKeys, traffic: services.apiTraffic });
  // The worker thread that cleans SVGs and reads web pages for these routes ends with them.
  app.addHook('onClose', async () => {
    await infra.markup.close();
  });

  // Uploads redirected to a bucket are images (and videos) from the bucket's origin.
  const bucketOrigin = await bucketOriginOf(infra.storage, config.s3?.delivery);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...bucketOrigin],
        'media-src': ["'self'", ...bucketOrigin],
        // The pages' one inline script, by hash: it adds the app's scripts after first paint.
        'script-src': ["'self'", AFTER_PAINT_CSP_SOURCE],
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Only meaningful, and only safe to promise, when the instance is served over HTTPS.
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  });
  // Brotli or gzip for every text answer over 1 KB (JSON, HTML); built assets come
  // precompressed from disk (see web-app.ts) and are left alone here.
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
  await registerOpenApi(app);

  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentToken', null);
  const { sessions, tokens, clock } = infra;
  const { db } = infra.database;
  app.decorateRequest('currentActor', null);
  // Every signed-in route acts in the workspace the request names, with the caller's role
  // there; the team module says which role each route needs.
  const gate = {
    ruleOf: routeRuleOf,
    standing: (personId: string, header: string | undefined) =>
      services.team.standing(personId, header),
  };
  app.decorate('authenticate', createAuthenticate(db, tokens, sessions, clock, { gate }));
  app.decorate(
    'authenticateFresh',
    createAuthenticate(db, tokens, sessions, clock, { fresh: true, gate }),
  );

  // A route that needs more than reading is refused to a lower role before its body is read
  // or judged: the role gate authenticates first (the route's own check then finds it done).
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/')) return;
    // The public API's routes are called with an API key (its own hooks), never a session.
    if (PUBLIC_API_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    const rule = routeRuleOf(request.method, url.slice('/api'.length));
    if (rule === 'owner' || rule === 'manager' || rule === 'editor')
      await app.authenticate(request);
  });

  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 64 * 1024 } });
  await registerUploads(app, {
    uploadsDir: infra.uploadsDir,
    storage: infra.storage,
    delivery: config.s3?.delivery ?? 'redirect',
  });

  const { limiter } = infra;
  await app.register(
    (api, _options, done) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      registerHealthRoutes(typed, infra.database, config);
      registerAuthRoutes(typed, services.auth);
      registerSignOutRoute(typed, services.signOut);
      registerCustomerRoutes(typed, config, services.customer);
      registerPasswordChangeRoute(typed, services.auth);
      registerCompanyRoutes(typed, services.companies);
      registerAiRoutes(typed, services.ai, limiter, async () => ({
        // The admin's AI requests per customer per hour, read live.
        max: (await infra.liveSettings.read()).ai_requests_per_hour,
        windowSeconds: 3600,
      }));
      registerConnectionRoutes(typed, services.connections, services.oauth);
      registerPostRoutes(typed, services.posts, infra.storage, services.uploads);
      registerShortenerRoutes(typed, services.shortener, limiter);
      registerAnalyticsRoutes(typed, services.analytics);
      registerSearchRoutes(typed, services.search, limiter);
      registerSettingsRoutes(typed, services.settings);
      registerScheduleRoutes(typed, services.schedules);
      registerQueueRoutes(typed, services.queue);
      registerImportRoutes(typed, services.imports);
      registerPublicationActionRoutes(typed, services.publicationActions);
      registerLogRoutes(typed, services.logs);
      registerBillingRoutes(typed, services.billing, services.stripeWebhook);
      registerNotificationRoutes(typed, services.notifications);
      registerUploadRoutes(typed, services.uploads);
      registerAccountRoutes(typed, { account: services.account, attempts: infra.attempts });
      registerAdminRoutes(typed, services.admin);
      registerApiKeyRoutes(typed, services.apiKeys, services.apiTraffic);
      registerPublicApiRoutes(typed, { apiKeys: services.apiKeys });
      registerApiMediaRoutes(typed, { traffic: services.apiTraffic, media: services.apiMedia });
      registerPublicApiResourceRoutes(typed, services.publicApi);
      registerWebhookRoutes(typed, services.webhooks);
      registerTeamRoutes(typed, services.team);
      registerApprovalRoutes(typed, services.approvals, limiter);
      registerBrandingRoutes(typed, services.branding);
      done();
    },
    { prefix: '/api' },
  );
  // Public short links live at the root, and must be routed before the web app's fallback.
  registerShortLinkRedirect(app, services.shortener);
  // The MCP server for AI agents: the public API's service behind an API key.
  registerMcpRoutes(app, services.publicApi);

  await registerWebApp(app, options.webDistDir ?? webDistFolder(), {
    demo: config.simulatedNetworks,
  });
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
