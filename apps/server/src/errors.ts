import type { ErrorCode } from '@cadence/shared';

export type { ErrorCode } from '@cadence/shared';

/**
 * The one error model of the API. `message` is always safe to show to a person;
 * `code` is stable for programs (one of `ERROR_CODES` in packages/shared);
 * `statusCode` is the HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code: ErrorCode) {
    return new AppError(400, code, message);
  }

  static unauthorized(message: string, code: ErrorCode) {
    return new AppError(401, code, message);
  }

  static forbidden(message: string, code: ErrorCode) {
    return new AppError(403, code, message);
  }

  static notFound(message: string, code: ErrorCode) {
    return new AppError(404, code, message);
  }

  static conflict(message: string, code: ErrorCode) {
    return new AppError(409, code, message);
  }

  static tooManyRequests(
    message: string,
    retryAfterSeconds: number,
    code: ErrorCode = 'RATE_LIMITED',
  ) {
    return new AppError(429, code, message, { 'retry-after': String(retryAfterSeconds) });
  }

  static payloadTooLarge(message: string, code: ErrorCode) {
    return new AppError(413, code, message);
  }

  static unprocessable(message: string, code: ErrorCode) {
    return new AppError(422, code, message);
  }

  /** An outside service we depend on failed; nothing the person sent was wrong. */
  static badGateway(message: string, code: ErrorCode) {
    return new AppError(502, code, message);
  }

  static unavailable(message: string, code: ErrorCode) {
    return new AppError(503, code, message);
  }
}
