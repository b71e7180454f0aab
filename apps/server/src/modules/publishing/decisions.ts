import { PUBLISH_MAX_RETRIES } from '@cadence/shared';
import type { NetworkFailureKind } from '../../integrations/networks/types.js';

/** What the publisher does after a failed network call. */
export type FailureAction =
  | { action: 'retry'; retryNumber: number; delayMs: number }
  | { action: 'fail'; errorCode: string; needsReconnect: boolean }
  | { action: 'unconfirmed' };

export interface BackoffOptions {
  baseMs: number;
  /** The longest wait computed from the base (Retry-After may ask for more). */
  capMs?: number;
  retryAfterSeconds?: number | undefined;
  /** 0 <= random() < 1; injected so tests can pin the jitter. */
  random?: () => number;
}

export const BACKOFF_CAP_MS = 15 * 60_000;

/**
 * Exponential backoff with full jitter (a uniform wait in [0, base x 2^(n-1)], capped), but
 * never sooner than the network's Retry-After. See
 * https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/
 */
export function backoffMs(retryNumber: number, options: BackoffOptions): number {
  const random = options.random ?? Math.random;
  const ceiling = Math.min(
    options.capMs ?? BACKOFF_CAP_MS,
    options.baseMs * 2 ** Math.max(0, retryNumber - 1),
  );
  const jittered = Math.floor(random() * ceiling);
  const floor = (options.retryAfterSeconds ?? 0) * 1000;
  return Math.max(jittered, floor);
}

/**
 * `attempts` counts the calls made so far, this one included: after the first call fails
 * there have been 0 retries, so up to PUBLISH_MAX_RETRIES more calls are allowed.
 */
export function decideFailure(
  kind: NetworkFailureKind,
  attempts: number,
  backoff: BackoffOptions,
): FailureAction {
  switch (kind) {
    case 'auth':
      return { action: 'fail', errorCode: 'auth', needsReconnect: true };
    case 'invalid':
      return { action: 'fail', errorCode: 'invalid', needsReconnect: false };
    case 'unconfirmed':
      return { action: 'unconfirmed' };
    case 'rate-limited':
    case 'transient': {
      const retriesDone = Math.max(0, attempts - 1);
      if (retriesDone >= PUBLISH_MAX_RETRIES) {
        return { action: 'fail', errorCode: kind, needsReconnect: false };
      }
      const retryNumber = retriesDone + 1;
      return { action: 'retry', retryNumber, delayMs: backoffMs(retryNumber, backoff) };
    }
  }
}

/** The instance's outcome once no publication is waiting. */
export function instanceOutcome(statuses: string[]): 'published' | 'partial' | 'failed' | 'missed' {
  if (statuses.length > 0 && statuses.every((status) => status === 'published')) return 'published';
  if (statuses.some((status) => status === 'published')) return 'partial';
  if (statuses.length > 0 && statuses.every((status) => status === 'missed')) return 'missed';
  return 'failed';
}
