import {
  CONNECTION_MESSAGES,
  NETWORK_TEXT_NAMES,
  SCHEDULE_MESSAGES,
  type NetworkId,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PublicationPartRow } from '../../db/schema/publishing.js';
import {
  NetworkError,
  NO_SLOT,
  type NetworkAdapter,
  type NetworkCredentials,
  type PostReference,
  type PublishInput,
} from '../../integrations/networks/types.js';
import type { NetworkRegistry } from '../../integrations/networks/registry.js';
import type { Clock } from '../../lib/clock.js';
import type { TokenLifecycle } from '../connections/index.js';
import { LanePausedError, type CallLanes } from './call-lanes.js';
import { decideFailure } from './decisions.js';
import * as parts from './follow-ups.repository.js';

export interface FollowUpDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  registry: NetworkRegistry;
  lanes: CallLanes;
  jobExpireSeconds: number;
  /** Read at every part, so the admin's retry base applies without a restart. */
  retryBaseMs: () => Promise<number>;
}

/** The publication a thread hangs from: its network post and the account to post with. */
export interface ThreadRoot {
  publicationId: string;
  network: NetworkId;
  scheduledFor: Date;
  root: PostReference;
  /** The account's connection (the lane it waits in). */
  account: string;
  credentials: NetworkCredentials[NetworkId];
}

/** What a thread's run left: all out, stopped at a part (failed, unconfirmed), or waiting. */
export type ThreadRun = 'done' | 'stopped' | 'waiting';

/** A claimed follow-up whose call failed: pending again with its time, failed or unconfirmed. */
async function settleFailure(
  deps: FollowUpDeps,
  part: PublicationPartRow,
  error: unknown,
  network: NetworkId,
): Promise<'waiting' | 'stopped'> {
  const { db } = deps;
  const now = deps.clock();
  if (!(error instanceof NetworkError)) {
    deps.logger.error({ err: error, network, partId: part.id }, 'unexpected thread part error');
    await parts.settlePart(
      db,
      part.id,
      { status: 'unconfirmed', message: SCHEDULE_MESSAGES.unconfirmed, errorCode: 'unconfirmed' },
      now,
    );
    return 'stopped' as const;
  }
  const decision = decideFailure(error.kind, part.attempts, {
    baseMs: await deps.retryBaseMs(),
    retryAfterSeconds: error.details.retryAfterSeconds,
  });
  const name = NETWORK_TEXT_NAMES[network];
  switch (decision.action) {
    case 'retry':
      await parts.settlePart(
        db,
        part.id,
        {
          status: 'pending',
          message: `${name}: ${error.message}`,
          errorCode: error.kind,
          dueAt: new Date(now.getTime() + decision.delayMs),
        },
        now,
      );
      return 'waiting' as const;
    case 'fail':
      await parts.settlePart(
        db,
        part.id,
        { status: 'failed', message: `${name}: ${error.message}`, errorCode: decision.errorCode },
        now,
      );
      return 'stopped' as const;
    case 'unconfirmed':
      await parts.settlePart(
        db,
        part.id,
        {
          status: 'unconfirmed',
          message: SCHEDULE_MESSAGES.unconfirmed,
          errorCode: 'unconfirmed',
        },
        now,
      );
      return 'stopped' as const;
  }
}

/**
 * Sends a publication's thread parts that are not out yet, in order, each a reply to the one
 * before, from the first without an external id: a part that went out is never sent again,
 * since each part's id is stored before the next is claimed (and each claim is one UPDATE,
 * as for a publication, decision 003).
 */
export function createThreadSender(deps: FollowUpDeps) {
  const { db } = deps;

  return async function sendThread(thread: ThreadRoot): Promise<ThreadRun> {
    const adapter = deps.registry.adapters[thread.network] as NetworkAdapter<
      NetworkCredentials[NetworkId]
    >;
    const now = deps.clock();
    // A part still claimed long after its job expired: its worker died during the call.
    await parts.settleStaleParts(
      db,
      thread.publicationId,
      new Date(now.getTime() - deps.jobExpireSeconds * 1000),
      SCHEDULE_MESSAGES.unconfirmed,
      now,
    );
    const list = await parts.listParts(db, thread.publicationId, 'thread');
    let parent = thread.root;
    for (const part of list) {
      if (part.externalId) {
        parent = { externalId: part.externalId, ref: part.externalRef };
        continue;
      }
      if (part.status === 'publishing') return 'waiting'; // another worker is sending it
      if (part.status !== 'pending') return 'stopped'; // failed or unconfirmed: Retry resumes
      if (part.dueAt && part.dueAt.getTime() > deps.clock().getTime()) return 'waiting';
      const input: PublishInput = {
        text: part.content,
        link: null,
        media: null,
        // Bluesky names the part's record after the part: a second attempt cannot make a second.
        publication: { id: part.id, scheduledFor: thread.scheduledFor },
        replyTo: { parent, root: thread.root },
      };
      type Sent =
        | { kind: 'sent'; result: Awaited<ReturnType<typeof adapter.publish>> }
        | { kind: 'failed'; claimed: PublicationPartRow; error: unknown }
        | { kind: 'taken' };
      const lane = { account: thread.account, network: thread.network, order: part.position };
      let sent: Sent;
      try {
        sent = await deps.lanes.run(lane, async (slot) => {
          const claimed = await parts.claimPart(db, part.id, deps.clock());
          if (!claimed) return { kind: 'taken' };
          try {
            const result = await adapter.publish(input, thread.credentials, {
              ...NO_SLOT,
              outsideSlot: (task) => slot.outside(task),
              releaseSlot: () => slot.release(),
            });
            // Kept before the next part is claimed: a death from here on resumes after it.
            await parts.markPartPublished(db, part.id, result, deps.clock());
            return { kind: 'sent', result };
          } catch (error) {
            return { kind: 'failed', claimed, error };
          }
        });
      } catch (error) {
        // The account is paused by the network: the part waits, unattempted.
        deps.logger.info({ err: error, partId: part.id }, 'thread part put off');
        return 'waiting';
      }
      if (sent.kind === 'taken') return 'waiting';
      if (sent.kind === 'failed')
        return settleFailure(deps, sent.claimed, sent.error, thread.network);
      parent = { externalId: sent.result.externalId, ref: sent.result.ref ?? null };
    }
    return 'done';
  };
}

export type SendThread = ReturnType<typeof createThreadSender>;

/**
 * Posts a publication's first comment once it is due, under the post the network made. A
 * failure is the comment's own (the post stays published): retried by itself when the
 * network may take it later, else failed with its own Retry.
 */
export function createCommentSender(
  deps: FollowUpDeps & {
    connections: Pick<TokenLifecycle, 'forPublishing'>;
    sendCommentJob: (publicationId: string, at: Date) => Promise<unknown>;
  },
) {
  const { db } = deps;

  return async function publishFirstComment(publicationId: string): Promise<void> {
    const loaded = await parts.loadComment(db, publicationId);
    if (!loaded || !loaded.external_id || loaded.publication_status !== 'published') return;
    const { part, network } = loaded;
    const now = deps.clock();
    if (part.status === 'publishing' && part.claimedAt) {
      const staleBefore = now.getTime() - deps.jobExpireSeconds * 1000;
      if (part.claimedAt.getTime() <= staleBefore) {
        await parts.settleStaleParts(
          db,
          publicationId,
          new Date(staleBefore),
          SCHEDULE_MESSAGES.unconfirmed,
          now,
        );
      }
      return;
    }
    if (part.status !== 'pending') return;
    if (part.dueAt && part.dueAt.getTime() > now.getTime()) {
      await deps.sendCommentJob(publicationId, part.dueAt); // too early: at its time
      return;
    }
    const name = NETWORK_TEXT_NAMES[network];
    const failNow = async (message: string, errorCode: string) => {
      const claimed = await parts.claimPart(db, part.id, now);
      if (claimed) {
        await parts.settlePart(db, part.id, { status: 'failed', message, errorCode }, now);
      }
    };
    const adapter = deps.registry.adapters[network] as NetworkAdapter<
      NetworkCredentials[NetworkId]
    >;
    if (!adapter.comment) {
      await failNow(`${name} does not take a first comment`, 'invalid');
      return;
    }
    if (!loaded.company_id) {
      await failNow(SCHEDULE_MESSAGES.networkNotConnected(name), 'not_connected');
      return;
    }
    let usable: Awaited<ReturnType<TokenLifecycle['forPublishing']>>;
    try {
      usable = await deps.connections.forPublishing(loaded.company_id, network);
    } catch (error) {
      deps.logger.warn({ err: error, network }, 'first comment: credentials unavailable');
      await deps.sendCommentJob(publicationId, new Date(now.getTime() + 60_000));
      return;
    }
    if (usable.kind === 'none') {
      await failNow(SCHEDULE_MESSAGES.networkNotConnected(name), 'not_connected');
      return;
    }
    if (usable.kind === 'reconnect') {
      await failNow(CONNECTION_MESSAGES.reconnect(name, usable.entityName), 'token_expired');
      return;
    }
    const credentials = usable.credentials;
    const on = { externalId: loaded.external_id, ref: loaded.external_ref };
    const lane = { account: usable.connectionId, network, order: now.getTime() };
    type Sent =
      | { kind: 'sent' }
      | { kind: 'failed'; claimed: PublicationPartRow; error: unknown }
      | { kind: 'taken' };
    let sent: Sent;
    try {
      sent = await deps.lanes.run(lane, async () => {
        const claimed = await parts.claimPart(db, part.id, deps.clock());
        if (!claimed) return { kind: 'taken' };
        try {
          const result = await adapter.comment!(on, part.content, credentials);
          await parts.markPartPublished(db, part.id, result, deps.clock());
          return { kind: 'sent' };
        } catch (error) {
          return { kind: 'failed', claimed, error };
        }
      });
    } catch (error) {
      if (!(error instanceof LanePausedError)) throw error;
      await deps.sendCommentJob(publicationId, new Date(error.until));
      return;
    }
    if (sent.kind !== 'failed') return;
    const outcome = await settleFailure(deps, sent.claimed, sent.error, network);
    if (outcome === 'waiting') {
      const [after] = await parts.listParts(db, publicationId, 'comment');
      if (after?.status === 'pending' && after.dueAt)
        await deps.sendCommentJob(publicationId, after.dueAt);
    }
  };
}
