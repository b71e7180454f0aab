import type { ErrorCode } from '@cadence/shared';

/** Thrown by the API client for every failed call; `status` is 0 when the server was never reached. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The text the server gave for people to read, or null when it gave none. */
  readonly serverMessage: string | null;
  /** The API's stable error code (packages/shared error-codes), when it sent one. */
  readonly code: string | null;
  /** Seconds from the answer's retry-after header, when it had one. */
  readonly retryAfter: number | null;
  /**
   * True when this failure ended the session (a 401 on a signed-in call): the session handler
   * has already told the person why and sent them to /login, so nobody else says anything.
   */
  readonly endedSession: boolean;
  /** The failure body's `data`, when it carried one (a refused import's rows). */
  readonly data: unknown;

  constructor(
    status: number,
    serverMessage: string | null,
    options?: ErrorOptions & {
      code?: string | null;
      retryAfter?: number | null;
      endedSession?: boolean;
      data?: unknown;
    },
  ) {
    super(serverMessage ?? describeStatus(status), options);
    this.name = 'ApiRequestError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = options?.code ?? null;
    this.retryAfter = options?.retryAfter ?? null;
    this.endedSession = options?.endedSession ?? false;
    this.data = options?.data;
  }
}

function describeStatus(status: number): string {
  return status === 0 ? 'The server could not be reached' : `Request failed with status ${status}`;
}

function readText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/**
 * The readable text of a failure body. The API answers `{ statusCode, error, message }`;
 * `message` is the sentence for people, `error` only the HTTP reason, so it is the second choice.
 */
export function extractErrorMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  return readText(record.message) ?? readText(record.error);
}

/** The `code` of a failure body, or null. */
export function extractErrorCode(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  return readText((body as Record<string, unknown>).code);
}

/** What a toast should say about `error`: the server's own words when it sent any, else `fallback`. */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.serverMessage !== null) return error.serverMessage;
  return fallback;
}

/** Whether someone has already spoken about `error`: the session handler, for a 401 that signed out. */
export function isAlreadyAnnounced(error: unknown): boolean {
  return error instanceof ApiRequestError && error.endedSession;
}

/** Refusals because of the plan: their toast links to the plans. */
const PLAN_LIMIT_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'COMPANY_LIMIT',
  'NETWORK_NOT_ON_PLAN',
  'POST_MONTHLY_LIMIT',
  'AI_NOT_ON_PLAN',
  'PLAN_LIMIT',
]);

type FailureToast =
  { kind: 'none' } | { kind: 'plain'; message: string } | { kind: 'limit'; message: string };

/**
 * The one rule for what a failed call shows: nothing when the session handler has already
 * spoken (a 401 that signed out), the plans link for a plan limit, else the server's words
 * or `fallback`. Every caller that toasts a failure goes through `toastApiError`, built on this.
 */
export function failureToastOf(error: unknown, fallback: string): FailureToast {
  if (isAlreadyAnnounced(error)) return { kind: 'none' };
  const message = getErrorMessage(error, fallback);
  if (error instanceof ApiRequestError && error.code !== null && PLAN_LIMIT_CODES.has(error.code))
    return { kind: 'limit', message };
  return { kind: 'plain', message };
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}
