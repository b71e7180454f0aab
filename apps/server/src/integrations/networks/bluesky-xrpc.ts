import { fetchErrorCode, isNotSentFailure, unreachableMessage } from './fetch-failure.js';
import { httpCall, type AnswerHeaders } from './http-call.js';
import { z } from 'zod';
import {
  assertPublicDestination,
  BlockedAddressError,
  type FetchGuard,
} from '../public-address.js';
import { NetworkError } from './types.js';

export interface XrpcCall {
  baseUrl: string;
  /** e.g. `com.atproto.repo.createRecord` */
  nsid: string;
  method: 'GET' | 'POST';
  /** Query parameters (a GET's arguments); a list repeats the parameter (`uris=…&uris=…`). */
  query?: Record<string, string | readonly string[]>;
  token?: string;
  json?: unknown;
  bytes?: { data: Buffer; mimeType: string };
  /** The call that creates the post: a lost answer then means "maybe posted", not "retry". */
  isPublish?: boolean;
  timeoutMs: number;
  /** Set when baseUrl came from an answer (the account's PDS), not from the configuration. */
  guard?: FetchGuard;
}

/** The XRPC error body: https://atproto.com/specs/xrpc#error-responses */
const XrpcErrorSchema = z.object({ error: z.string().optional(), message: z.string().optional() });

/** Errors that mean the session (not the content) is at fault. */
const AUTH_ERRORS = new Set([
  'ExpiredToken',
  'InvalidToken',
  'AuthenticationRequired',
  'AuthFactorTokenRequired',
  'AccountTakedown',
  'AccountDeactivated',
]);

function connectionFailure(error: unknown, call: XrpcCall): NetworkError {
  const code = fetchErrorCode(error);
  if (isNotSentFailure(code)) {
    return new NetworkError('bluesky', 'transient', unreachableMessage('Bluesky'), {
      code,
    });
  }
  const isTimeout = error instanceof Error && error.name === 'TimeoutError';
  const what = isTimeout ? 'did not answer in time' : `dropped the connection (${code ?? 'reset'})`;
  if (call.isPublish) {
    return new NetworkError('bluesky', 'unconfirmed', `Bluesky ${what}; the post may exist`, {
      code: code ?? 'TIMEOUT',
    });
  }
  return new NetworkError('bluesky', 'transient', `Bluesky ${what}`, {
    code: code ?? 'TIMEOUT',
    ...(isTimeout && { timedOut: true }),
  });
}

/** Seconds until the limit lifts: Retry-After if sent, else the PDS's RateLimit-Reset (Unix time). */
function retryAfterSeconds(headers: AnswerHeaders): number {
  const retryAfter = Number(headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.ceil(retryAfter);
  const reset = Number(headers.get('ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) {
    return Math.max(1, Math.ceil(reset - Date.now() / 1000));
  }
  return 60;
}

function httpFailure(status: number, headers: AnswerHeaders, body: string): NetworkError {
  let parsed: z.infer<typeof XrpcErrorSchema> = {};
  try {
    parsed = XrpcErrorSchema.catch({}).parse(JSON.parse(body));
  } catch {
    // A proxy's HTML error page: the status alone decides.
  }
  const code = parsed.error;
  const message = parsed.message ?? code ?? `Bluesky answered HTTP ${status}`;
  const details = { status, ...(code ? { code } : {}) };
  if (status === 429) {
    return new NetworkError('bluesky', 'rate-limited', message, {
      ...details,
      retryAfterSeconds: retryAfterSeconds(headers),
    });
  }
  if (status >= 500) return new NetworkError('bluesky', 'transient', message, details);
  if (status === 401 || status === 403 || (code && AUTH_ERRORS.has(code))) {
    return new NetworkError('bluesky', 'auth', message, details);
  }
  return new NetworkError('bluesky', 'invalid', message, details);
}

/** A PDS on a private or local address is refused before anything (the token) is sent. */
async function refusePrivate(url: string, guard: FetchGuard) {
  try {
    await assertPublicDestination(url, guard);
  } catch (error) {
    if (!(error instanceof BlockedAddressError)) throw error;
    throw new NetworkError(
      'bluesky',
      'auth',
      `The account's Bluesky server (${error.host}) is on a private or local address`,
      { code: 'BLOCKED_ADDRESS' },
    );
  }
}

/** One XRPC request over fetch, answered as the parsed body or a classified NetworkError. */
export async function callXrpc<T>(call: XrpcCall, schema: z.ZodType<T>): Promise<T> {
  const headers: Record<string, string> = {};
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: string | Buffer | undefined;
  if (call.bytes) {
    headers['content-type'] = call.bytes.mimeType;
    body = call.bytes.data;
  } else if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    for (const each of typeof value === 'string' ? [value] : value) params.append(name, each);
  }
  const query = call.query ? `?${params.toString()}` : '';
  const url = `${call.baseUrl.replace(/\/+$/, '')}/xrpc/${call.nsid}${query}`;
  if (call.guard) await refusePrivate(url, call.guard);
  let status: number;
  let responseHeaders: AnswerHeaders;
  let text: string;
  try {
    ({
      status,
      headers: responseHeaders,
      text,
    } = await httpCall(url, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(call.timeoutMs),
    }));
  } catch (error) {
    throw connectionFailure(error, call);
  }
  if (status < 200 || status >= 300) throw httpFailure(status, responseHeaders, text);
  let parsed: z.ZodSafeParseResult<T> | undefined;
  try {
    parsed = schema.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  if (parsed?.success) return parsed.data;
  // A 2xx we cannot read: for the post itself that may well mean it exists.
  const kind = call.isPublish ? 'unconfirmed' : 'transient';
  throw new NetworkError('bluesky', kind, `Bluesky sent an unreadable answer to ${call.nsid}`, {
    status,
  });
}
