import type { FormData } from 'undici';
import { fetchErrorCode, isNotSentFailure, unreachableMessage } from './fetch-failure.js';
import { httpCall, type HttpAnswer } from './http-call.js';
import { classifyXResponse } from './x-errors.js';
import { oauthAuthorizationHeader } from './x-oauth.js';
import { NetworkError, type TwitterCredentials } from './types.js';

export interface XCall {
  method: 'GET' | 'POST';
  url: URL;
  json?: unknown;
  form?: FormData;
  /** The call that creates the post: a lost answer there may mean the post exists. */
  isPublish?: boolean;
}

function classifyFetchFailure(error: unknown, call: XCall, timeoutMs: number): NetworkError {
  const isTimeout =
    error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const code = fetchErrorCode(error);
  if (!isTimeout && isNotSentFailure(code)) {
    return new NetworkError('twitter', 'transient', unreachableMessage('X'), { code });
  }
  const what = isTimeout
    ? `no answer within ${timeoutMs} ms`
    : `connection lost (${code ?? 'network error'})`;
  if (!call.isPublish) {
    return new NetworkError('twitter', 'transient', `X: ${what}`, {
      code,
      ...(isTimeout && { timedOut: true }),
    });
  }
  return new NetworkError(
    'twitter',
    'unconfirmed',
    `X: ${what} after the post was sent; it may have been published`,
    { code },
  );
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { detail: text.slice(0, 200) };
  }
}

/**
 * One call to X: with an OAuth 2.0 bearer token (one-click connect), or OAuth 1.0a-signed. Only the oauth_* and query parameters are signed: JSON and
 * multipart bodies are not part of the signature (section 1.1 of the API reference).
 * Answers the parsed JSON of a 2xx; throws a classified NetworkError otherwise.
 */
export async function callX(
  call: XCall,
  credentials: TwitterCredentials,
  timeoutMs: number,
): Promise<unknown> {
  const headers: Record<string, string> = {
    authorization:
      'oauth2AccessToken' in credentials
        ? `Bearer ${credentials.oauth2AccessToken}`
        : oauthAuthorizationHeader(call.method, call.url, credentials),
    accept: 'application/json',
  };
  let body: string | FormData | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    body = call.form;
  }
  let answer: HttpAnswer;
  try {
    answer = await httpCall(call.url, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw classifyFetchFailure(error, call, timeoutMs);
  }
  const parsed = parseBody(answer.text);
  if (answer.status < 200 || answer.status >= 300) {
    throw classifyXResponse(answer.status, answer.headers, parsed);
  }
  return parsed;
}
