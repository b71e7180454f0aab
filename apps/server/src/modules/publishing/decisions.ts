import { PUBLISH_MAX_RETRIES, SCHEDULE_MESSAGES } from '@cadence/shared';
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

/**
 * How a publication that did not go out is settled: its new state, the message people read,
 * the error code, and the retry number its log row carries.
 */
export interface Settlement {
  status: 'pending' | 'failed' | 'unconfirmed';
  message: string;
  errorCode: string;
  retryCount: number;
  nextAttemptAt?: Date;
  /** The connection is marked as needing a reconnect. */
  needsReconnect?: boolean;
}

export const reconnectMessage = (name: string, reason: string) =>
  `${name} refused the saved credentials (${reason}). Reconnect ${name} for this entity, then schedule the post again.`;

/** A refusal before the network was called (no credentials, media gone): a final failure. */
export function failedSettlement(message: string, errorCode: string, attempts: number): Settlement {
  return { status: 'failed', message, errorCode, retryCount: Math.max(0, attempts - 1) };
}

/** The post may have gone out: it is never repeated blindly. */
export function unconfirmedSettlement(attempts: number): Settlement {
  return {
    status: 'unconfirmed',
    message: SCHEDULE_MESSAGES.unconfirmed,
    errorCode: 'unconfirmed',
    retryCount: Math.max(0, attempts - 1),
  };
}

/** The settlement of a network call that failed with a classified `NetworkError`. */
export function settlementOfNetworkFailure(
  failure: { kind: NetworkFailureKind; message: string; retryAfterSeconds?: number | undefined },
  publication: { attempts: number; networkName: string },
  options: { now: Date; retryBaseMs: number },
): Settlement {
  const { attempts, networkName: name } = publication;
  const decision = decideFailure(failure.kind, attempts, {
    baseMs: options.retryBaseMs,
    retryAfterSeconds: failure.retryAfterSeconds,
  });
  const reason = failure.message || 'Unknown error';
  switch (decision.action) {
    case 'retry':
      return {
        status: 'pending',
        message: `${name}: ${reason}`,
        errorCode: failure.kind,
        retryCount: decision.retryNumber,
        nextAttemptAt: new Date(options.now.getTime() + decision.delayMs),
      };
    case 'unconfirmed':
      return unconfirmedSettlement(attempts);
    case 'fail':
      return {
        ...failedSettlement(
          decision.needsReconnect ? reconnectMessage(name, reason) : `${name}: ${reason}`,
          decision.errorCode,
          attempts,
        ),
        needsReconnect: decision.needsReconnect,
      };
  }
}

/** The instance's outcome once no publication is waiting. */
export function instanceOutcome(statuses: string[]): 'published' | 'partial' | 'failed' | 'missed' {
  if (statuses.length > 0 && statuses.every((status) => status === 'published')) return 'published';
  if (statuses.some((status) => status === 'published')) return 'partial';
  if (statuses.length > 0 && statuses.every((status) => status === 'missed')) return 'missed';
  return 'failed';
}
