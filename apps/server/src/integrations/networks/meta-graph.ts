import { z } from 'zod';
import type { AnswerHeaders } from './http-call.js';
import { NetworkError, type NetworkFailureKind } from './types.js';

/** The networks that speak Graph error objects through this module. */
export type MetaNetwork = 'facebook' | 'instagram';

/** Graph's error object; its meaning lives in `code` / `error_subcode`, not the HTTP status. */
export const MetaGraphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    error_user_msg: z.string().optional(),
    is_transient: z.boolean().optional(),
    fbtrace_id: z.string().optional(),
  }),
});
export type MetaGraphError = z.infer<typeof MetaGraphErrorSchema>['error'];

// Codes and subcodes from external-apis.md sections 2.5 and 4.3.
const AUTH_CODES = new Set([102, 190, 10]);
const RATE_CODES = new Set([4, 17, 32, 613]);
const APP_RATE_CODE = 4;
const RATE_SUBCODES = new Set([2207042, 1390008]);
const TRANSIENT_CODES = new Set([1, 2, 9007]);
const TRANSIENT_SUBCODES = new Set([2207003, 2207020, 2207027, 2207032, 2207053]);
/** Instagram's 24-hour publishing cap: retrying within the minute would only fail again. */
const DAILY_LIMIT_SUBCODE = 2207042;
const DEFAULT_RETRY_SECONDS = 60;

function kindOf(error: MetaGraphError, status: number): NetworkFailureKind {
  const code = error.code ?? 0;
  const subcode = error.error_subcode ?? 0;
  const message = error.message ?? '';
  if (RATE_CODES.has(code) || RATE_SUBCODES.has(subcode)) return 'rate-limited';
  // 80000-80099 are the Business Use Case throttles (80001 Pages, 80002 Instagram, ...).
  if (code >= 80000 && code < 80100) return 'rate-limited';
  if (AUTH_CODES.has(code) || (code >= 200 && code < 300)) return 'auth';
  // A wrong app secret shows up as an invalid appsecret_proof parameter (code 100), and an id
  // the token cannot see as 100/33: either way the connection needs fixing, not the post.
  if (/appsecret_proof|REVOKED_ACCESS_TOKEN/i.test(message)) return 'auth';
  if (code === 100 && subcode === 33) return 'auth';
  if (TRANSIENT_CODES.has(code) || TRANSIENT_SUBCODES.has(subcode)) return 'transient';
  if (error.is_transient === true || status >= 500) return 'transient';
  // Everything else (100 invalid parameter, 506 duplicate, 368 policy block, ...) is the content.
  return 'invalid';
}

function kindOfStatus(status: number): NetworkFailureKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'transient';
  return 'invalid';
}

const BucUsageSchema = z.record(
  z.string(),
  z.array(z.object({ estimated_time_to_regain_access: z.number().optional() })),
);

/** Seconds to wait: Retry-After if sent, else the Business Use Case header's estimate (minutes). */
export function retryAfterSeconds(headers: AnswerHeaders): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }
  const usage = headers.get('x-business-use-case-usage');
  if (!usage) return undefined;
  try {
    const parsed = BucUsageSchema.safeParse(JSON.parse(usage));
    if (!parsed.success) return undefined;
    const minutes = Object.values(parsed.data)
      .flat()
      .map((entry) => entry.estimated_time_to_regain_access ?? 0);
    const longest = Math.max(0, ...minutes);
    return longest > 0 ? longest * 60 : undefined;
  } catch {
    return undefined;
  }
}

/** Removes secrets a Graph message may echo back (e.g. "Malformed access token EAAG..."). */
export function redact(message: string, secrets: ReadonlyArray<string | undefined>): string {
  return secrets.reduce<string>(
    (text, secret) => (secret && secret.length >= 4 ? text.split(secret).join('[redacted]') : text),
    message,
  );
}

/** Turns a failed Graph answer into the NetworkError the publisher acts on. */
export function classifyMetaError(
  network: MetaNetwork,
  response: { status: number; headers: AnswerHeaders; body: unknown },
  secrets: ReadonlyArray<string | undefined> = [],
): NetworkError {
  const { status, headers } = response;
  const parsed = MetaGraphErrorSchema.safeParse(response.body);
  const error = parsed.success ? parsed.data.error : undefined;
  const kind = error ? kindOf(error, status) : kindOfStatus(status);
  const words = error?.error_user_msg || error?.message || `Graph API answered HTTP ${status}`;
  const code = error?.code
    ? [error.code, error.error_subcode].filter((part) => part !== undefined).join('/')
    : undefined;
  const details: NetworkError['details'] = { status };
  if (code) details.code = code;
  if (kind === 'rate-limited') {
    // Code 4 is the app's own call limit: every account of the network waits, not just this one.
    if (error?.code === APP_RATE_CODE) details.appLimited = true;
    details.retryAfterSeconds =
      retryAfterSeconds(headers) ??
      (error?.error_subcode === DAILY_LIMIT_SUBCODE ? 3600 : DEFAULT_RETRY_SECONDS);
  }
  return new NetworkError(network, kind, redact(words, secrets), details);
}
