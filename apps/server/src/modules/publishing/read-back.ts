import { NETWORK_TEXT_NAMES, PUBLISH_MAX_RETRIES, SCHEDULE_MESSAGES } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { NetworkRegistry } from '../../integrations/networks/registry.js';
import {
  NetworkError,
  type NetworkAdapter,
  type NetworkCredentials,
  type PublishInput,
} from '../../integrations/networks/types.js';
import type { Storage } from '../../integrations/storage.js';
import type { Clock } from '../../lib/clock.js';
import type { TokenLifecycle } from '../connections/index.js';
import type { LogEntry } from '../logs/index.js';
import { instanceStatus as instances, type PublishRuns } from '../schedules/index.js';
import { instanceOutcome } from './decisions.js';
import { linkOf } from './publish-input.js';
import * as repo from './publishing.repository.js';
import * as parts from './follow-ups.repository.js';
import * as looks from './read-back.repository.js';

/** Looks answered "not there" before the post is sent again. */
export const ABSENT_LOOKS_TO_SEND_AGAIN = 2;
/** Looks in all (those the network could not answer included) before it is left to the customer. */
export const MAX_LOOKS = 4;
/**
 * How long a taken look is its worker's before another may take it, when the worker does not
 * beat; one that does is taken over as soon as it falls silent (decision 136).
 */
const LOOK_LEASE_MS = 5 * 60_000;
/** Looks one process has out at its networks at once. */
const LOOKS_IN_FLIGHT = 50;
/** Free places worth one more statement taking looks (else the run waits for more to end). */
const LOOK_TOP_UP = 10;
/**
 * A run stops taking looks this long after it began and ends once those out have ended, so a
 * stopping worker is not held up; the next run goes on with the rest.
 */
const LOOK_RUN_MS = 30_000;

export interface ReadBackDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  registry: NetworkRegistry;
  connections: TokenLifecycle;
  storage: Storage;
  publicUrl: string;
  /** Asks the publisher to run an instance (a post to send again, a thread to go on with). */
  publishRuns: PublishRuns;
  /** READBACK_AFTER_SECONDS: the wait before each look. */
  readBackAfterMs: number;
  /** This process's heartbeat id, named as the holder of the looks it takes (null: none). */
  processId?: string | null;
  /**
   * The publications' retry window (the admin's setting): a post proven absent is sent again
   * while it lasts, and past it only if it was sent at most PUBLISH_MAX_RETRIES + 1 times.
   */
  retryWindowMs?: () => Promise<number>;
  /** FIRST_COMMENT_DELAY_SECONDS: a found post's first comment is due this long after. */
  firstCommentDelaySeconds?: number;
  /** Queues the job that posts a publication's first comment, at its time. */
  sendCommentJob?: (publicationId: string, at: Date) => Promise<unknown>;
}

type Decision = {
  outcome: looks.LookOutcome;
  log?: Pick<LogEntry, 'status' | 'message' | 'errorCode'>;
};

/**
 * The read-back: a publication whose answer was lost (`unconfirmed`) is looked for on its
 * network `READBACK_AFTER_SECONDS` later and once more after the same wait. Found, it is
 * published with the network's id and link; not there twice, it is pending again and the
 * publisher sends it (its one claim still the only gate in front of a call); a network that
 * cannot be read leaves it unconfirmed for the customer. The recurring
 * `publication-read-back` task runs it on every worker; each look is taken with a lease in
 * one statement, and every change after it is conditional on that lease, so two workers
 * never act on one look; a look whose worker dies is taken over once the worker's heartbeat has
 * been silent for 30 s (decision 136).
 */
export function createReadBack(deps: ReadBackDeps) {
  const { db } = deps;
  let isRunning = false;

  function inputOf(look: looks.Look): PublishInput {
    const { attachment } = look;
    return {
      text: look.post.content,
      link: linkOf(look.post),
      media: attachment
        ? {
            url: `${deps.publicUrl}${attachment.mediaUrl}`,
            mimeType: attachment.mimeType,
            // A look matches by text and never uploads, so this is never opened.
            open: async () =>
              (await deps.storage.openBlob(attachment.storageKey, attachment.mimeType)).blob,
          }
        : null,
      publication: { id: look.id, scheduledFor: look.instance.scheduledFor },
    };
  }

  async function lookFor(look: looks.Look, now: Date): Promise<Decision> {
    const name = NETWORK_TEXT_NAMES[look.network];
    const cannotRead = (reason: string): Decision => ({
      outcome: { kind: 'stop' },
      log: {
        status: 'error',
        message: SCHEDULE_MESSAGES.cannotLookBack(name, reason),
        errorCode: 'unconfirmed',
      },
    });
    const companyId = look.post.companyId;
    if (!companyId || !look.claimedAt) return cannotRead('nothing to look with');
    const adapter = deps.registry.adapters[look.network] as NetworkAdapter<
      NetworkCredentials[typeof look.network]
    >;
    try {
      const usable = await deps.connections.forPublishing(companyId, look.network);
      if (usable.kind !== 'ok') return cannotRead('the account is not connected');
      const found = await adapter.findPublished(inputOf(look), usable.credentials, {
        since: look.claimedAt,
      });
      if (found) {
        return {
          outcome: { kind: 'found', externalId: found.externalId, url: found.url },
          log: { status: 'success', message: SCHEDULE_MESSAGES.foundAfterLostAnswer(name) },
        };
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) {
        deps.logger.error({ err: error, network: look.network }, 'read-back failed');
        return cannotRead('an unexpected error');
      }
      // A fault that passes (a server error, a rate limit) gets another look; a refusal
      // (no permission to read, no such account) leaves it to the customer.
      const passes = error.kind === 'transient' || error.kind === 'rate-limited';
      if (passes && look.readBacks + 1 < MAX_LOOKS) {
        const wait = Math.max(deps.readBackAfterMs, (error.details.retryAfterSeconds ?? 0) * 1000);
        return { outcome: { kind: 'again', next: new Date(now.getTime() + wait), absent: false } };
      }
      return cannotRead(error.message);
    }
    // The network answered, without the post.
    const absent = look.readBacksAbsent + 1;
    if (absent < ABSENT_LOOKS_TO_SEND_AGAIN && look.readBacks + 1 < MAX_LOOKS) {
      return {
        outcome: {
          kind: 'again',
          next: new Date(now.getTime() + deps.readBackAfterMs),
          absent: true,
        },
      };
    }
    // Attempts count the retries after passing faults too (nothing sent), so inside the
    // retry window their number does not stop a post proven absent from going again.
    const windowEndsAt = look.dueAt.getTime() + ((await deps.retryWindowMs?.()) ?? 0);
    const sentTooOften = look.attempts > PUBLISH_MAX_RETRIES && now.getTime() >= windowEndsAt;
    if (absent < ABSENT_LOOKS_TO_SEND_AGAIN || sentTooOften) {
      // Not proven absent, or sent as often as a post may be: the customer decides.
      return cannotRead(
        absent < ABSENT_LOOKS_TO_SEND_AGAIN ? 'no clear answer' : 'sent as often as allowed',
      );
    }
    const message = SCHEDULE_MESSAGES.notFoundSendingAgain(name);
    return {
      outcome: { kind: 'send-again', message },
      log: { status: 'pending', message, errorCode: 'not_found' },
    };
  }

  /**
   * Records one look's outcome; in the same transaction asks its instance's run when it has
   * work again (a post to send again, a found post's thread to go on with).
   */
  async function settle(look: looks.Look, decision: Decision, now: Date) {
    const log: LogEntry | undefined = decision.log && {
      userId: look.instance.userId,
      postId: look.instance.postId,
      instanceId: look.instance.id,
      platform: look.network,
      scheduledFor: look.instance.scheduledFor,
      retryCount: Math.max(0, look.attempts - 1),
      ...decision.log,
    };
    const { outcome } = decision;
    if (outcome.kind === 'again' || outcome.kind === 'stop') {
      await looks.settleLook(db, look, outcome, now, log);
      return;
    }
    // Found: its thread and first comment are made with it, as when the publisher saw it go.
    const followUps = {
      commentDueAt: new Date(now.getTime() + (deps.firstCommentDelaySeconds ?? 60) * 1000),
    };
    return db.transaction(async (tx) => {
      if (!(await looks.settleLook(tx, look, outcome, now, log, followUps))) return;
      if (outcome.kind === 'send-again') {
        await instances.reopenInstance(tx, look.instance.id);
        await deps.publishRuns.publishAt(look.instance.id, now, tx);
        return;
      }
      const statuses = (await repo.listPublicationStates(tx, look.instance.id)).map(
        (state) => state.status,
      );
      if (!statuses.some((status) => status === 'pending' || status === 'publishing')) {
        await instances.setOutcome(tx, look.instance.id, instanceOutcome(statuses), now);
      }
      // A thread goes on from its second part by the instance's own run, which claims a
      // finished instance whose part waits (decision 118).
      const waiting = await repo.listWaitingThreadParts(tx, look.instance.id, now);
      if (waiting.length > 0) await deps.publishRuns.publishAt(look.instance.id, now, tx);
    });
  }

  /** A found post's first comment, queued at its time (a lost send: the reconciler's). */
  async function queueComment(publicationId: string) {
    if (!deps.sendCommentJob) return;
    try {
      const [comment] = await parts.listParts(db, publicationId, 'comment');
      if (comment?.status === 'pending' && comment.dueAt) {
        await deps.sendCommentJob(publicationId, comment.dueAt);
      }
    } catch (error) {
      deps.logger.error({ err: error, publicationId }, 'could not queue the first comment');
    }
  }

  /** Looks for one publication and settles what was found. */
  async function lookAndSettle(look: looks.Look, now: Date) {
    const decision = await lookFor(look, now);
    await settle(look, decision, deps.clock());
    deps.logger.info(
      { publicationId: look.id, network: look.network, outcome: decision.outcome.kind },
      'read-back: looked for an unconfirmed post',
    );
    if (decision.outcome.kind === 'found') await queueComment(look.id);
  }

  /**
   * Takes the looks that are due and settles each; answers how many were taken. Up to
   * LOOKS_IN_FLIGHT are out at once, and a place freed by a look that ended is taken by the next
   * due one: a look held up by a network that does not answer (until the client gives up)
   * holds up only its own place, not the looks taken with it.
   */
  async function readBack(): Promise<number> {
    if (isRunning) return 0;
    isRunning = true;
    const startedAt = performance.now();
    const out = new Set<Promise<void>>();
    let taken = 0;
    // Set when a take found fewer looks due than it had room for: the next waits for a look to
    // end, so a run with nothing new to take does not spin.
    let waitForOne = false;
    try {
      for (;;) {
        const room = LOOKS_IN_FLIGHT - out.size;
        if (
          !waitForOne &&
          (out.size === 0 || room >= LOOK_TOP_UP) &&
          performance.now() - startedAt < LOOK_RUN_MS
        ) {
          const now = deps.clock();
          const due = await looks.takeLooks(
            db,
            now,
            new Date(now.getTime() + LOOK_LEASE_MS),
            room,
            deps.processId ?? null,
          );
          waitForOne = due.length < room;
          taken += due.length;
          for (const look of due) {
            const done: Promise<void> = lookAndSettle(look, now)
              .catch((error: unknown) => {
                // Its lease runs out (or its holder falls silent): it is taken again then.
                deps.logger.error({ err: error, publicationId: look.id }, 'read-back failed');
              })
              .finally(() => out.delete(done));
            out.add(done);
          }
        }
        if (out.size === 0) return taken;
        await Promise.race(out);
        waitForOne = false;
      }
    } finally {
      isRunning = false;
    }
  }

  return { readBack };
}

export type ReadBack = ReturnType<typeof createReadBack>;
