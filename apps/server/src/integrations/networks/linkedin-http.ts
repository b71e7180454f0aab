import { fetchErrorCode, isNotSentFailure, unreachableMessage } from './fetch-failure.js';
import { httpCall, type AnswerHeaders } from './http-call.js';
import { z } from 'zod';
import {
  assertPublicDestination,
  BlockedAddressError,
  type FetchGuard,
} from '../public-address.js';
import { NetworkError } from './types.js';

export interface LinkedInRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  accessToken: string;
  /** Set for versioned `/rest` calls, which need `LinkedIn-Version` and Rest.li 2.0 headers. */
  apiVersion?: string;
  /** Rest.li's method header for a finder (`FINDER`: a `q=` search such as posts by author). */
  restliMethod?: 'FINDER';
  json?: unknown;
  /** A body of bytes: a Blob backed by a file is streamed. */
  bytes?: { data: Buffer | Blob; mimeType: string };
  /** The call that creates the post: a lost answer then means "maybe posted", not "retry". */
  isPublish?: boolean;
  timeoutMs: number;
  /** Set when the url came from an answer (the image upload address), not the configuration. */
  guard?: FetchGuard;
}

export interface LinkedInResponse {
  status: number;
  headers: AnswerHeaders;
  body: string;
}

/** LinkedIn's error body, e.g. `{status, serviceErrorCode, code, message}`, plus input errors on 422. */
const ErrorSchema = z
  .object({
    status: z.number().optional(),
    serviceErrorCode: z.number().optional(),
    code: z.string().optional(),
    message: z.string().optional(),
    errorDetails: z
      .object({
        inputErrors: z
          .array(z.object({ code: z.string().optional(), description: z.string().optional() }))
          .optional(),
      })
      .optional(),
  })
  .catch({});

function connectionFailure(error: unknown, request: LinkedInRequest): NetworkError {
  const code = fetchErrorCode(error);
  if (isNotSentFailure(code)) {
    return new NetworkError('linkedIn', 'transient', unreachableMessage('LinkedIn'), {
      code,
    });
  }
  const isTimeout = error instanceof Error && error.name === 'TimeoutError';
  const what = isTimeout ? 'did not answer in time' : `dropped the connection (${code ?? 'reset'})`;
  const details = { code: code ?? 'TIMEOUT', ...(isTimeout && { timedOut: true }) };
  if (request.isPublish) {
    return new NetworkError(
      'linkedIn',
      'unconfirmed',
      `LinkedIn ${what}; the post may exist`,
      details,
    );
  }
  return new NetworkError('linkedIn', 'transient', `LinkedIn ${what}`, details);
}

/**
 * LinkedIn sends no documented rate-limit headers; its quotas are per day and reset at
 * midnight UTC (https://learn.microsoft.com/linkedin/shared/api-guide/concepts/rate-limits).
 */
function retryAfterSeconds(headers: AnswerHeaders, message: string): number {
  const retryAfter = Number(headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.ceil(retryAfter);
  if (!/\bDAY\b/i.test(message)) return 60;
  const midnight = new Date();
  midnight.setUTCHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((midnight.getTime() - Date.now()) / 1000));
}

function httpFailure(response: LinkedInResponse): NetworkError {
  let parsed: z.infer<typeof ErrorSchema> = {};
  try {
    parsed = ErrorSchema.parse(JSON.parse(response.body));
  } catch {
    // Not JSON (a gateway page): the status alone decides.
  }
  const { status, headers } = response;
  const input = parsed.errorDetails?.inputErrors?.[0];
  const code = input?.code ?? parsed.code ?? parsed.serviceErrorCode?.toString();
  const message =
    input?.description ?? parsed.message ?? `LinkedIn answered HTTP ${response.status}`;
  const details = { status, ...(code ? { code } : {}) };
  if (status === 429) {
    const retry = retryAfterSeconds(headers, message);
    return new NetworkError('linkedIn', 'rate-limited', message, {
      ...details,
      retryAfterSeconds: retry,
    });
  }
  if (status === 401 || status === 403)
    return new NetworkError('linkedIn', 'auth', message, details);
  // 426: the configured LinkedIn-Version was retired; an operator must move it forward.
  if (status >= 500 || status === 426) {
    return new NetworkError('linkedIn', 'transient', message, details);
  }
  return new NetworkError('linkedIn', 'invalid', message, details);
}

/** An address from an answer on a private or local host is refused before the token goes. */
async function refusePrivate(url: string, guard: FetchGuard) {
  try {
    await assertPublicDestination(url, guard);
  } catch (error) {
    if (!(error instanceof BlockedAddressError)) throw error;
    throw new NetworkError(
      'linkedIn',
      'transient',
      `LinkedIn named an upload address on a private or local host (${error.host})`,
      { code: 'BLOCKED_ADDRESS' },
    );
  }
}

/** One LinkedIn call over fetch; any non-2xx answer becomes a classified NetworkError. */
export async function callLinkedIn(request: LinkedInRequest): Promise<LinkedInResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${request.accessToken}` };
  if (request.apiVersion) {
    headers['linkedin-version'] = request.apiVersion;
    headers['x-restli-protocol-version'] = '2.0.0';
  }
  if (request.restliMethod) headers['x-restli-method'] = request.restliMethod;
  let body: string | Buffer | Blob | undefined;
  if (request.bytes) {
    headers['content-type'] = request.bytes.mimeType;
    body = request.bytes.data;
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  if (request.guard) await refusePrivate(request.url, request.guard);
  let response: LinkedInResponse;
  try {
    const answer = await httpCall(request.url, {
      method: request.method,
      headers,
      body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    response = { status: answer.status, headers: answer.headers, body: answer.text };
  } catch (error) {
    throw connectionFailure(error, request);
  }
  if (response.status < 200 || response.status >= 300) throw httpFailure(response);
  return response;
}

/** Parses a 2xx JSON body; an unreadable one is LinkedIn's fault, so worth a retry. */
export function readJson<T>(response: LinkedInResponse, schema: z.ZodType<T>, what: string): T {
  try {
    const parsed = schema.safeParse(JSON.parse(response.body));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the error below.
  }
  throw new NetworkError('linkedIn', 'transient', `LinkedIn sent an unreadable ${what}`, {
    status: response.status,
  });
}
