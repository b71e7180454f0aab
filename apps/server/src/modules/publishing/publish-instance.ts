import {
  APPROVAL_MESSAGES,
  CONNECTION_MESSAGES,
  NETWORK_TEXT_NAMES,
  SCHEDULE_MESSAGES,
  isFirstCommentNetwork,
  isThreadNetwork,
  networkKeepsMedia,
  ownMediaIdOf,
  textForNetwork,
  type NetworkId,
  type PublicationStatus,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbExecutor } from '../../db/client.js';
import type { PublicationRow } from '../../db/schema/publishing.js';
import {
  NetworkError,
  type NetworkAdapter,
  type NetworkCredentials,
  type PublishContext,
  type PublishInput,
  type PublishResult,
} from '../../integrations/networks/types.js';
import type { Storage } from '../../integrations/storage.js';
import type { Clock } from '../../lib/clock.js';
import type { TokenLifecycle, UsableCredentials } from '../connections/index.js';
import type { NetworkRegistry } from '../../integrations/networks/registry.js';
import { LanePausedError, type CallLanes } from './call-lanes.js';
import {
  failedSettlement,
  instanceOutcome,
  reconnectMessage,
  settlementOfNetworkFailure,
  unconfirmedSettlement,
} from './decisions.js';
import { mediaOfUpload } from '../posts/index.js';
import { instanceStatus as instances, type PublishRuns } from '../schedules/index.js';
import { linkOf } from './publish-input.js';
import {
  postCompletedData,
  recordWebhookEvent,
  type WebhookEventInput,
} from '../webhooks/index.js';
import * as repo from './publishing.repository.js';
import { createSettler, type PublishingEvent } from './settle.js';
import { createThreadSender } from './follow-ups.js';
import { createStatementBatches } from '../../lib/statement-batches.js';

export interface PublishDeps {
  db: Db;
  /** Asks the next run of an instance (a retry's time, a thread part's). */
  publishRuns: PublishRuns;
  clock: Clock;
  logger: FastifyBaseLogger;
  storage: Storage;
  registry: NetworkRegistry;
  /** The stored credentials, refreshed when their token expires (the token lifecycle). */
  connections: TokenLifecycle;
  publicUrl: string;
  jobExpireSeconds: number;
  /** This process's heartbeat id (claims name it), or null when it does not beat. */
  processId: string | null;
  /** Read at every job, so a change in the admin settings applies without a restart. */
  limits: () => Promise<{ missedAfterMs: number; retryBaseMs: number; retryWindowMs: number }>;
  /** READBACK_AFTER_SECONDS: an unconfirmed publication is looked for on its network after this. */
  readBackAfterMs: number;
  /** Records a final failure or a reconnect for the customer's bell and mail. */
  notify: (event: PublishingEvent) => Promise<void>;
  /** Which calls may run now: per account, per network and per process (shared by all jobs). */
  lanes: CallLanes;
  /** FIRST_COMMENT_DELAY_SECONDS: a post's first comment is due this long after the post. */
  firstCommentDelaySeconds: number;
  /** Queues the job that posts a publication's first comment, at its time. */
  sendCommentJob?: (publicationId: string, at: Date) => Promise<unknown>;
}

/** At most this many starts, claims or marks in one statement. */
const STATEMENT_BATCH = 100;
/**
 * At most this many statements of one kind on their way at once. One alone made the calls
 * wait in their accounts' slots for it and cut the benchmark's throughput (decision 142); a
 * few keep the batches without the wait, and leave the pool's other connections free.
 */
const STATEMENTS_IN_FLIGHT = 4;

/** A file a network is sent, with where it is stored (checked before the call). */
type PostMedia = NonNullable<PublishInput['media']> & { storageKey: string };

/** The claim was taken back (as stale) or settled by the customer before the publishing call. */
class ClaimLostError extends Error {
  constructor() {
    super('the claim was taken back before the publishing call: nothing was sent');
  }
}

/**
 * Builds the handler of one publish job: publishes an instance to each of its networks, once.
 *
 * Database round trips per publication are kept few, since a burst at the top of the hour is
 * bounded by them: the instance is claimed and everything it needs read in one statement; each
 * publication is claimed in one (the exactly-once gate, before its call) and settled with its
 * log row in one; the instance gets its outcome in one.
 */
export function createInstancePublisher(deps: PublishDeps) {
  const { db } = deps;
  const { settle, attemptLog, logAttempt, notifyOutcome, publicationEvent } = createSettler(deps);
  const sendThread = createThreadSender({
    ...deps,
    retryBaseMs: async () => (await deps.limits()).retryBaseMs,
  });

  /**
   * The starts of the instances this process runs at once, the claims of their publications
   * and the marks before the publishing calls go out in batches: one statement for those
   * asked in the same turn of the event loop, or while four of their kind were on their way
   * (decision 142). Each is judged alone, as if sent alone.
   */
  const starts = createStatementBatches({
    one: (instanceId: string) => repo.startInstance(db, instanceId, deps.clock()),
    many: async (instanceIds) => {
      const started = await repo.startInstances(db, instanceIds, deps.clock());
      return instanceIds.map((instanceId) => started.get(instanceId));
    },
    keyOf: (instanceId) => instanceId,
    maxBatch: STATEMENT_BATCH,
    maxInFlight: STATEMENTS_IN_FLIGHT,
  });
  const claims = createStatementBatches({
    one: (claim: { publicationId: string; sendPending: boolean }) =>
      repo.claimPublication(db, claim.publicationId, deps.clock(), {
        sendPending: claim.sendPending,
        owner: deps.processId,
      }),
    many: async (asked) => {
      const rows = await repo.claimPublications(db, asked, deps.clock(), deps.processId);
      const claimed = new Map(rows.map((row) => [row.id, row]));
      return asked.map((claim) => claimed.get(claim.publicationId));
    },
    keyOf: (claim) => claim.publicationId,
    maxBatch: STATEMENT_BATCH,
    maxInFlight: STATEMENTS_IN_FLIGHT,
  });
  const marks = createStatementBatches({
    one: (mark: { publicationId: string; claimedAt: Date; prepared: string | null }) =>
      repo.markSending(db, mark.publicationId, mark.claimedAt, mark.prepared),
    many: async (asked) => {
      const marked = await repo.markSendingMany(db, asked);
      return asked.map((mark) => marked.has(mark.publicationId));
    },
    keyOf: (mark) => mark.publicationId,
    maxBatch: STATEMENT_BATCH,
    maxInFlight: STATEMENTS_IN_FLIGHT,
  });

  /** Whether the post goes on as a thread on `network`. */
  const threadsOn = (context: repo.InstanceContext, network: NetworkId) =>
    context.post.thread.length > 0 && isThreadNetwork(network);
  /** Whether the post has a first comment to post on `network`. */
  const commentsOn = (context: repo.InstanceContext, network: NetworkId) =>
    (context.post.firstComment ?? '').trim() !== '' && isFirstCommentNetwork(network);

  /**
   * The post's file: its URL for networks that fetch it (the bucket's own address when the
   * files are in one), its bytes read only by those that upload. What opening it took (a
   * local copy of a bucket's file) is released once the instance's calls are over.
   */
  async function mediaOf(context: repo.InstanceContext, due: readonly PublicationRow[]) {
    const opened: Array<() => Promise<void>> = [];
    const release = async () => {
      await Promise.all(opened.splice(0).map((done) => done().catch(() => undefined)));
    };
    const fileOf = async (file: { storageKey: string; mediaUrl: string; mimeType: string }) => {
      const direct = await deps.storage.directUrl(file.storageKey);
      const media: PostMedia = {
        storageKey: file.storageKey,
        url: direct?.url ?? `${deps.publicUrl}${file.mediaUrl}`,
        mimeType: file.mimeType,
        // Opened inside the uploading call and streamed: a held job keeps no bytes.
        open: async () => {
          const opening = await deps.storage.openBlob(file.storageKey, file.mimeType);
          opened.push(() => opening.release());
          return opening.blob;
        },
      };
      return media;
    };
    const attachment = context.attachment;
    const media = attachment ? await fileOf(attachment) : null;
    // A network's own file, named by its variant (decision 123): 'missing' once it is gone.
    const own = new Map<NetworkId, PostMedia | 'missing'>();
    const wanted = due.flatMap((row) => {
      const id = ownMediaIdOf(context.post.variants, row.network);
      return id === null ? [] : [{ network: row.network, id }];
    });
    const uploads = await repo.findUploadedMedia(
      db,
      context.instance.userId,
      wanted.map((each) => each.id),
    );
    for (const { network, id } of wanted) {
      const upload = uploads.find((row) => row.id === id);
      const stored = upload && mediaOfUpload(upload);
      own.set(
        network,
        stored
          ? await fileOf({
              storageKey: stored.key,
              mediaUrl: stored.url,
              mimeType: stored.mimeType,
            })
          : 'missing',
      );
    }
    return { media, own, release };
  }

  async function usableCredentials(
    context: repo.InstanceContext,
    network: NetworkId,
  ): Promise<UsableCredentials> {
    const companyId = context.post.companyId;
    if (!companyId) return { kind: 'none' };
    return deps.connections.fromLoaded(companyId, network, context.connections[network]);
  }

  /** Publishes one publication; answers its status after, when this call settled it. */
  async function publishOne(
    context: repo.InstanceContext,
    pending: PublicationRow,
    files: { media: PostMedia | null; own: Map<NetworkId, PostMedia | 'missing'> },
  ): Promise<PublicationRow['status'] | undefined> {
    const { post } = context;
    const network = pending.network;
    // The network's own version of the post, where it has one (decisions 118, 123).
    const own = files.own.get(network);
    const file =
      own !== undefined ? own : networkKeepsMedia(post.variants, network) ? files.media : null;
    // The name inside a sentence ('Reconnect X for …'), not the label 'X/Twitter'.
    const name = NETWORK_TEXT_NAMES[network];

    const adapter = deps.registry.adapters[network] as NetworkAdapter<
      NetworkCredentials[typeof network]
    >;
    /**
     * Claims the publication; answers undefined when another worker has it or it is settled.
     * `sendPending`: the adapter prepares before its publishing call (decision 094).
     */
    const claim = (sendPending = false) => claims({ publicationId: pending.id, sendPending });
    const settleFailure = async (claimed: PublicationRow, error: unknown) => {
      if (!(error instanceof NetworkError)) {
        // Whatever broke may have broken after the post was sent: never repeat it blindly.
        deps.logger.error({ err: error, network }, 'unexpected publishing error');
        return settle(context, claimed, unconfirmedSettlement(claimed.attempts));
      }
      const { retryBaseMs, retryWindowMs } = await deps.limits();
      const settlement = settlementOfNetworkFailure(
        {
          kind: error.kind,
          message: error.message,
          retryAfterSeconds: error.details.retryAfterSeconds,
        },
        {
          attempts: claimed.attempts,
          networkName: name,
          dueAt: claimed.dueAt ?? context.instance.scheduledFor,
        },
        { now: deps.clock(), retryBaseMs, retryWindowMs },
      );
      return settle(context, claimed, settlement);
    };
    /** A failure found before any call: claimed first, so only one worker records it. */
    const failBeforeCall = async (message: string, errorCode: string) => {
      const claimed = await claim();
      if (!claimed) return undefined;
      return settle(context, claimed, failedSettlement(message, errorCode, claimed.attempts));
    };

    let usable: UsableCredentials;
    try {
      usable = await usableCredentials(context, network);
    } catch (error) {
      if (error instanceof NetworkError) {
        // The token endpoint could not be reached: retried like any transient failure.
        const claimed = await claim();
        return claimed ? settleFailure(claimed, error) : undefined;
      }
      // Sealed with another APP_SECRET, or damaged: only a reconnect helps.
      deps.logger.error({ err: error, network }, 'stored credentials cannot be read');
      return failBeforeCall(
        reconnectMessage(name, 'the saved credentials cannot be read'),
        'credentials_unreadable',
      );
    }
    if (usable.kind === 'none') {
      return failBeforeCall(SCHEDULE_MESSAGES.networkNotConnected(name), 'not_connected');
    }
    if (usable.kind === 'reconnect') {
      // The token is known to be expired and cannot be renewed: never attempted with it.
      return failBeforeCall(
        CONNECTION_MESSAGES.reconnect(name, usable.entityName),
        'token_expired',
      );
    }
    if (file === 'missing' || (file && !(await deps.storage.exists(file.storageKey)))) {
      return failBeforeCall(
        own !== undefined
          ? `The media for ${name} is missing. Choose it again.`
          : "The post's media file is missing. Attach it again.",
        'media_missing',
      );
    }
    const media: PublishInput['media'] = file
      ? { url: file.url, mimeType: file.mimeType, open: () => file.open() }
      : null;
    let credentials = usable.credentials;
    const input: PublishInput = {
      text: textForNetwork(post, network),
      link: linkOf(post),
      media,
      publication: { id: pending.id, scheduledFor: context.instance.scheduledFor },
      kept: pending.prepared,
    };
    const lane = {
      account: usable.connectionId,
      network,
      order: context.instance.scheduledFor.getTime(),
    };

    // The claim is taken once the account's slot is ours, right before the call: a post that
    // waits for its turn is not yet claimed, so a crash while it waits loses nothing.
    type Outcome =
      | { kind: 'published'; claimed: PublicationRow; result: PublishResult }
      | { kind: 'failed'; claimed: PublicationRow; error: unknown }
      | { kind: 'skipped' };
    const attempt = (claimed: PublicationRow | undefined): Promise<Outcome> =>
      deps.lanes.run(lane, async (slot) => {
        const held = claimed ?? (await claim(adapter.preparesBeforePublishing?.(input) === true));
        if (!held) return { kind: 'skipped' };
        const context: PublishContext = {
          outsideSlot: (task) => slot.outside(task),
          releaseSlot: () => slot.release(),
          beforePublishCall: async (kept) => {
            const mark = {
              publicationId: held.id,
              claimedAt: held.claimedAt!,
              prepared: kept ?? null,
            };
            if (!(await marks(mark))) {
              throw new ClaimLostError();
            }
          },
          keep: (prepared) =>
            repo.keepPrepared(db, held.id, held.claimedAt!, prepared).catch((error: unknown) => {
              // Only a takeover loses by it: it prepares again.
              deps.logger.warn(
                { err: error, network, publicationId: held.id },
                'could not keep what was prepared',
              );
            }),
        };
        try {
          return {
            kind: 'published',
            claimed: held,
            result: await adapter.publish(input, credentials, context),
          };
        } catch (error) {
          return { kind: 'failed', claimed: held, error };
        }
      });

    let outcome: Outcome;
    try {
      outcome = await attempt(undefined);
    } catch (error) {
      if (!(error instanceof LanePausedError)) throw error;
      // The network asked this account (or the app) to wait: put the post off, unattempted.
      await repo.postpone(db, pending.id, new Date(error.until), deps.clock());
      return 'pending';
    }
    if (outcome.kind === 'failed' && outcome.error instanceof ClaimLostError) {
      // Taken back while the media were prepared: nothing was posted, and the claim's new
      // holder settles it.
      deps.logger.info({ network, publicationId: pending.id }, outcome.error.message);
      return undefined;
    }
    if (outcome.kind === 'failed') {
      const { claimed, error } = outcome;
      pauseAfterRateLimit(lane, error);
      const renewed =
        error instanceof NetworkError && error.kind === 'auth' && post.companyId
          ? await renewAfterUnauthorized(post.companyId, network, credentials)
          : null;
      if (!renewed) return settleFailure(claimed, error);
      // A 401 means the network refused the call, so nothing was posted: once more, renewed.
      credentials = renewed;
      try {
        outcome = await attempt(claimed);
      } catch (retryError) {
        if (!(retryError instanceof LanePausedError)) throw retryError;
        return settleFailure(claimed, error);
      }
      if (outcome.kind === 'failed' && outcome.error instanceof ClaimLostError) return undefined;
      if (outcome.kind === 'failed') {
        pauseAfterRateLimit(lane, outcome.error);
        return settleFailure(claimed, outcome.error);
      }
    }
    if (outcome.kind !== 'published') return undefined;
    const { claimed, result } = outcome;
    await recordPublished(context, claimed, result);
    if (threadsOn(context, network)) {
      await sendThread({
        publicationId: claimed.id,
        network,
        scheduledFor: context.instance.scheduledFor,
        root: { externalId: result.externalId, ref: result.ref ?? null },
        account: usable.connectionId,
        credentials,
      });
    }
    if (commentsOn(context, network) && deps.sendCommentJob) {
      await deps.sendCommentJob(claimed.id, commentDueAt());
    }
    return 'published';
  }

  const commentDueAt = () =>
    new Date(deps.clock().getTime() + deps.firstCommentDelaySeconds * 1000);

  /**
   * A publication out on its network whose thread has parts left (its worker died between
   * parts, a part waits for its retry, or the customer retried one): sent from the first
   * part without an id.
   */
  async function resumeThread(context: repo.InstanceContext, publication: PublicationRow) {
    const network = publication.network;
    if (!publication.externalId) return;
    let usable: UsableCredentials;
    try {
      usable = await usableCredentials(context, network);
    } catch (error) {
      deps.logger.warn({ err: error, network }, 'the thread waits: credentials unavailable');
      return;
    }
    if (usable.kind !== 'ok') return;
    await sendThread({
      publicationId: publication.id,
      network,
      scheduledFor: context.instance.scheduledFor,
      root: { externalId: publication.externalId, ref: publication.externalRef },
      account: usable.connectionId,
      credentials: usable.credentials,
    });
  }

  /** A 429 pauses the account (or the whole app, when the network says so) for the wait asked. */
  function pauseAfterRateLimit(lane: { account: string; network: NetworkId }, error: unknown) {
    if (!(error instanceof NetworkError) || error.kind !== 'rate-limited') return;
    const seconds = error.details.retryAfterSeconds;
    if (!seconds || seconds <= 0) return;
    deps.lanes.pause(
      lane,
      deps.clock().getTime() + seconds * 1000,
      error.details.appLimited ? 'app' : 'account',
    );
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
   * The post is out: its id must be kept (with its log row, in one statement). A database
   * blip gets a few more tries; should they all fail, the claim goes stale and the
   * publication ends unconfirmed, never re-posted.
   */
  async function recordPublished(
    context: repo.InstanceContext,
    claimed: PublicationRow,
    result: PublishResult,
  ) {
    const network = claimed.network;
    const log = attemptLog(context, claimed, {
      status: 'success',
      message: `Published to ${NETWORK_TEXT_NAMES[network]}`,
      retryCount: claimed.attempts - 1,
    });
    const now = deps.clock();
    const event = publicationEvent(context, {
      ...claimed,
      status: 'published',
      externalUrl: result.url,
      publishedAt: now,
      errorCode: null,
      lastError: null,
    });
    for (let attempt = 1; ; attempt++) {
      try {
        await repo.markPublished(db, claimed.id, result, now, log, event, {
          commentDueAt: commentDueAt(),
        });
        return;
      } catch (error) {
        if (attempt >= 3) {
          deps.logger.error(
            { err: error, network, publicationId: claimed.id, externalId: result.externalId },
            'published, but the external id could not be stored',
          );
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }

  /** The webhook events of publications a statement just settled, in its transaction. */
  async function recordPublicationEvents(
    tx: DbExecutor,
    context: repo.InstanceContext,
    rows: readonly PublicationRow[],
  ) {
    for (const row of rows) {
      const event = publicationEvent(context, row);
      if (event) await recordWebhookEvent(tx, event);
    }
  }

  /** `post.completed`: every publication of the occurrence has ended. */
  const completedEvent = (
    context: repo.InstanceContext,
    statuses: readonly PublicationStatus[],
    now: Date,
  ): WebhookEventInput => ({
    userId: context.instance.userId,
    type: 'post.completed',
    entityId: context.post.companyId,
    at: now,
    data: postCompletedData({
      postId: context.post.id,
      entityId: context.post.companyId,
      scheduledFor: context.instance.scheduledFor,
      statuses,
    }),
  });

  /** When nothing waits any more, the instance gets its outcome; else its next run is asked. */
  async function settleInstance(
    context: repo.InstanceContext,
    known: Map<string, PublicationStatus>,
  ) {
    const { instance } = context;
    const now = deps.clock();
    // Thread parts not out yet keep the instance open (only asked when the post has a thread).
    const parts = context.publications.some((row) => threadsOn(context, row.network))
      ? await repo.listWaitingThreadParts(db, instance.id, now)
      : [];
    // Usually every publication is settled by now: the outcome from what this job saw, written
    // only if the database agrees nothing waits (one statement).
    const seen = context.publications.map((row) => known.get(row.id) ?? row.status);
    if (
      parts.length === 0 &&
      seen.every((status) => status !== 'pending' && status !== 'publishing')
    ) {
      const outcome = instanceOutcome(seen);
      const event = completedEvent(context, seen, now);
      if (await repo.finishInstance(db, instance.id, outcome, now, event)) return;
    }
    const states = [...(await repo.listPublicationStates(db, instance.id)), ...parts];
    const waiting = states.filter((state) => state.status === 'pending');
    if (states.some((state) => state.status === 'publishing')) {
      // Its claimer settles it. Should that worker have died, a run once its claim has gone
      // stale (claimed by now, so stale by then) settles it instead: this run took the ask.
      // Sooner when another publication's retry is due before.
      const stale = now.getTime() + (deps.jobExpireSeconds + 1) * 1000;
      const next = Math.min(stale, ...waiting.map((state) => state.dueAt.getTime()));
      await deps.publishRuns.publishAt(instance.id, new Date(next));
      return;
    }
    if (waiting.length === 0) {
      const statuses = states.map((s) => s.status);
      await db.transaction(async (tx) => {
        await instances.setInstanceStatus(tx, instance.id, instanceOutcome(statuses), now);
        await recordWebhookEvent(tx, completedEvent(context, statuses, now));
      });
      return;
    }
    const attempt = Math.min(...waiting.map((state) => state.dueAt.getTime()));
    await instances.setInstanceStatus(db, instance.id, 'pending', now);
    await deps.publishRuns.publishAt(instance.id, new Date(attempt));
  }

  async function publishInstance(instanceId: string): Promise<void> {
    const context = await starts(instanceId);
    if (!context) return; // finished, or deleted: nothing to do
    const now = deps.clock();
    const { instance } = context;
    const logFor = (publication: PublicationRow, message: string, errorCode: string) =>
      logAttempt(context, publication, {
        status: 'error',
        message,
        errorCode,
        retryCount: Math.max(0, publication.attempts - 1),
      });

    const staleBefore = now.getTime() - deps.jobExpireSeconds * 1000;
    // Stale: claimed before the expiry, or by another process that may have fallen silent
    // (the statement below judges that from its heartbeat).
    const isStale = (row: PublicationRow) =>
      row.status === 'publishing' &&
      !row.externalId &&
      row.claimedAt !== null &&
      (row.claimedAt.getTime() <= staleBefore ||
        (row.claimedBy !== null && row.claimedBy !== deps.processId));
    // Stale claims whose worker had not yet sent anything are due again in this run.
    const returned = new Set<string>();
    if (context.publications.some(isStale)) {
      const stale = await db.transaction(async (tx) => {
        const settled = await repo.settleStaleClaims(
          tx,
          instanceId,
          new Date(staleBefore),
          SCHEDULE_MESSAGES.unconfirmed,
          now,
          new Date(now.getTime() + deps.readBackAfterMs),
        );
        await recordPublicationEvents(tx, context, settled.unconfirmed);
        return settled;
      });
      for (const publication of stale.returned) {
        returned.add(publication.id);
        deps.logger.info(
          { network: publication.network, publicationId: publication.id },
          'a worker stopped before sending: the publication is due again',
        );
      }
      for (const publication of stale.unconfirmed) {
        await logFor(publication, SCHEDULE_MESSAGES.unconfirmed, 'unconfirmed');
        await notifyOutcome(
          context,
          publication,
          'publication_unconfirmed',
          SCHEDULE_MESSAGES.unconfirmed,
        );
      }
    }

    // Missed per publication, from its own due time: a retry asked for today still goes out.
    const cutoff = now.getTime() - (await deps.limits()).missedAfterMs;
    const missedIds = new Set<string>();
    const dueAt = (row: PublicationRow) => row.nextAttemptAt ?? row.dueAt ?? instance.scheduledFor;
    if (
      context.publications.some((row) => row.status === 'pending' && dueAt(row).getTime() < cutoff)
    ) {
      const missed = await db.transaction(async (tx) => {
        const rows = await repo.markMissed(
          tx,
          instanceId,
          new Date(cutoff),
          SCHEDULE_MESSAGES.missed,
          now,
        );
        await recordPublicationEvents(tx, context, rows);
        return rows;
      });
      for (const publication of missed) {
        missedIds.add(publication.id);
        await logFor(publication, SCHEDULE_MESSAGES.missed, 'missed');
        await notifyOutcome(context, publication, 'publication_failed', SCHEDULE_MESSAGES.missed);
      }
    }

    // Due: its retry time, else the time the customer asked for, else the instance's time
    // (a job sent early for one network's publish-now leaves the others for their time).
    let due = context.publications.filter(
      (row) =>
        (row.status === 'pending' || returned.has(row.id)) &&
        !row.externalId &&
        !missedIds.has(row.id) &&
        dueAt(row).getTime() <= now.getTime(),
    );
    // Nothing unapproved goes out: a due publication of a post without its approval ends
    // missed (judged again in the statement; an approval meanwhile lets it through).
    if (due.length > 0 && !context.isCleared) {
      const refused = await db.transaction(async (tx) => {
        const rows = await repo.markNotApproved(
          tx,
          instanceId,
          due.map((row) => row.id),
          APPROVAL_MESSAGES.notApproved,
          now,
        );
        await recordPublicationEvents(tx, context, rows);
        return rows;
      });
      const refusedIds = new Set(refused.map((row) => row.id));
      for (const publication of refused) {
        missedIds.add(publication.id);
        await logFor(publication, APPROVAL_MESSAGES.notApproved, 'NOT_APPROVED');
        await notifyOutcome(
          context,
          publication,
          'publication_failed',
          APPROVAL_MESSAGES.notApproved,
        );
      }
      due = due.filter((row) => !refusedIds.has(row.id));
    }
    const { release, ...files } = await mediaOf(context, due);
    // In parallel across networks; each call waits only for its own account's turn.
    const outcomes = await Promise.allSettled(
      due.map((publication) => publishOne(context, publication, files)),
    ).finally(release);
    const settledBy = new Map<string, PublicationStatus>();
    outcomes.forEach((outcome, index) => {
      const publication = due[index];
      if (outcome.status === 'fulfilled' && outcome.value && publication) {
        settledBy.set(publication.id, outcome.value);
      }
    });
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason; // the job is retried; every step above is idempotent
    // Threads whose first post went out in an earlier run and whose parts are not all out.
    const resumed = context.publications.filter(
      (row) =>
        row.status === 'published' && row.externalId !== null && threadsOn(context, row.network),
    );
    await Promise.all(resumed.map((row) => resumeThread(context, row)));
    await settleInstance(context, settledBy);
  }

  return Object.assign(publishInstance, {
    /** The starts, claims and marks sent, and in how many statements (tests). */
    batches: () => ({ starts: starts.stats(), claims: claims.stats(), marks: marks.stats() }),
  });
}

export type PublishInstance = ReturnType<typeof createInstancePublisher>;
