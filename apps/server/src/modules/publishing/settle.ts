import type { Db } from '../../db/client.js';
import type { PublicationRow } from '../../db/schema/publishing.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../logger.js';
import { NETWORK_NAMES } from '@cadence/shared';
import { markNeedsReconnect } from '../connections/index.js';
import { insertLog, type LogEntry } from '../logs/index.js';
import type { PublishingEvent } from '../notifications/index.js';
import {
  publicationEventData,
  publicationEventType,
  type PublicationForEvent,
  type WebhookEventInput,
} from '../webhooks/index.js';
import type { Settlement } from './decisions.js';
import * as repo from './publishing.repository.js';

type AttemptLog = Pick<LogEntry, 'status' | 'message' | 'errorCode' | 'retryCount'>;

export type { PublishingEvent };

/**
 * Writes what became of one publishing attempt: the publication's new state and its log row.
 * Which state that is gets decided in `decisions.ts`; this only records it.
 */
export function createSettler(deps: {
  db: Db;
  clock: Clock;
  /** Tells the customer (bell and mail) about an attempt that ended badly. */
  notify: (event: PublishingEvent) => Promise<void>;
  /** One readable line per attempt for whoever runs the server. */
  logger?: Logger;
  /** An unconfirmed publication is looked for on its network this long after. */
  readBackAfterMs: number;
}) {
  const { db } = deps;

  /** A publication that ended badly, or a connection to renew: the customer's bell and mail. */
  function notifyOutcome(
    context: repo.InstanceContext,
    publication: PublicationRow,
    kind: PublishingEvent['kind'],
    message: string,
  ) {
    return deps.notify({
      workspaceId: context.instance.userId,
      kind,
      postId: context.post.id,
      companyId: context.post.companyId,
      network: publication.network,
      message,
    });
  }

  /**
   * The attempt's row for the customer's post logs, to write with the statement that records
   * the attempt; and its line in the server's log at once.
   */
  function attemptLog(
    context: repo.InstanceContext,
    publication: PublicationRow,
    entry: AttemptLog,
  ): LogEntry {
    // One readable line per attempt for whoever runs the server (the row below is the
    // customer's record): post, network, outcome, and how late after its time it went.
    const { instance, post } = context;
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
    const attempt = (entry.retryCount ?? 0) + 1;
    deps.logger?.info(
      {
        postId: post.id,
        instanceId: instance.id,
        network: publication.network,
        outcome,
        attempt,
        lateSeconds,
        ...(entry.errorCode ? { errorCode: entry.errorCode } : {}),
      },
      `publish: post ${post.id} to ${NETWORK_NAMES[publication.network]}: ${outcome}${
        entry.status === 'success' ? '' : ` (${entry.message})`
      }, attempt ${attempt}, ${lateSeconds} s after its time`,
    );
    return {
      userId: context.instance.userId,
      postId: context.post.id,
      instanceId: context.instance.id,
      platform: publication.network,
      scheduledFor: context.instance.scheduledFor,
      ...entry,
    };
  }

  /**
   * The webhook event of a publication's new state (none for pending): written by the
   * statement that records the state, so it exists exactly when the state does.
   */
  function publicationEvent(
    context: repo.InstanceContext,
    publication: PublicationForEvent,
  ): WebhookEventInput | undefined {
    const type = publicationEventType(publication.status);
    if (!type) return undefined;
    const entityId = context.post.companyId;
    return {
      userId: context.instance.userId,
      type,
      entityId,
      at: deps.clock(),
      data: publicationEventData(publication, {
        postId: context.post.id,
        entityId,
        scheduledFor: context.instance.scheduledFor,
      }),
    };
  }

  /** The attempt's row in the customer's post logs, written now. */
  function logAttempt(
    context: repo.InstanceContext,
    publication: PublicationRow,
    entry: AttemptLog,
  ) {
    return insertLog(db, attemptLog(context, publication, entry));
  }

  /**
   * A claimed publication that did not go out: pending again, failed or unconfirmed. Answers
   * the status it was given.
   */
  async function settle(
    context: repo.InstanceContext,
    publication: PublicationRow,
    settlement: Settlement,
  ) {
    if (settlement.needsReconnect && publication.connectionId) {
      await markNeedsReconnect(db, publication.connectionId, deps.clock());
    }
    const { status, message, errorCode, retryCount } = settlement;
    await repo.settleFailure(
      db,
      publication.id,
      {
        status,
        message,
        errorCode,
        nextAttemptAt: settlement.nextAttemptAt ?? null,
        readBackAt:
          status === 'unconfirmed' ? new Date(deps.clock().getTime() + deps.readBackAfterMs) : null,
      },
      deps.clock(),
      attemptLog(context, publication, {
        status: status === 'pending' ? 'pending' : 'error',
        message,
        errorCode,
        retryCount,
      }),
      publicationEvent(context, { ...publication, status, errorCode, lastError: message }),
    );
    if (status === 'failed') {
      const isReconnect =
        settlement.needsReconnect === true || ['auth', 'token_expired'].includes(errorCode);
      await notifyOutcome(
        context,
        publication,
        isReconnect ? 'connection_reconnect' : 'publication_failed',
        message,
      );
    } else if (status === 'unconfirmed') {
      await notifyOutcome(context, publication, 'publication_unconfirmed', message);
    }
    return status;
  }

  return { settle, attemptLog, logAttempt, notifyOutcome, publicationEvent };
}
