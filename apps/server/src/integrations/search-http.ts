import { createHash } from 'node:crypto';
import { fetchErrorCode } from './networks/fetch-failure.js';

/**
 * A search service failed. `message` is safe to show; `detail` is for the log. Neither ever
 * holds the request URL, which carries the API key.
 */
export class SearchError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

export interface JsonAnswer {
  status: number;
  ok: boolean;
  /** Undefined when the body is not JSON. */
  body: unknown;
}

/** GETs JSON with a time limit; network failures become a SearchError with `failMessage`. */
export async function getJson(url: URL, timeoutMs: number, failMessage: string) {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const isTimeout = (error as Error).name === 'TimeoutError';
    throw new SearchError(
      failMessage,
      isTimeout ? `no answer within ${timeoutMs} ms` : (fetchErrorCode(error) ?? 'network error'),
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return { status: response.status, ok: response.ok, body } satisfies JsonAnswer;
}

/** A short id that stays the same for the same URL across searches. */
export function stableId(url: string): string {
  return createHash('sha256').update(url).digest('base64url').slice(0, 16);
}

export const collapseSpace = (value: string) => value.replace(/\s+/g, ' ').trim();
