import { NETWORK_NAMES, SCHEDULE_MESSAGES, type NetworkId } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PublicationRow } from '../../db/schema.js';
import type { JobPort } from '../../jobs/port.js';
import type { PublishInstancePayload } from '../../jobs/publish-instance.job.js';
import {
  NetworkError,
  type NetworkAdapter,
  type PublishInput,
  type PublishResult,
} from '../../integrations/networks/types.js';
import type { Storage } from '../../integrations/storage.js';
import type { Clock } from '../../lib/clock.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { NetworkRegistry } from '../../integrations/networks/registry.js';
import { decideFailure, instanceOutcome } from './decisions.js';
import * as repo from './publishing.repository.js';
import type { createSemaphore } from './semaphore.js';

export interface PublishDeps {
  db: Db;
  publishJobs: JobPort<PublishInstancePayload>;
  clock: Clock;
  logger: FastifyBaseLogger;
  storage: Storage;
  registry: NetworkRegistry;
  connections: Pick<ConnectionsService, 'readCredentials'>;
  publicUrl: string;
  missedAfterMs: number;
  jobExpireSeconds: number;
  retryBaseMs: number;
  /** One per network, shared by every instance this process publishes. */
  semaphores: Record<NetworkId, ReturnType<typeof createSemaphore>>;
}

const reconnectMessage = (name: string, reason: string) =>
  `${name} refused the saved credentials (${reason}). Reconnect ${name} for this entity, then schedule the post again.`;

/** Builds the handler of one publish job: publishes an instance to each of its networks, once. */
export function createInstancePublisher(deps: PublishDeps) {
  const { db } = deps;

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
    const { instance, post } = context;
    const network = pending.network;
    const name = NETWORK_NAMES[network];
    const log = (
      entry: Omit<repo.LogEntry, 'userId' | 'postId' | 'instanceId' | 'platform' | 'scheduledFor'>,
    ) => {
      // One readable line per attempt for whoever runs the server (the system log row
      // below is the customer's record): post, network, outcome, and how late it went.
      const lateSeconds = Math.max(
        0,
        Math.round((deps.clock().getTime() - instance.scheduledFor.getTime()) / 1000),
      );
      const outcome =
        entry.status === 'success'
          ? 'published'
          : entry.status === 'pending'
            ? 'will retry'
            : 'failed';
      deps.logger.info(
        {
          postId: post.id,
          instanceId: instance.id,
          network,
          outcome,
          attempt: (entry.retryCount ?? 0) + 1,
          lateSeconds,
          ...(entry.errorCode ? { errorCode: entry.errorCode } : {}),
        },
        `publish: post ${post.id} to ${name}: ${outcome}${
          entry.status === 'success' ? '' : ` (${entry.message})`
        }, attempt ${(entry.retryCount ?? 0) + 1}, ${lateSeconds} s after its time`,
      );
      return repo.insertLog(db, {
        userId: instance.userId,
        postId: post.id,
        instanceId: instance.id,
        platform: network,
        scheduledFor: instance.scheduledFor,
        ...entry,
      });
    };
    const fail = async (message: string, errorCode: string, retryCount: number) => {
      await repo.settleFailure(
        db,
        pending.id,
        { status: 'failed', message, errorCode },
        deps.clock(),
      );
      await log({ status: 'error', message, errorCode, retryCount });
    };

    const claimed = await repo.claimPublication(db, pending.id, deps.clock());
    if (!claimed) return; // another worker has it, or it is settled
    const retryCount = claimed.attempts - 1;

    let credentials: Awaited<ReturnType<typeof deps.connections.readCredentials>>;
    try {
      credentials = post.companyId
        ? await deps.connections.readCredentials(post.companyId, network)
        : undefined;
    } catch (error) {
      // Sealed with another APP_SECRET, or damaged: only a reconnect helps.
      deps.logger.error({ err: error, network }, 'stored credentials cannot be read');
      return fail(
        reconnectMessage(name, 'the saved credentials cannot be read'),
        'credentials_unreadable',
        retryCount,
      );
    }
    if (!credentials) {
      return fail(SCHEDULE_MESSAGES.networkNotConnected(name), 'not_connected', retryCount);
    }
    if (media) {
      try {
        await media.load();
      } catch {
        return fail(
          "The post's media file is missing. Attach it again.",
          'media_missing',
          retryCount,
        );
      }
    }
    const input: PublishInput = {
      text: post.content,
      link: post.urlShortened && post.shortenedUrl ? post.shortenedUrl : post.url,
      media,
    };
    const adapter = deps.registry.adapters[network] as NetworkAdapter<typeof credentials>;
    let result: PublishResult;
    try {
      // Only the network call holds one of the network's slots; the database work around it
      // does not, so slow queries never starve a network of calls (and vice versa).
      result = await deps.semaphores[network].run(() => adapter.publish(input, credentials));
    } catch (error) {
      await settleNetworkFailure(error, claimed, name, log, fail);
      return;
    }
    await recordPublished(pending.id, network, result);
    await log({ status: 'success', message: `Published to ${name}`, retryCount });
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

  async function settleNetworkFailure(
    error: unknown,
    claimed: PublicationRow,
    name: string,
    log: (
      entry: Omit<repo.LogEntry, 'userId' | 'postId' | 'instanceId' | 'platform' | 'scheduledFor'>,
    ) => Promise<void>,
    fail: (message: string, errorCode: string, retryCount: number) => Promise<void>,
  ) {
    const retryCount = claimed.attempts - 1;
    if (!(error instanceof NetworkError)) {
      // Whatever broke may have broken after the post was sent: never repeat it blindly.
      deps.logger.error({ err: error, network: claimed.network }, 'unexpected publishing error');
      await repo.settleFailure(
        db,
        claimed.id,
        { status: 'unconfirmed', message: SCHEDULE_MESSAGES.unconfirmed, errorCode: 'unconfirmed' },
        deps.clock(),
      );
      await log({
        status: 'error',
        message: SCHEDULE_MESSAGES.unconfirmed,
        errorCode: 'unconfirmed',
        retryCount,
      });
      return;
    }
    const decision = decideFailure(error.kind, claimed.attempts, {
      baseMs: deps.retryBaseMs,
      retryAfterSeconds: error.details.retryAfterSeconds,
    });
    const reason = error.message || 'Unknown error';
    if (decision.action === 'retry') {
      const nextAttemptAt = new Date(deps.clock().getTime() + decision.delayMs);
      await repo.settleFailure(
        db,
        claimed.id,
        { status: 'pending', message: `${name}: ${reason}`, errorCode: error.kind, nextAttemptAt },
        deps.clock(),
      );
      await log({
        status: 'pending',
        message: `${name}: ${reason}`,
        errorCode: error.kind,
        retryCount: decision.retryNumber,
      });
      return;
    }
    if (decision.action === 'unconfirmed') {
      await repo.settleFailure(
        db,
        claimed.id,
        { status: 'unconfirmed', message: SCHEDULE_MESSAGES.unconfirmed, errorCode: 'unconfirmed' },
        deps.clock(),
      );
      await log({
        status: 'error',
        message: SCHEDULE_MESSAGES.unconfirmed,
        errorCode: 'unconfirmed',
        retryCount,
      });
      return;
    }
    if (decision.needsReconnect && claimed.connectionId) {
      await repo.markNeedsReconnect(db, claimed.connectionId, deps.clock());
    }
    const message = decision.needsReconnect ? reconnectMessage(name, reason) : `${name}: ${reason}`;
    await fail(message, decision.errorCode, retryCount);
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
    const { instance, post } = context;
    const logFor = (publication: PublicationRow, message: string, errorCode: string) =>
      repo.insertLog(db, {
        userId: instance.userId,
        postId: post.id,
        instanceId: instance.id,
        platform: publication.network,
        scheduledFor: instance.scheduledFor,
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
    for (const publication of stale)
      await logFor(publication, SCHEDULE_MESSAGES.unconfirmed, 'unconfirmed');

    if (now.getTime() - instance.scheduledFor.getTime() > deps.missedAfterMs) {
      const missed = await repo.markMissed(db, instanceId, SCHEDULE_MESSAGES.missed, now);
      for (const publication of missed)
        await logFor(publication, SCHEDULE_MESSAGES.missed, 'missed');
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
