import { fetchErrorCode, isNotSentFailure, unreachableMessage } from './fetch-failure.js';
import { httpCall, type AnswerHeaders } from './http-call.js';
import { classifyThreadsResponse } from './threads-errors.js';
import { NetworkError } from './types.js';

export interface ThreadsCall {
  method: 'GET' | 'POST';
  /** Below the versioned base URL, e.g. `/me` or `/123/threads_publish`. */
  path: string;
  params: Record<string, string>;
  /** The call that makes the post public: a lost answer there may mean it is live. */
  isPublish?: boolean;
}

function classifyFetchFailure(error: unknown, call: ThreadsCall, timeoutMs: number): NetworkError {
  const isTimeout =
    error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const code = fetchErrorCode(error);
  if (!isTimeout && isNotSentFailure(code)) {
    return new NetworkError('threads', 'transient', unreachableMessage('Threads'), {
      code,
    });
  }
  const what = isTimeout
    ? `no answer within ${timeoutMs} ms`
    : `connection lost (${code ?? 'network error'})`;
  if (!call.isPublish)
    return new NetworkError('threads', 'transient', `Threads: ${what}`, { code });
  return new NetworkError(
    'threads',
    'unconfirmed',
    `Threads: ${what} after the post was sent; it may have been published`,
    { code },
  );
}

/**
 * One Graph call to Threads. The token goes in the query for reads (the only way for a GET)
 * and in the form body for writes, never into an error message: messages quote Meta, not URLs.
 * Answers the parsed JSON of a 2xx; throws a classified NetworkError otherwise.
 */
export async function callThreads(
  baseUrl: string,
  call: ThreadsCall,
  accessToken: string,
  timeoutMs: number,
): Promise<unknown> {
  const params = new URLSearchParams({ ...call.params, access_token: accessToken });
  const url = new URL(`${baseUrl}${call.path}`);
  if (call.method === 'GET') url.search = params.toString();
  let status: number;
  let headers: AnswerHeaders;
  let text: string;
  try {
    ({ status, headers, text } = await httpCall(url, {
      method: call.method,
      headers: { accept: 'application/json' },
      body: call.method === 'POST' ? params : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    }));
  } catch (error) {
    throw classifyFetchFailure(error, call, timeoutMs);
  }
  let body: unknown = null;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    body = { error: { message: text.slice(0, 200) } };
  }
  if (status < 200 || status >= 300) throw classifyThreadsResponse(status, headers, body);
  return body;
}
