import {
  ACCOUNT_MESSAGES,
  formatBytes,
  ORPHAN_UPLOAD_AGE_SECONDS,
  UPLOAD_RATE_LIMIT,
  type StorageUsage,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UploadKind } from '../../db/schema/uploads.js';
import { AppError } from '../../errors.js';
import type { Storage } from '../../integrations/storage.js';
import type { AttemptLimiter } from '../../lib/attempt-limiter.js';
import type { Clock } from '../../lib/clock.js';
import { getEntitlements } from '../plans/index.js';
import * as repo from './uploads.repository.js';

const SWEEP_BATCH = 500;

export interface UploadsDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The database's attempt counters (decision 020): every upload attempt is one hit. */
  attempts: AttemptLimiter;
  rateLimit?: { max: number; windowSeconds: number };
}

/**
 * Every upload (logo, avatar, media) goes through here: every attempt rate limited per
 * account, each stored file counted against the plan's storage allowance and recorded so the
 * orphan sweep can find it.
 */
export function createUploadsService(deps: UploadsDeps) {
  const { db, storage, clock } = deps;
  const rateLimit = deps.rateLimit ?? UPLOAD_RATE_LIMIT;

  async function removeQuietly(key: string) {
    try {
      await storage.remove(key);
    } catch (error) {
      deps.logger.warn({ err: error, key }, 'could not remove an uploaded file');
    }
  }

  return {
    /**
     * Counts one upload attempt, whatever becomes of it (refused as too large, unreadable
     * or too complex, or stored), and refuses it with a 429 past the rate. Called when a
     * file arrives, before its bytes are read or judged (decision 102).
     */
    async countAttempt(userId: string) {
      await deps.attempts.hit({
        key: `upload:${userId}`,
        limit: rateLimit,
        refusal: (seconds) =>
          AppError.tooManyRequests(
            ACCOUNT_MESSAGES.uploadRateLimited(seconds),
            seconds,
            'UPLOAD_RATE_LIMITED',
          ),
      });
    },

    /**
     * Records a file just stored. Over the allowance, the file is removed again and the
     * upload refused; checked under a per-account lock so parallel uploads cannot slip past
     * the allowance together. Answers the record's id (the public API's media id).
     */
    async record(
      userId: string,
      kind: UploadKind,
      storageKey: string,
      sizeBytes: number,
    ): Promise<string> {
      try {
        return await db.transaction(async (tx) => {
          await repo.lockUploads(tx, userId);
          const entitlements = await getEntitlements(tx, userId);
          const allowed = entitlements.maxStorageBytes;
          if (allowed !== null && (await repo.usedBytes(tx, userId)) + sizeBytes > allowed) {
            throw AppError.payloadTooLarge(
              ACCOUNT_MESSAGES.storageFull(formatBytes(allowed), entitlements.planName),
              'STORAGE_FULL',
            );
          }
          return repo.insertUpload(tx, { userId, kind, storageKey, sizeBytes, now: clock() });
        });
      } catch (error) {
        await removeQuietly(storageKey);
        throw error;
      }
    },

    /**
     * Deletes a file the customer replaced, at once, when it is theirs and nothing else
     * uses it (the sweep would otherwise take it after an hour).
     */
    async discardIfUnused(userId: string, storageKey: string) {
      const upload = await repo.findUpload(db, storageKey);
      if (!upload || upload.userId !== userId) return;
      if (await repo.isUploadReferenced(db, storageKey)) return;
      await repo.forgetUploads(db, [storageKey]);
      await removeQuietly(storageKey);
    },

    /**
     * A media file the customer uploaded earlier, by its id (what the public API's
     * `media_ids` name); undefined for an unknown id, another's, or a logo or avatar.
     */
    async findMedia(userId: string, id: string) {
      const row = await repo.findUploadById(db, userId, id, 'media');
      return row ? { id: row.id, storageKey: row.storageKey, sizeBytes: row.sizeBytes } : undefined;
    },

    /** The upload ids of the customer's files stored under these keys (key -> id). */
    async idsOfKeys(userId: string, storageKeys: string[]): Promise<Map<string, string>> {
      const rows = await repo.listUploadsByKeys(db, userId, [...new Set(storageKeys)]);
      return new Map(rows.map((row) => [row.storageKey, row.id]));
    },

    async usage(userId: string): Promise<StorageUsage> {
      const [used, entitlements] = await Promise.all([
        repo.usedBytes(db, userId),
        getEntitlements(db, userId),
      ]);
      return {
        used_bytes: used,
        allowed_bytes: entitlements.maxStorageBytes,
        plan_name: entitlements.planName,
      };
    },

    /** Deletes files nothing references once they are an hour old; answers how many. */
    async sweepOrphans(): Promise<number> {
      const before = new Date(clock().getTime() - ORPHAN_UPLOAD_AGE_SECONDS * 1000);
      let removed = 0;
      for (;;) {
        const orphans = await repo.findOrphanUploads(db, before, SWEEP_BATCH);
        if (orphans.length === 0) break;
        // Rows first: a file whose removal fails is an orphan on disk, never a dead link.
        await repo.forgetUploads(
          db,
          orphans.map((orphan) => orphan.storageKey),
        );
        for (const orphan of orphans) await removeQuietly(orphan.storageKey);
        removed += orphans.length;
        if (orphans.length < SWEEP_BATCH) break;
      }
      if (removed > 0) deps.logger.info({ removed }, 'removed unreferenced uploads');
      return removed;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/** The key of a file we serve at `/uploads/<key>`, or undefined for any other address. */
export function storageKeyOfUrl(url: string | null | undefined): string | undefined {
  if (!url?.startsWith('/uploads/')) return undefined;
  const key = url.slice('/uploads/'.length);
  return key && !key.includes('..') ? key : undefined;
}

/**
 * The storage every module uses: removing a file also forgets its upload record, so the
 * allowance frees up at once whoever removes it (a deleted post, a replaced media file).
 */
export function withUploadRecords(storage: Storage, db: Db): Storage {
  return {
    ...storage,
    async remove(key) {
      await repo.forgetUploads(db, [key]);
      await storage.remove(key);
    },
  };
}
