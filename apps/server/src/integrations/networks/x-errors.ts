import { z } from 'zod';
import type { AnswerHeaders } from './http-call.js';
import { NetworkError } from './types.js';

/** X v2 problem details, plus the v1.1 `errors` array some endpoints still answer with. */
const XProblemSchema = z
  .object({
    title: z.string().optional(),
    detail: z.string().optional(),
    type: z.string().optional(),
    errors: z
      .array(
        z.object({
          message: z.string().optional(),
          detail: z.string().optional(),
          code: z.union([z.number(), z.string()]).optional(),
        }),
      )
      .optional(),
  })
  .catch({});

// Without a usable header, the 15-minute window is the next moment worth trying.
const DEFAULT_RETRY_SECONDS = 15 * 60;

// 403s that mean the token or app cannot post at all, so the account needs reconnecting.
const AUTH_LIKE_FORBIDDEN =
  /oauth1 app permissions|unsupported authentication|not permitted to perform|client-forbidden|suspended/i;

function secondsUntil(epochSeconds: string | null, nowMs: number): number | undefined {
  const epoch = Number(epochSeconds);
  if (!epochSeconds || !Number.isFinite(epoch)) return undefined;
  return Math.max(1, Math.ceil(epoch - nowMs / 1000));
}

/**
 * How long to wait: `Retry-After` when present, else the reset of whichever limit is spent
 * (the per-user daily posting cap first, as it outlasts the 15-minute window).
 * https://docs.x.com/x-api/fundamentals/rate-limits
 */
export function xRetryAfterSeconds(headers: AnswerHeaders, nowMs = Date.now()): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(1, Math.ceil((date - nowMs) / 1000));
  }
  for (const scope of ['x-user-limit-24hour', 'x-app-limit-24hour']) {
    if (headers.get(`${scope}-remaining`) === '0') {
      const seconds = secondsUntil(headers.get(`${scope}-reset`), nowMs);
      if (seconds !== undefined) return seconds;
    }
  }
  return secondsUntil(headers.get('x-rate-limit-reset'), nowMs) ?? DEFAULT_RETRY_SECONDS;
}

/** X's own words for a failed answer: the first error message, else the problem detail. */
export function xProblemMessage(body: unknown, status: number): string {
  const problem = XProblemSchema.parse(body);
  const first = problem.errors?.[0];
  return (
    first?.message ?? first?.detail ?? problem.detail ?? problem.title ?? `X answered ${status}`
  );
}

export function classifyXResponse(
  status: number,
  headers: AnswerHeaders,
  body: unknown,
): NetworkError {
  const problem = XProblemSchema.parse(body);
  const message = xProblemMessage(body, status);
  const details = { status, code: problem.type ?? problem.title };
  const isUsageCapped = /usage-capped|UsageCapExceeded/i.test(
    `${problem.type ?? ''} ${problem.title ?? ''}`,
  );
  if (status === 429 || isUsageCapped) {
    return new NetworkError('twitter', 'rate-limited', message, {
      ...details,
      retryAfterSeconds: xRetryAfterSeconds(headers),
      // The app's monthly post cap is shared by every account connected through it.
      ...(isUsageCapped ? { appLimited: true } : {}),
    });
  }
  if (status === 401) return new NetworkError('twitter', 'auth', message, details);
  if (status === 403) {
    if (/duplicate/i.test(message)) {
      return new NetworkError('twitter', 'invalid', message, { status, code: 'duplicate' });
    }
    const kind = AUTH_LIKE_FORBIDDEN.test(message) ? 'auth' : 'invalid';
    return new NetworkError('twitter', kind, message, details);
  }
  if (status >= 500) return new NetworkError('twitter', 'transient', message, details);
  // 400/422 validation, 404, and 402 (pay-per-use credits spent): the content or the account
  // plan has to change before this could succeed, so retrying is pointless.
  return new NetworkError('twitter', 'invalid', message, details);
}
