import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_HOURS, API_TRAFFIC_MESSAGES } from '@cadence/shared';
import type { Db } from '../../db/client.js';
import type { ApiIdempotencyKeyRow } from '../../db/schema/api-keys.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import * as repo from './api-traffic.repository.js';

/**
 * How long a first request holds its key. A process that dies mid-request leaves the key
 * held until then; a request still running after it (none should: the slowest, a media
 * fetch, stops at 30 s) could be run a second time by a retry.
 */
export const IDEMPOTENCY_LOCK_SECONDS = 5 * 60;

/** What a stored answer is replayed as. */
export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
}

/** What became of a request's `Idempotency-Key`. */
export type IdempotencyStart =
  /** This request holds the key and runs; its answer is stored (or the key released). */
  | { kind: 'run'; claimId: string }
  /** The key was answered for this very request: answer the same again. */
  | { kind: 'replay'; answer: StoredAnswer }
  /**
   * The key was answered, but this request's fingerprint is known only once the route has
   * read it (a multipart file): the route compares and replays or refuses.
   */
  | { kind: 'verify'; row: ApiIdempotencyKeyRow };

/** Visible ASCII, 1 to 255 characters: a UUID, a hash, a client's own id. */
export function checkIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value.join(',') : value;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key))
    throw AppError.badRequest(
      API_TRAFFIC_MESSAGES.idempotencyKeyInvalid,
      'IDEMPOTENCY_KEY_INVALID',
    );
  return key;
}

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value as Record<string, unknown>)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** The request a key was first used for: method, path with query, and body. */
export function requestFingerprint(method: string, url: string, body: unknown) {
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), url, canonical(body ?? null)]))
    .digest('hex');
}

const reused = () =>
  AppError.unprocessable(API_TRAFFIC_MESSAGES.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
const inUse = () =>
  AppError.conflict(API_TRAFFIC_MESSAGES.idempotencyKeyInUse, 'IDEMPOTENCY_KEY_IN_USE');

function answerOf(row: ApiIdempotencyKeyRow): StoredAnswer {
  return {
    statusCode: row.statusCode ?? 200,
    contentType: row.contentType,
    body: row.responseBody ?? '',
  };
}

/**
 * `Idempotency-Key` for the public API's writes, per API key, in the database so it holds
 * across processes (the unique index on the API key and the key decides who runs).
 */
export function createIdempotency({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /**
     * Claims the key for this request, or answers why not: a replay of the same request's
     * answer, 409 while the first request runs, 422 for a different request.
     * `fingerprint` null: known only later (`verify`).
     */
    async start(
      apiKeyId: string,
      key: string,
      fingerprint: string | null,
    ): Promise<IdempotencyStart> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const now = clock();
        const claimId = await repo.claimIdempotencyKey(db, {
          apiKeyId,
          key,
          fingerprint,
          now,
          lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LOCK_SECONDS * 1000),
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_HOURS * 3_600_000),
        });
        if (claimId) return { kind: 'run', claimId };
        const row = await repo.findIdempotencyKey(db, apiKeyId, key);
        if (!row) continue; // released between the two statements: claim again
        if (row.statusCode === null) throw inUse();
        if (fingerprint === null) return { kind: 'verify', row };
        if (row.fingerprint !== fingerprint) throw reused();
        return { kind: 'replay', answer: answerOf(row) };
      }
      throw inUse();
    },

    /** The route's late fingerprint against an answered key: the answer to replay, or 422. */
    verify(row: ApiIdempotencyKeyRow, fingerprint: string): StoredAnswer {
      if (row.fingerprint !== fingerprint) throw reused();
      return answerOf(row);
    },

    async setFingerprint(claimId: string, fingerprint: string) {
      await repo.setIdempotencyFingerprint(db, claimId, fingerprint);
    },

    async store(claimId: string, answer: StoredAnswer) {
      await repo.storeIdempotentAnswer(db, claimId, answer);
    },

    async release(claimId: string) {
      await repo.releaseIdempotencyKey(db, claimId);
    },

    /** Deletes keys past their 24 hours (recurring work). */
    async sweep() {
      return repo.deleteExpiredIdempotencyKeys(db, clock());
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
