import path from 'node:path';
import { postLinkOriginsOf } from '@cadence/shared';
import type { ResolvedConfig } from './config.js';
import { AppError } from './errors.js';
import type { Database } from './db/client.js';
import { createAiClient, type AiClient } from './integrations/ai.js';
import type { Mailer } from './integrations/mail.js';
import { createTeamService } from './modules/team/index.js';
import { createNewsClient } from './integrations/news.js';
import { createOAuthClients, type OAuthClients } from './integrations/networks/oauth.js';
import { createNetworkRegistry, type NetworkRegistry } from './integrations/networks/registry.js';
import { createS3Storage } from './integrations/s3-storage.js';
import { createLocalStorage, type Storage } from './integrations/storage.js';
import { createTinyUrlClient } from './integrations/tinyurl.js';
import { createWebSearchClient } from './integrations/web-search.js';
import type { JobQueue } from './jobs/job-queue.js';
import { createJobs } from './jobs/port.js';
import { notificationMailJob } from './jobs/notification-mail.job.js';
import { orphanSweepJob } from './jobs/orphan-sweep.job.js';
import { tokenSweepJob } from './jobs/token-sweep.job.js';
import { metricsPollJob } from './jobs/metrics-poll.job.js';
import { publishFirstCommentJob } from './jobs/publish-first-comment.job.js';
import { webhookDeliveryJob } from './jobs/webhook-delivery.job.js';
import { systemClock, type Clock } from './lib/clock.js';
import { deriveKey } from './lib/keys.js';
import { createAttemptLimiter } from './lib/attempt-limiter.js';
import { countExternalCall } from './lib/external-calls.js';
import { createLiveSettings, type LiveSettings } from './lib/live-settings.js';
import { createMarkupThread, type MarkupThreadOptions } from './lib/markup/markup-thread.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { createSecretBox } from './lib/secret-box.js';
import type { Logger } from './logger.js';
import { createAccountService } from './modules/account/index.js';
import { createAdminService, createServiceMonitor } from './modules/admin/index.js';
import { createApiKeysService, createApiTrafficService } from './modules/api-keys/index.js';
import { createAiService } from './modules/ai/index.js';
import { createBilling } from './modules/billing/index.js';
import {
  createAuthService,
  DEFAULT_AUTH_LIMITS,
  type AuthLimits,
  createSessionCache,
  createSignOut,
  createTokenService,
} from './modules/auth/index.js';
import { createCompaniesService } from './modules/companies/index.js';
import {
  createConnectionsService,
  createOAuthService,
  createTokenLifecycle,
  keyFormTokenExpiry,
  createTokenSweep,
  createNetworkSessionStore,
} from './modules/connections/index.js';
import { createCustomerService } from './modules/customer/index.js';
import { createLogsService } from './modules/logs/index.js';
import { createAnalyticsService, createMetricsPoller } from './modules/metrics/index.js';
import { createNotificationsService } from './modules/notifications/index.js';
import { createApprovalsService } from './modules/approvals/index.js';
import { createBrandingService } from './modules/branding/index.js';
import { createImportsService } from './modules/imports/index.js';
import { createPostsService, mediaOfUpload } from './modules/posts/index.js';
import { createQueueService } from './modules/queue/index.js';
import { createApiMediaService, createPublicApiService } from './modules/public-api/index.js';
import {
  createCommentSender,
  createInstancePublisher,
  createReadBack,
  createCallLanes,
  createPublicationActions,
  insertPendingPublications,
} from './modules/publishing/index.js';
import { createPublishRuns, createSchedulesService } from './modules/schedules/index.js';
import { createSearchService } from './modules/search/index.js';
import { createSettingsService } from './modules/settings/index.js';
import { createShortenerService } from './modules/shortener/index.js';
import { createUploadsService, withUploadRecords } from './modules/uploads/index.js';
import { createWebhooksService } from './modules/webhooks/index.js';

/** What the container is built on: the config, the logger and what `openInfra` opened. */
export interface ContainerInput {
  config: ResolvedConfig;
  logger: Logger;
  database: Database;
  queue: JobQueue;
  mailer: Mailer;
  /**
   * This process's heartbeat id, when it beats (main.ts): the publisher's claims name it, so
   * that once it falls silent the others take them over at once. Left out (tests, tools), a
   * claim waits for its expiry as before.
   */
  processId?: string;
}

/** Replacements for tests, the demo and benchmarks; production uses the defaults. */
export interface ContainerOverrides {
  clock?: Clock;
  authLimits?: AuthLimits;
  /** Default: the S3 bucket when `S3_BUCKET` is set, else local disk under DATA_DIR/uploads. */
  storage?: Storage;
  /** Default: the configured AI service (undefined when none is configured). */
  ai?: AiClient;
  /** Default: every network's adapter at the configured hosts. */
  networks?: NetworkRegistry;
  /** Default: the admin settings read from the database with the configured cache. */
  liveSettings?: LiveSettings;
  /** Default: each network's OAuth endpoints at the configured hosts. */
  oauth?: OAuthClients;
  /** Default: MARKUP_DEFAULTS (time limit, queue, memory of the markup worker). */
  markup?: MarkupThreadOptions;
}

/**
 * The composition root: builds every outside client and every service once. `buildApp`
 * registers the routes on these services and the worker runs the listed jobs with them;
 * nothing else constructs a service. A module that needs another module's capability gets
 * a function here, never an import of the other module's repository or service.
 *
 * It answers three groups: `infra` (what the services run on: config, logger, clock, the
 * database, the queue and its job ports, mail, storage, network clients, limiters, caches),
 * `services` (the business services the routes call) and `jobs` (the work the background
 * jobs and recurring tasks do).
 */
export function createContainer(input: ContainerInput, overrides: ContainerOverrides = {}) {
  const { config, logger, database, queue, mailer } = input;
  const { db } = database;
  const clock = overrides.clock ?? systemClock;
  const uploadsDir = path.join(config.dataDir, 'uploads');
  // Removing a file through this storage also forgets its upload record (the allowance).
  const baseStorage =
    overrides.storage ?? (config.s3 ? createS3Storage(config.s3) : createLocalStorage(uploadsDir));
  const storage = withUploadRecords(baseStorage, db);
  const credentialsBox = createSecretBox(deriveKey(config.appSecret, 'credentials'));
  // Bluesky's sessions, kept for every process: a new worker does not log in again.
  const networkSessions = createNetworkSessionStore({
    db,
    box: credentialsBox,
    keyOfLogin: deriveKey(config.appSecret, 'network-sessions'),
    clock,
    logger,
  });
  const networkOptions = { allowHosts: config.fetchAllowHosts, sessions: networkSessions };
  const networks = overrides.networks ?? createNetworkRegistry(config.networks, networkOptions);
  // The admin's settings (publisher limits, rate limits), read with a cache of at most 30 s
  // so a change reaches every process without a restart (decision 033).
  const liveSettings = overrides.liveSettings ?? createLiveSettings(db, config);
  const limiter = new RateLimiter(clock);
  const attempts = createAttemptLimiter(db, clock);
  const tokens = createTokenService(deriveKey(config.appSecret, 'jwt'), clock);
  // The signed-in account, read at most every few seconds (decision 040).
  const sessions = createSessionCache();
  const jobs = createJobs(queue, config);
  // The publisher's runs of instances: services ask one; the worker's publish loop takes
  // the due ones from their table (decision 130).
  const publishRuns = createPublishRuns(db);
  const commentJobs = jobs.port(publishFirstCommentJob);
  /** A publication's first comment, at its time (its own job: keyed by publication and time). */
  const sendCommentJob = (publicationId: string, at: Date) =>
    commentJobs.send(
      { publicationId },
      { startAfter: at, key: `${publicationId}:${at.getTime()}` },
    );
  const orphanSweepJobs = jobs.port(orphanSweepJob);
  const tokenSweepJobs = jobs.port(tokenSweepJob);
  const metricsPollJobs = jobs.port(metricsPollJob);
  const webhookJobs = jobs.port(webhookDeliveryJob);

  // Every upload (logo, avatar, media): rate limit, storage allowance, orphan sweep.
  const uploads = createUploadsService({ db, storage, clock, logger, attempts });
  // Untrusted markup (SVG logos, fetched web pages) is taken apart on a worker thread with a
  // time limit, never on the event loop (decision 102). Started on first use.
  const markup = createMarkupThread(overrides.markup);
  const branding = createBrandingService({ db, clock });
  // Workspaces and members: who acts in which workspace, with which role (authenticate).
  const team = createTeamService({
    db,
    mailer,
    clock,
    logger,
    publicUrl: config.publicUrl,
    brandOf: (workspaceId) => branding.brandOf(workspaceId),
  });
  const notifications = createNotificationsService({
    db,
    mailJobs: jobs.port(notificationMailJob),
    mailer,
    clock,
    logger,
    mailDelaySeconds: config.notifyMailDelaySeconds,
    publicUrl: config.publicUrl,
    brandOf: (workspaceId) => branding.brandOf(workspaceId),
    // The members an event concerns: the team module knows who has which entity, now.
    peopleConcerned: (workspaceId, entityId, roles) =>
      team.peopleConcerned(workspaceId, entityId, roles),
    belongsTo: (workspaceId, personId) => team.belongsTo(workspaceId, personId),
  });
  const approvals = createApprovalsService({
    db,
    clock,
    logger,
    publicUrl: config.publicUrl,
    notify: (notice) => notifications.recordReview(notice),
    reviewersOf: (workspaceId, entityId) =>
      team.peopleConcerned(workspaceId, entityId, ['owner', 'manager']),
    brandOf: (workspaceId) => branding.brandOf(workspaceId),
  });

  const settings = createSettingsService({ db, clock });
  const schedules = createSchedulesService({
    db,
    clock,
    logger,
    savedTimeZone: (userId) => settings.savedTimeZone(userId),
    savedAutoDst: (userId) => settings.autoDst(userId),
    createPublications: insertPendingPublications,
  });
  const companies = createCompaniesService({
    db,
    storage,
    clock,
    cancelPendingPublishing: (userId, companyId) =>
      schedules.cancelPendingOfCompany(userId, companyId),
    uploads,
    cleanSvg: (bytes) => markup.cleanSvg(bytes),
  });
  // One-click connect and the token lifecycle (refresh before expiry and after a 401).
  const oauthClients = overrides.oauth ?? createOAuthClients(config);
  const connections = createConnectionsService({
    db,
    registry: networks,
    box: credentialsBox,
    clock,
    logger,
    tokenExpiry: (network, credentials) => keyFormTokenExpiry(oauthClients, network, credentials),
  });
  const oauth = createOAuthService({
    db,
    oauth: oauthClients,
    registry: networks,
    box: credentialsBox,
    clock,
    logger,
    publicUrl: config.publicUrl,
    ...(config.simulatedNetworks ? { demo: { port: config.port } } : {}),
  });
  const tokenLifecycle = createTokenLifecycle({
    db,
    box: credentialsBox,
    clock,
    oauth: oauthClients,
    logger,
  });
  // Connections that stay alive: refresh ahead of the expiry, else warn 7 and 1 days before.
  const tokenSweep = createTokenSweep({
    db,
    clock,
    logger,
    lifecycle: tokenLifecycle,
    notify: (event) => notifications.record(event),
    savedTimeZone: (userId) => settings.savedTimeZone(userId),
  });
  // Stripe when STRIPE_SECRET_KEY is set, else the built-in test checkout.
  const billing = createBilling({
    config,
    db,
    mailer,
    clock,
    logger,
    savedTimeZone: (userId) => settings.savedTimeZone(userId),
  });
  const posts = createPostsService({
    db,
    storage,
    clock,
    logger,
    scheduleFromPost: (userId, input, actorId) =>
      schedules.create(userId, input, actorId ? { actorId } : {}),
    findMedia: (userId, id) => uploads.findMedia(userId, id),
  });
  const publicationActions = createPublicationActions({
    db,
    publishRuns,
    sendCommentJob,
    clock,
    logger,
    postLinkOrigins: postLinkOriginsOf(config.networks.webUrls),
  });
  // Webhook endpoints and their outbox's deliveries (signed, through the address guard).
  const webhooks = createWebhooksService({
    db,
    clock,
    box: createSecretBox(deriveKey(config.appSecret, 'webhook-secrets')),
    guard: { allowHosts: config.fetchAllowHosts },
    retrySchedule: config.webhookRetrySchedule,
    timeoutMs: 10_000,
    ownsEntity: async (userId, entityId) =>
      (await companies.findOwned(userId, entityId)) !== undefined,
    notify: (event) => notifications.record(event),
    logger,
  });
  // Each entity's posting queue; a post placed in it is scheduled through `schedules`.
  const postingQueue = createQueueService({
    db,
    clock,
    savedTimeZone: (userId) => settings.savedTimeZone(userId),
    ownsCompany: async (userId, companyId) =>
      (await companies.findOwned(userId, companyId)) !== undefined,
    schedules,
  });
  // The public API's media: the post form's rules (posts) and the uploads' counts.
  const apiMedia = createApiMediaService({
    storage,
    uploads,
    fetchAllowHosts: config.fetchAllowHosts,
    publicUrl: config.publicUrl,
  });
  // The Analytics screen and each post's numbers, read from what the metrics job stored.
  const analytics = createAnalyticsService({
    db,
    savedTimeZone: async (userId) => (await settings.savedTimeZone(userId)) ?? 'UTC',
    ownsCompany: async (userId, companyId) =>
      (await companies.findOwned(userId, companyId)) !== undefined,
  });
  const services = {
    team,
    billing: billing.service,
    auth: createAuthService({
      db,
      mailer,
      clock,
      tokens,
      otpKey: deriveKey(config.appSecret, 'otp'),
      limiter: attempts,
      limits: async () => {
        if (overrides.authLimits) return overrides.authLimits;
        const perIpMax = (await liveSettings.read()).sign_in_attempts_per_10_minutes;
        return { ...DEFAULT_AUTH_LIMITS, perIp: { max: perIpMax, windowSeconds: 600 } };
      },
      logger,
      sessions,
      publicUrl: config.publicUrl,
    }),
    // Sign out: this token, or every token of the account.
    signOut: createSignOut({ db, clock, forgetSession: (userId) => sessions.forget(userId) }),
    customer: createCustomerService({
      db,
      storage,
      clock,
      logger,
      uploads,
      brandOf: (workspaceId) => branding.brandOf(workspaceId),
    }),
    uploads,
    notifications,
    approvals,
    branding,
    account: createAccountService({
      db,
      storage,
      clock,
      logger,
      // A paid subscription ends at the provider before the account goes (billing's).
      cancelSubscription: (userId) => billing.service.cancelForAccountDeletion(userId),
      savedSettings: (userId) => settings.read(userId),
      forgetSession: (userId) => sessions.forget(userId),
    }),
    settings,
    // The Post Logs section: the customer's publishing attempts, paged and searched.
    logs: createLogsService({ db }),
    companies,
    schedules,
    queue: postingQueue,
    // Retry, confirm-absent, mark-published and publish-now from the screen (decision 091).
    publicationActions,
    // The public API (/api/v1) over the same services the web app's routes use.
    publicApi: createPublicApiService({
      db,
      clock,
      companies,
      posts,
      schedules,
      publicationActions,
      uploads,
      postMetrics: (userId, postId) => analytics.postMetrics(userId, postId),
    }),
    connections,
    oauth,
    ai: createAiService({
      db,
      ai: overrides.ai ?? createAiClient(config.openai),
      fetchAllowHosts: config.fetchAllowHosts,
      pageText: (html) => markup.pageText(html),
      logger,
      findCompany: (userId, companyId) => companies.findOwned(userId, companyId),
    }),
    posts,
    // Settings > Developer Info's keys and the public API's key check.
    apiKeys: createApiKeysService({
      db,
      clock,
      ownsEntity: async (userId, entityId) =>
        (await companies.findOwned(userId, entityId)) !== undefined,
      standingOf: async (personId, workspaceId) => {
        try {
          return await team.standing(personId, workspaceId);
        } catch (error) {
          if (error instanceof AppError && error.code === 'NOT_A_MEMBER') return null;
          throw error;
        }
      },
    }),
    // What every /api/v1 route shares: per-key rate limits, Idempotency-Key, the call log.
    apiTraffic: createApiTrafficService({
      db,
      clock,
      logger,
      attempts,
      limits: config.publicApi,
    }),
    apiMedia,
    // Bulk scheduling: a CSV file's posts, through the posts, schedules and queue services.
    imports: createImportsService({
      db,
      storage,
      logger,
      entitiesOf: async (userId) =>
        (await companies.list(userId)).rows.map(({ id, name }) => ({ id, name })),
      zoneOfEntity: async (userId, companyId) =>
        (await postingQueue.get(userId, companyId)).timezone,
      savedSettings: async (userId) => ({
        timeZone: await settings.savedTimeZone(userId),
        autoDst: await settings.autoDst(userId),
      }),
      // The same services over the import's transaction: only the settings read before it
      // (on PGlite a read outside the open transaction would wait for it to end).
      servicesIn: (tx, saved) => {
        const txSchedules = createSchedulesService({
          db: tx,
          clock,
          logger,
          savedTimeZone: () => Promise.resolve(saved.timeZone),
          savedAutoDst: () => Promise.resolve(saved.autoDst),
          createPublications: insertPendingPublications,
        });
        return {
          posts: createPostsService({
            db: tx,
            storage,
            clock,
            logger,
            scheduleFromPost: (userId, input, actorId) =>
              txSchedules.create(userId, input, actorId ? { actorId } : {}),
            findMedia: (userId, id) => uploads.findMedia(userId, id),
          }),
          queue: createQueueService({
            db: tx,
            clock,
            savedTimeZone: () => Promise.resolve(saved.timeZone),
            // Not asked by `addPost`, which finds the post among the customer's own (and so
            // its entity); the import queues nothing else.
            ownsCompany: () => Promise.resolve(true),
            schedules: txSchedules,
          }),
        };
      },
      mediaFromUrl: async (userId, url) => {
        const saved = await apiMedia.fromUrl(userId, url);
        const media = mediaOfUpload({ storageKey: saved.storageKey, sizeBytes: saved.media.size });
        if (!media)
          throw new Error(`a fetched media file has an unexpected key: ${saved.storageKey}`);
        return media;
      },
    }),
    webhooks,
    analytics,
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
      countCall: (service) => void countExternalCall(db, service, clock()),
    }),
    admin: createAdminService({
      db,
      clock,
      settings: liveSettings,
      monitor: createServiceMonitor({ database, config }),
      forgetSession: (userId) => sessions.forget(userId),
    }),
    // Refresh before expiry and after a 401 (the publisher's, the sweep's).
    tokenLifecycle,
    /** Verifies Stripe webhook signatures; null without Stripe and its webhook secret. */
    stripeWebhook: billing.stripeWebhook,
  };

  // Shared by every instance this process publishes: one call at a time per account, a
  // ceiling per network (the admin's live setting, read at every admission) and a cap in all.
  const lanes = createCallLanes(
    () => ({
      perAccount: config.publisher.concurrencyPerAccount,
      perNetwork: liveSettings.current().publish_concurrency_per_network,
      total: config.publisher.maxInFlight,
    }),
    { now: () => clock().getTime() },
  );
  /** The publish job's work with fresh network clients (a Restart from the admin panel). */
  const buildInstancePublisher = (fresh: boolean) => {
    // The web part's clients at first (one Bluesky session per account, not two); new ones
    // after a Restart.
    const registry =
      fresh && !overrides.networks
        ? createNetworkRegistry(config.networks, networkOptions)
        : networks;
    const publisher = createInstancePublisher({
      db,
      publishRuns,
      clock,
      logger,
      storage,
      registry,
      connections: tokenLifecycle,
      publicUrl: config.publicUrl,
      jobExpireSeconds: config.publisher.jobExpireSeconds,
      processId: input.processId ?? null,
      readBackAfterMs: config.publisher.readBackAfterMs,
      limits: async () => {
        const values = await liveSettings.read();
        return {
          missedAfterMs: values.publish_missed_after_minutes * 60_000,
          retryBaseMs: values.publish_retry_base_ms,
          retryWindowMs: values.publish_retry_window_minutes * 60_000,
        };
      },
      // A publication that ended badly, or a connection to renew: the bell and the mail.
      notify: (event) => notifications.record(event),
      lanes,
      firstCommentDelaySeconds: config.publisher.firstCommentDelaySeconds,
      sendCommentJob,
    });
    const commentSender = createCommentSender({
      db,
      clock,
      logger,
      registry,
      lanes,
      connections: tokenLifecycle,
      jobExpireSeconds: config.publisher.jobExpireSeconds,
      retryBaseMs: async () => (await liveSettings.read()).publish_retry_base_ms,
      sendCommentJob,
    });
    // Unconfirmed publications looked for on their networks, with the same clients.
    const readBack = createReadBack({
      db,
      clock,
      logger,
      registry,
      connections: tokenLifecycle,
      storage,
      publicUrl: config.publicUrl,
      publishRuns,
      readBackAfterMs: config.publisher.readBackAfterMs,
      processId: input.processId ?? null,
      retryWindowMs: async () => (await liveSettings.read()).publish_retry_window_minutes * 60_000,
      firstCommentDelaySeconds: config.publisher.firstCommentDelaySeconds,
      sendCommentJob,
    });
    return { publisher, readBack, commentSender };
  };
  let instancePublisher = buildInstancePublisher(false);
  // The posts' numbers and accounts' followers, read on the metrics job's own queue.
  const metricsPoller = createMetricsPoller({
    db,
    clock,
    logger,
    registry: networks,
    credentialsOf: (companyId, network) => tokenLifecycle.forPublishing(companyId, network),
    scale: config.metricsPollScale,
    xMetricsEnabled: async () => (await liveSettings.read()).x_metrics_enabled >= 1,
    countCall: (service) => void countExternalCall(db, service, clock()),
  });
  const publishInstance = (instanceId: string) => instancePublisher.publisher(instanceId);
  const publishFirstComment = (publicationId: string) =>
    instancePublisher.commentSender(publicationId);
  const readBackUnconfirmed = () => instancePublisher.readBack.readBack();
  const restartPublisher = () => {
    liveSettings.invalidate();
    instancePublisher = buildInstancePublisher(true);
  };

  return {
    infra: {
      config,
      logger,
      clock,
      database,
      queue,
      mailer,
      storage,
      uploadsDir,
      networks,
      markup,
      liveSettings,
      limiter,
      attempts,
      tokens,
      sessions,
      /** Asks the publisher to run an instance at a time (tests and tools ask through it too). */
      publishRuns,
      /** This process's heartbeat id when it beats (main.ts): its claims and leases name it. */
      processId: input.processId ?? null,
      /** The call lanes this process's publish calls wait in (tests hold an account's turn). */
      lanes,
      /** Queues a publication's first comment at its time. */
      sendCommentJob,
      orphanSweepJobs,
      tokenSweepJobs,
      metricsPollJobs,
      webhookJobs,
    },
    services,
    jobs: {
      /** One run of the publisher on an instance (the publish loop calls it; tests may too). */
      publishInstance,
      /** The publisher's starts, claims and marks so far, and their statements (decision 142). */
      publishStatements: () => instancePublisher.publisher.batches(),
      /** The first-comment job's work: one publication's comment, when it is due. */
      publishFirstComment,
      /** Looks on the networks for unconfirmed publications whose look is due (the read-back). */
      readBackUnconfirmed,
      /** Re-reads the settings and rebuilds the network clients (the publisher's Restart). */
      restartPublisher,
      /** The notification-mail job's work: one customer's waiting mail. */
      sendNotificationMail: (userId: string) => notifications.sendPendingMail(userId),
      /** The orphan-sweep job's work: answers how many files went. */
      sweepOrphanUploads: () => uploads.sweepOrphans(),
      /** The token-sweep job's work: refreshes and warnings of connections expiring soon. */
      sweepTokens: () => tokenSweep.run(),
      /** The webhook-delivery job's work: one attempt of one message. */
      deliverWebhook: (messageId: string) => webhooks.deliver(messageId),
      /** The webhook-dispatch task's work: a delivery job for each due message. */
      dispatchWebhooks: async () => {
        const ids = await webhooks.claimDue();
        for (const messageId of ids) await webhookJobs.send({ messageId });
        return ids.length;
      },
      /** The billing renewals' work: renewals and lapses at period end, stale checkouts. */
      runBillingRenewals: () => billing.service.runRenewals(),
      /** The metrics job's work: due reads of posts' numbers, and accounts' followers. */
      pollMetrics: () => metricsPoller.poll(),
      /** The public API's sweep: idempotency keys past 24 h, calls past 30 days. */
      sweepPublicApi: () => services.apiTraffic.sweep(),
      /** Webhook retention: events and attempts past 30 days. */
      sweepWebhooks: () => webhooks.sweep(),
    },
  };
}

export type Container = ReturnType<typeof createContainer>;
