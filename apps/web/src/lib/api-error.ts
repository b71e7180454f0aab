/** Thrown by the API client for every failed call; `status` is 0 when the server was never reached. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The text the server gave for people to read, or null when it gave none. */
  readonly serverMessage: string | null;
  /** The API's stable error code (packages/shared error-codes), when it sent one. */
  readonly code: string | null;
  /** Seconds from the answer's retry-after header, when it had one. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    serverMessage: string | null,
    options?: ErrorOptions & { code?: string | null; retryAfter?: number | null },
  ) {
    super(serverMessage ?? describeStatus(status), options);
    this.name = 'ApiRequestError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = options?.code ?? null;
    this.retryAfter = options?.retryAfter ?? null;
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

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}
