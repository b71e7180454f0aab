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
 * How long transient faults and rate limits are retried: from the publication's due time
 * until `endsAt` (decision 128). `now` is the failed call's time.
 */
export interface RetryWindow {
  now: Date;
  endsAt: Date;
}

/** The default retry window: an hour after a publication's due time (a live admin setting). */
export const RETRY_WINDOW_DEFAULT_MINUTES = 60;

/**
 * `attempts` counts the calls made so far, this one included: after the first call fails
 * there have been 0 retries, so the next call is retry number `attempts`.
 *
 * Transient faults and rate limits get PUBLISH_MAX_RETRIES retries in any case. With a
 * `window` (publications), they are retried further until the window ends: a retry that would
 * fall after its end is moved to the end (one last try there), unless the network asks to
 * wait past it (Retry-After), which nothing in the window can satisfy: then it fails now.
 * Without one (thread parts, first comments), that is all.
 */
export function decideFailure(
  kind: NetworkFailureKind,
  attempts: number,
  backoff: BackoffOptions,
  window?: RetryWindow,
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
      const giveUp = { action: 'fail', errorCode: kind, needsReconnect: false } as const;
      const retryNumber = Math.max(0, attempts - 1) + 1;
      // The first PUBLISH_MAX_RETRIES retries are always made (as before the window): a
      // publication first tried late (a backlog, downtime) still gets them.
      if (retryNumber <= PUBLISH_MAX_RETRIES) {
        return { action: 'retry', retryNumber, delayMs: backoffMs(retryNumber, backoff) };
      }
      if (!window) return giveUp;
      const left = window.endsAt.getTime() - window.now.getTime();
      if (left <= 0) return giveUp;
      if ((backoff.retryAfterSeconds ?? 0) * 1000 > left) return giveUp;
      const delayMs = Math.min(backoffMs(retryNumber, backoff), left);
      return { action: 'retry', retryNumber, delayMs };
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

/**
 * The settlement of a network call that failed with a classified `NetworkError`. `dueAt`:
 * when the publication was due (its instance's time, or when the customer asked for it);
 * its retry window runs `retryWindowMs` from there.
 */
export function settlementOfNetworkFailure(
  failure: { kind: NetworkFailureKind; message: string; retryAfterSeconds?: number | undefined },
  publication: { attempts: number; networkName: string; dueAt: Date },
  options: { now: Date; retryBaseMs: number; retryWindowMs: number },
): Settlement {
  const { attempts, networkName: name } = publication;
  const decision = decideFailure(
    failure.kind,
    attempts,
    { baseMs: options.retryBaseMs, retryAfterSeconds: failure.retryAfterSeconds },
    {
      now: options.now,
      endsAt: new Date(publication.dueAt.getTime() + options.retryWindowMs),
    },
  );
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
