/**
 * The one error model of the API. `message` is always safe to show to a person;
 * `code` is stable for programs; `statusCode` is the HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code = 'BAD_REQUEST') {
    return new AppError(400, code, message);
  }

  static unauthorized(message: string, code = 'UNAUTHORIZED') {
    return new AppError(401, code, message);
  }

  static forbidden(message: string, code = 'FORBIDDEN') {
    return new AppError(403, code, message);
  }

  static notFound(message: string, code = 'NOT_FOUND') {
    return new AppError(404, code, message);
  }

  static conflict(message: string, code = 'CONFLICT') {
    return new AppError(409, code, message);
  }

  static tooManyRequests(message: string, retryAfterSeconds: number, code = 'TOO_MANY_REQUESTS') {
    return new AppError(429, code, message, { 'retry-after': String(retryAfterSeconds) });
  }

  static payloadTooLarge(message: string, code = 'PAYLOAD_TOO_LARGE') {
    return new AppError(413, code, message);
  }

  static unprocessable(message: string, code = 'UNPROCESSABLE') {
    return new AppError(422, code, message);
  }

  /** An outside service we depend on failed; nothing the person sent was wrong. */
  static badGateway(message: string, code = 'BAD_GATEWAY') {
    return new AppError(502, code, message);
  }

  static unavailable(message: string, code = 'SERVICE_UNAVAILABLE') {
    return new AppError(503, code, message);
  }
}
