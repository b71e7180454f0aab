import { setTimeout as sleep } from 'node:timers/promises';
import { NetworkError } from './types.js';

export interface ReadRetryOptions {
  /** Calls after the first (3 by default). */
  retries?: number;
  /** The first wait's ceiling, doubled per retry, with full jitter (250 ms by default). */
  baseMs?: number;
  /**
   * The longest Retry-After honoured in place (5 s by default): a network that asks for more
   * gets its answer passed on, and the publisher waits at its own pace (decision 129).
   */
  maxWaitMs?: number;
  /** A call that timed out is passed on at once, not asked again (uploads: see retryUpload). */
  passTimeouts?: boolean;
  /** 0 <= random() < 1; injected so tests can pin the jitter. */
  random?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

/**
 * A call without side effects (a container's status, a permalink, the account's posts) whose
 * passing failure (an error on the network's side, a short rate limit, a timeout or a dropped
 * connection) is retried in place a few times, instead of failing the whole attempt and
 * starting its multi-step flow over. Never for a call that creates or publishes anything a
 * person could see (uploads: `retryUpload`).
 */
export async function retryRead<T>(read: () => Promise<T>, options: ReadRetryOptions = {}) {
  const retries = options.retries ?? 3;
  const baseMs = options.baseMs ?? 250;
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  const random = options.random ?? Math.random;
  const wait = options.wait ?? sleep;
  for (let retry = 1; ; retry++) {
    try {
      return await read();
    } catch (error) {
      if (retry > retries || !(error instanceof NetworkError)) throw error;
      if (error.kind !== 'transient' && error.kind !== 'rate-limited') throw error;
      if (options.passTimeouts && error.details.timedOut) throw error;
      // An app-wide limit pauses every account's calls: the publisher's business, not ours.
      if (error.details.appLimited) throw error;
      const asked = (error.details.retryAfterSeconds ?? 0) * 1000;
      if (asked > maxWaitMs) throw error;
      await wait(Math.max(asked, Math.floor(random() * baseMs * 2 ** (retry - 1))));
    }
  }
}

/**
 * An upload nothing refers to yet (media or an image sent before the post that cites it):
 * sent twice, it leaves at most an orphan the network discards unused, so a quick passing
 * failure (an error on the network's side, a short rate limit, a dropped connection) is tried
 * again in place, as a read is, instead of failing the attempt and starting it over. A timeout
 * is passed on: bytes are slow to send, and the account's slot is not held for several.
 */
export function retryUpload<T>(upload: () => Promise<T>, options: ReadRetryOptions = {}) {
  return retryRead(upload, { ...options, passTimeouts: true });
}
