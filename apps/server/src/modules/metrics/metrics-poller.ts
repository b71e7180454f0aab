import type { NetworkId } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { NetworkRegistry } from '../../integrations/networks/registry.js';
import {
  NetworkError,
  type NetworkAdapter,
  type NetworkCredentials,
  type PostMetrics,
} from '../../integrations/networks/types.js';
import type { Clock } from '../../lib/clock.js';
import { batchesOf } from '../../integrations/networks/metrics-read.js';
import type { UsableCredentials } from '../connections/index.js';
import * as repo from './metrics.repository.js';
import { FIRST_READ_AFTER_MS, maxAgeMs, nextBackoff, nextReadAt } from './schedule.js';

const HOUR_MS = 3_600_000;
/** Publications one run starts reading. */
const DISCOVER_LIMIT = 5_000;
/** Reads one run takes (a run every minute: at most this many posts a minute in all). */
const READS_PER_RUN = 2_000;
/** Accounts whose followers one run reads. */
const FOLLOWER_ACCOUNTS_PER_RUN = 200;

export interface MetricsPollerDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  registry: NetworkRegistry;
  /** The account's usable credentials (the token lifecycle's, refreshed when due). */
  credentialsOf: (companyId: string, network: NetworkId) => Promise<UsableCredentials>;
  /** METRICS_POLL_SCALE. */
  scale: number;
  /** The admin's `x_metrics_enabled` (X bills every read). */
  xMetricsEnabled: () => Promise<boolean>;
  /** Counts one call for the admin's API call statistics. */
  countCall: (service: string) => void;
}

export interface PollOutcome {
  discovered: number;
  read: number;
  deleted: number;
  calls: number;
  followers: number;
}

const same = (row: repo.DueRead, metrics: PostMetrics) =>
  row.readAt !== null &&
  row.likes === metrics.likes &&
  row.comments === metrics.comments &&
  row.shares === metrics.shares &&
  row.impressions === metrics.impressions;

/**
 * The metrics job's work (its own queue, one worker at a time, so it never stands in the
 * publisher's way): starts reading newly published posts, reads the due ones batched per
 * account and network (X 100 ids a call, Bluesky 25, the others one), and each connected
 * account's followers once a day. A 429 holds the account until its Retry-After; a post the
 * network says is gone is never read again.
 */
export function createMetricsPoller(deps: MetricsPollerDeps) {
  const { db } = deps;
  let isRunning = false;

  const adapterOf = (network: NetworkId) =>
    deps.registry.adapters[network] as NetworkAdapter<NetworkCredentials[typeof network]>;

  async function readAccount(rows: repo.DueRead[], now: Date, outcome: PollOutcome): Promise<void> {
    const [first] = rows;
    if (!first) return;
    const { network, companyId, connectionId } = first;
    const retryLater = new Date(now.getTime() + HOUR_MS * deps.scale);
    if (!companyId || !connectionId) {
      // The entity or the account is gone: nothing to read with, ever.
      await repo.stopReading(
        db,
        rows.map((row) => row.publicationId),
        'aged',
      );
      return;
    }
    const usable = await deps.credentialsOf(companyId, network);
    if (usable.kind !== 'ok' || usable.connectionId !== connectionId) {
      await repo.postpone(
        db,
        rows.map((row) => row.publicationId),
        retryLater,
      );
      return;
    }
    const adapter = adapterOf(network);
    const { credentials } = usable;
    const account = connectionId;
    const batches = batchesOf(rows, adapter.metricsBatch);
    // The account's reads are written together when it is done (or stops early).
    const done: repo.ReadDone[] = [];
    try {
      await readBatches();
    } finally {
      await repo.recordReads(db, now, done);
    }

    async function readBatches() {
      for (const [index, batch] of batches.entries()) {
        const byId = new Map(batch.map((row) => [row.externalId, row]));
        let read: Awaited<ReturnType<typeof adapter.readMetrics>>;
        deps.countCall(`metrics:${network}`);
        outcome.calls++;
        try {
          read = await adapter.readMetrics([...byId.keys()], credentials);
        } catch (error) {
          const rest = batches
            .slice(index)
            .flat()
            .map((row) => row.publicationId);
          if (error instanceof NetworkError && error.kind === 'rate-limited') {
            const until = new Date(now.getTime() + (error.details.retryAfterSeconds ?? 900) * 1000);
            await repo.holdAccount(db, account, until);
            await repo.postpone(db, rest, until);
            return;
          }
          deps.logger.warn(
            { err: error, network, connectionId: account },
            'could not read the numbers of posts; trying again later',
          );
          await repo.postpone(db, rest, retryLater);
          return;
        }
        const gone: string[] = [];
        const unanswered: string[] = [];
        for (const [externalId, row] of byId) {
          const answer = read.get(externalId);
          if (answer === 'gone') gone.push(row.publicationId);
          else if (!answer) unanswered.push(row.publicationId);
          else {
            const backoff = nextBackoff(row.backoff, !same(row, answer));
            done.push({
              publicationId: row.publicationId,
              metrics: answer,
              backoff,
              nextReadAt: nextReadAt(row.publishedAt, now, backoff, deps.scale),
            });
            outcome.read++;
          }
        }
        await repo.stopReading(db, gone, 'deleted');
        await repo.postpone(db, unanswered, retryLater);
        outcome.deleted += gone.length;
      }
    }
  }

  async function readFollowers(now: Date, skipNetworks: NetworkId[], outcome: PollOutcome) {
    const accounts = await repo.accountsDueForFollowers(db, {
      now,
      limit: FOLLOWER_ACCOUNTS_PER_RUN,
      skipNetworks,
    });
    for (const account of accounts) {
      try {
        const usable = await deps.credentialsOf(account.company_id, account.network);
        if (usable.kind !== 'ok') continue;
        deps.countCall(`metrics:${account.network}`);
        outcome.calls++;
        const followers = await adapterOf(account.network).readFollowers(usable.credentials);
        await repo.recordFollowers(db, account.connection_id, now, followers);
        outcome.followers++;
      } catch (error) {
        if (error instanceof NetworkError && error.kind === 'rate-limited') {
          const until = new Date(now.getTime() + (error.details.retryAfterSeconds ?? 900) * 1000);
          await repo.holdAccount(db, account.connection_id, until);
          continue;
        }
        deps.logger.warn(
          { err: error, network: account.network },
          "could not read an account's followers; trying again at the next run",
        );
      }
    }
  }

  /** One run: new posts, due reads, followers. Answers what it did. */
  async function poll(): Promise<PollOutcome> {
    const outcome: PollOutcome = { discovered: 0, read: 0, deleted: 0, calls: 0, followers: 0 };
    if (isRunning) return outcome;
    isRunning = true;
    try {
      const now = deps.clock();
      const skipNetworks: NetworkId[] = (await deps.xMetricsEnabled()) ? [] : ['twitter'];
      outcome.discovered = await repo.discoverPublished(db, {
        now,
        maxAgeMs: maxAgeMs(deps.scale),
        firstReadAfterMs: FIRST_READ_AFTER_MS * deps.scale,
        limit: DISCOVER_LIMIT,
      });
      const due = await repo.takeDueReads(db, { now, limit: READS_PER_RUN, skipNetworks });
      const byAccount = new Map<string, repo.DueRead[]>();
      for (const row of due) {
        const key = `${row.connectionId ?? row.publicationId}:${row.network}`;
        const rows = byAccount.get(key);
        if (rows) rows.push(row);
        else byAccount.set(key, [row]);
      }
      for (const rows of byAccount.values()) await readAccount(rows, now, outcome);
      await readFollowers(now, skipNetworks, outcome);
      return outcome;
    } finally {
      isRunning = false;
    }
  }

  return { poll };
}

export type MetricsPoller = ReturnType<typeof createMetricsPoller>;
