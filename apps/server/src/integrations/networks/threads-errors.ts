import { z } from 'zod';
import type { AnswerHeaders } from './http-call.js';
import { NetworkError } from './types.js';

/** Meta's error object (API reference 2.5 and 6.3). */
const MetaErrorSchema = z
  .object({
    error: z.object({
      message: z.string().optional(),
      type: z.string().optional(),
      code: z.number().optional(),
      error_subcode: z.number().optional(),
      error_user_msg: z.string().optional(),
      is_transient: z.boolean().optional(),
    }),
  })
  .catch({ error: {} });

const BusinessUsageSchema = z.record(
  z.string(),
  z.array(z.object({ estimated_time_to_regain_access: z.number().optional() })),
);

// 190 invalid/expired token, 102 session, 10 and 200-299 missing permission: reconnect.
const isAuthCode = (code: number) =>
  code === 190 || code === 102 || code === 10 || (code >= 200 && code <= 299);
// 4 app, 17 user, 32 page-level, 613 generic throttling.
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
// "Reached the daily publishing limit" on Instagram's sibling API; assumed the same here [U].
const PUBLISHING_LIMIT_SUBCODE = 2207042;
// Media not ready (9007 / 2207027) or the container gone (24 / 2207006): a later attempt
// creates a fresh container, so these are worth retrying.
const RETRYABLE_CODES = new Set([1, 2, 9007, 24]);
// Meta's platform limits roll over an hour; without a hint, an hour is the safe wait.
const DEFAULT_RETRY_SECONDS = 60 * 60;

/** `Retry-After` if sent, else the Business Use Case header's regain estimate (minutes). */
export function threadsRetryAfterSeconds(headers: AnswerHeaders): number {
  const retryAfter = Number(headers.get('retry-after'));
  if (headers.get('retry-after') && Number.isFinite(retryAfter))
    return Math.max(1, Math.ceil(retryAfter));
  const usage = headers.get('x-business-use-case-usage');
  if (usage) {
    try {
      const parsed = BusinessUsageSchema.safeParse(JSON.parse(usage));
      const minutes = parsed.success
        ? Math.max(
            0,
            ...Object.values(parsed.data)
              .flat()
              .map((entry) => entry.estimated_time_to_regain_access ?? 0),
          )
        : 0;
      if (minutes > 0) return minutes * 60;
    } catch {
      // An unreadable header is no hint; fall through to the default.
    }
  }
  return DEFAULT_RETRY_SECONDS;
}

/** Branches on Meta's `error.code` / `error_subcode`, as the HTTP status says little. */
export function classifyThreadsResponse(
  status: number,
  headers: AnswerHeaders,
  body: unknown,
): NetworkError {
  const { error } = MetaErrorSchema.parse(body);
  const message = error.error_user_msg ?? error.message ?? `Threads answered ${status}`;
  const code = error.code;
  const details = {
    status,
    code:
      code === undefined
        ? undefined
        : [code, error.error_subcode].filter((part) => part !== undefined).join('/'),
  };
  if (code === undefined ? status === 401 || status === 403 : isAuthCode(code)) {
    return new NetworkError('threads', 'auth', message, details);
  }
  if (
    status === 429 ||
    (code !== undefined && RATE_LIMIT_CODES.has(code)) ||
    error.error_subcode === PUBLISHING_LIMIT_SUBCODE
  ) {
    return new NetworkError('threads', 'rate-limited', message, {
      ...details,
      retryAfterSeconds: threadsRetryAfterSeconds(headers),
    });
  }
  if (
    status >= 500 ||
    error.is_transient === true ||
    (code !== undefined && RETRYABLE_CODES.has(code))
  ) {
    return new NetworkError('threads', 'transient', message, details);
  }
  return new NetworkError('threads', 'invalid', message, details);
}
