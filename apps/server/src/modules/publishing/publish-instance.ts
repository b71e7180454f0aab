import {
  CONNECTION_MESSAGES,
  NETWORK_NAMES,
  SCHEDULE_MESSAGES,
  type NetworkId,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PublicationRow } from '../../db/schema.js';
import type { JobPort } from '../../jobs/port.js';
import type { PublishInstancePayload } from '../../jobs/publish-instance.job.js';
import {
  NetworkError,
  type NetworkAdapter,
  type NetworkCredentials,
  type PublishInput,
  type PublishResult,
} from '../../integrations/networks/types.js';
import type { Storage } from '../../integrations/storage.js';
import type { Clock } from '../../lib/clock.js';
import type { TokenLifecycle } from '../connections/token-lifecycle.js';
import type { NetworkRegistry } from '../../integrations/networks/registry.js';
import {
  failedSettlement,
  instanceOutcome,
  reconnectMessage,
  settlementOfNetworkFailure,
  unconfirmedSettlement,
} from './decisions.js';
import * as repo from './publishing.repository.js';
import type { createSemaphore } from './semaphore.js';
import { createSettler, type PublishingEvent } from './settle.js';

export interface PublishDeps {
  db: Db;
  publishJobs: JobPort<PublishInstancePayload>;
  clock: Clock;
  logger: FastifyBaseLogger;
  storage: Storage;
  registry: NetworkRegistry;
  /** The stored credentials, refreshed when their token expires (the token lifecycle). */
  connections: TokenLifecycle;
  publicUrl: string;
  jobExpireSeconds: number;
  /** Read at every job, so a change in the admin settings applies without a restart. */
  limits: () => Promise<{ missedAfterMs: number; retryBaseMs: number }>;
  /** Records a final failure or a reconnect for the customer's bell and mail. */
  notify: (event: PublishingEvent) => Promise<void>;
  /** One per network, shared by every instance this process publishes. */
  semaphores: Record<NetworkId, ReturnType<typeof createSemaphore>>;
}

/** Builds the handler of one publish job: publishes an instance to each of its networks, once. */
export function createInstancePublisher(deps: PublishDeps) {
  const { db } = deps;
  const { settle, logAttempt, notifyOutcome } = createSettler(deps);

  function mediaOf(context: repo.InstanceContext): PublishInput['media'] {
    const attachment = context.attachment;
    if (!attachment) return null;
    let bytes: Promise<Buffer> | undefined;
    return {
      url: `${deps.publicUrl}${attachment.mediaUrl}`,
      mimeType: attachment.mimeType,
      load: () => (bytes ??= deps.storage.read(attachment.storageKey)),
    };
  }

  async function publishOne(
    context: repo.InstanceContext,
    pending: PublicationRow,
    media: PublishInput['media'],
  ) {
    const { post } = context;
    const network = pending.network;
    const name = NETWORK_NAMES[network];

    const claimed = await repo.claimPublication(db, pending.id, deps.clock());
    if (!claimed) return; // another worker has it, or it is settled
    const fail = (message: string, errorCode: string) =>
      settle(context, claimed, failedSettlement(message, errorCode, claimed.attempts));
    const settleFailure = async (error: unknown) => {
      if (!(error instanceof NetworkError)) {
        // Whatever broke may have broken after the post was sent: never repeat it blindly.
        deps.logger.error({ err: error, network }, 'unexpected publishing error');
        await settle(context, claimed, unconfirmedSettlement(claimed.attempts));
        return;
      }
      const settlement = settlementOfNetworkFailure(
        {
          kind: error.kind,
          message: error.message,
          retryAfterSeconds: error.details.retryAfterSeconds,
        },
        { attempts: claimed.attempts, networkName: name },
        { now: deps.clock(), retryBaseMs: (await deps.limits()).retryBaseMs },
      );
      await settle(context, claimed, settlement);
    };

    let usable: Awaited<ReturnType<typeof deps.connections.forPublishing>>;
    try {
      usable = post.companyId
        ? await deps.connections.forPublishing(post.companyId, network)
        : { kind: 'none' };
    } catch (error) {
      if (error instanceof NetworkError) {
        // The token endpoint could not be reached: retried like any transient failure.
        await settleFailure(error);
        return;
      }
      // Sealed with another APP_SECRET, or damaged: only a reconnect helps.
      deps.logger.error({ err: error, network }, 'stored credentials cannot be read');
      return fail(
        reconnectMessage(name, 'the saved credentials cannot be read'),
        'credentials_unreadable',
      );
    }
    if (usable.kind === 'none') {
      return fail(SCHEDULE_MESSAGES.networkNotConnected(name), 'not_connected');
    }
    if (usable.kind === 'reconnect') {
      // The token is known to be expired and cannot be renewed: never attempted with it.
      return fail(CONNECTION_MESSAGES.reconnect(name, usable.entityName), 'token_expired');
    }
    let credentials = usable.credentials;
    if (media) {
      try {
        await media.load();
      } catch {
        return fail("The post's media file is missing. Attach it again.", 'media_missing');
      }
    }
    const input: PublishInput = {
      text: post.content,
      link: post.urlShortened && post.shortenedUrl ? post.shortenedUrl : post.url,
      media,
    };
    const adapter = deps.registry.adapters[network] as NetworkAdapter<typeof credentials>;
    // Only the network call holds one of the network's slots; the database work around it
    // does not, so slow queries never starve a network of calls (and vice versa).
    const attempt = () => deps.semaphores[network].run(() => adapter.publish(input, credentials));
    let result: PublishResult;
    try {
      result = await attempt();
    } catch (error) {
      const renewed =
        error instanceof NetworkError && error.kind === 'auth' && post.companyId
          ? await renewAfterUnauthorized(post.companyId, network, credentials)
          : null;
      if (!renewed) {
        await settleFailure(error);
        return;
      }
      // A 401 means the network refused the call, so nothing was posted: once more, renewed.
      credentials = renewed;
      try {
        result = await attempt();
      } catch (retryError) {
        await settleFailure(retryError);
        return;
      }
    }
    await recordPublished(pending.id, network, result);
    await logAttempt(context, claimed, {
      status: 'success',
      message: `Published to ${name}`,
      retryCount: claimed.attempts - 1,
    });
  }

  /** New credentials after a 401, when the token could be refreshed; else null. */
  async function renewAfterUnauthorized<N extends NetworkId>(
    companyId: string,
    network: N,
    used: NetworkCredentials[N],
  ): Promise<NetworkCredentials[N] | null> {
    try {
      const renewed = await deps.connections.afterUnauthorized(companyId, network, used);
      if (renewed?.kind !== 'ok') return null;
      return JSON.stringify(renewed.credentials) === JSON.stringify(used)
        ? null
        : renewed.credentials;
    } catch (error) {
      deps.logger.warn({ err: error, network }, 'token refresh after a 401 failed');
      return null;
    }
  }

  /**
   * The post is out: its id must be kept. A database blip gets a few more tries; should they
   * all fail, the claim goes stale and the publication ends unconfirmed, never re-posted.
   */
  async function recordPublished(publicationId: string, network: NetworkId, result: PublishResult) {
    for (let attempt = 1; ; attempt++) {
      try {
        await repo.markPublished(db, publicationId, result, deps.clock());
        return;
      } catch (error) {
        if (attempt >= 3) {
          deps.logger.error(
            { err: error, network, publicationId, externalId: result.externalId },
            'published, but the external id could not be stored',
          );
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }

  /** When nothing waits any more, the instance gets its outcome; else its next job is queued. */
  async function settleInstance(context: repo.InstanceContext) {
    const { instance } = context;
    const states = await repo.listPublicationStates(db, instance.id);
    if (states.some((state) => state.status === 'publishing')) return; // its claimer settles it
    const waiting = states.filter((state) => state.status === 'pending');
    const now = deps.clock();
    if (waiting.length === 0) {
      await repo.setInstanceStatus(
        db,
        instance.id,
        instanceOutcome(states.map((s) => s.status)),
        now,
      );
      return;
    }
    const attempt = Math.min(
      ...waiting.map((state) => state.nextAttemptAt?.getTime() ?? now.getTime()),
    );
    const jobId = await deps.publishJobs.send(
      { instanceId: instance.id },
      { startAfter: new Date(attempt), key: `${instance.id}:retry:${attempt}` },
    );
    await repo.setInstanceStatus(db, instance.id, 'pending', now, jobId);
  }

  return async function publishInstance(instanceId: string): Promise<void> {
    const context = await repo.loadInstanceContext(db, instanceId);
    if (!context) return; // deleted: nothing to do
    const now = deps.clock();
    if (!(await repo.claimInstance(db, instanceId, now))) return;
    const { instance } = context;
    const logFor = (publication: PublicationRow, message: string, errorCode: string) =>
      logAttempt(context, publication, {
        status: 'error',
        message,
        errorCode,
        retryCount: Math.max(0, publication.attempts - 1),
      });

    const staleBefore = new Date(now.getTime() - deps.jobExpireSeconds * 1000);
    const stale = await repo.markStaleClaimsUnconfirmed(
      db,
      instanceId,
      staleBefore,
      SCHEDULE_MESSAGES.unconfirmed,
      now,
    );
    for (const publication of stale) {
      await logFor(publication, SCHEDULE_MESSAGES.unconfirmed, 'unconfirmed');
      await notifyOutcome(
        context,
        publication,
        'publication_unconfirmed',
        SCHEDULE_MESSAGES.unconfirmed,
      );
    }

    const { missedAfterMs } = await deps.limits();
    if (now.getTime() - instance.scheduledFor.getTime() > missedAfterMs) {
      const missed = await repo.markMissed(db, instanceId, SCHEDULE_MESSAGES.missed, now);
      for (const publication of missed) {
        await logFor(publication, SCHEDULE_MESSAGES.missed, 'missed');
        await notifyOutcome(context, publication, 'publication_failed', SCHEDULE_MESSAGES.missed);
      }
      await settleInstance(context);
      return;
    }

    const due = await repo.listDuePublications(db, instanceId, now);
    const media = mediaOf(context);
    // In parallel across networks; each network's calls are limited per process in publishOne.
    const outcomes = await Promise.allSettled(
      due.map((publication) => publishOne(context, publication, media)),
    );
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason; // the job is retried; every step above is idempotent
    await settleInstance(context);
  };
}

export type PublishInstance = ReturnType<typeof createInstancePublisher>;
