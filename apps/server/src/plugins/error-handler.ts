import { STATUS_CODES } from 'node:http';
import {
  ApiErrorSchema,
  AUTH_MESSAGES,
  ErrorCodeSchema,
  HTTP_MESSAGES,
  type ErrorCode,
} from '@cadence/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { missingAccountOf } from '../db/missing-account.js';
import { AppError } from '../errors.js';

/** Error answers for a route's OpenAPI schema: each status shares the one error shape. */
export function errorResponses(...statusCodes: number[]) {
  return Object.fromEntries(statusCodes.map((code) => [code, ApiErrorSchema]));
}

/** Sends the one error body, `{ statusCode, error, message, code }`, and logs its code. */
export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
) {
  if (statusCode < 500) reply.log.info({ statusCode, code }, 'request refused');
  return reply
    .code(statusCode)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code });
}

/** Fastify's (and its plugins') own 4xx errors, reworded for people. */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: HTTP_MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'INVALID_JSON',
    message: 'The request body is empty. Send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: HTTP_MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: HTTP_MESSAGES.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The request body does not match its Content-Length.',
  },
  // A multipart part that declares JSON but is not JSON (answered 406 by @fastify/multipart).
  FST_INVALID_JSON_FIELD_ERROR: { code: 'INVALID_JSON' },
};

/** The code of any other 4xx the framework answers, by status. */
function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 406:
      return 'NOT_ACCEPTABLE';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
}

interface ValidationIssue {
  message: string;
  keyword: string;
  instancePath: string;
  /** The zod issue's other fields; a check's own `params` (see `issueCode`) among them. */
  params?: { params?: { code?: unknown } };
}

/** The code a schema check named (`issueCode`), else VALIDATION_FAILED. */
function validationCode(namedCodes: unknown[]): ErrorCode {
  for (const named of namedCodes) {
    const parsed = ErrorCodeSchema.safeParse(named);
    if (parsed.success) return parsed.data;
  }
  return 'VALIDATION_FAILED';
}

function validationMessage(issues: ValidationIssue[]) {
  const messages = issues.map((issue) => {
    // The whole body has the wrong type (an array, a string, nothing at all).
    if (issue.instancePath === '/' && issue.keyword === 'invalid_type') {
      return 'The request body must be a JSON object.';
    }
    return issue.message;
  });
  return [...new Set(messages)].join('. ');
}

/**
 * The 400 a failed schema check answers, from zod's own issues: for a door that checks its
 * input with the routes' schemas itself (the MCP tools), so it answers what the route would.
 */
export function invalidInput(
  issues: ReadonlyArray<{ message: string; params?: { code?: unknown } }>,
): AppError {
  const message = [...new Set(issues.map((issue) => issue.message))].join('. ');
  return AppError.badRequest(message, validationCode(issues.map((issue) => issue.params?.code)));
}

export interface ErrorHandlerOptions {
  /** Told when a signed-in request's own account turned out to be gone (forget its session). */
  onAccountGone?: (userId: string) => void;
}

export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.statusCode, error.code, error.message, error.headers);
    }
    // A write for an account deleted meanwhile (another process, within its cache's
    // seconds): the session is over, not a server fault.
    const goneAccount = missingAccountOf(error);
    if (
      goneAccount !== undefined &&
      (goneAccount === request.currentActor?.id || goneAccount === request.currentUser?.id)
    ) {
      options.onAccountGone?.(goneAccount);
      return sendError(reply, 401, 'SESSION_EXPIRED', AUTH_MESSAGES.sessionExpired);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as unknown as ValidationIssue[];
      const message = validationMessage(issues);
      // A malformed id in the path names nothing that exists: that is a 404, not a 400.
      return error.validationContext === 'params'
        ? sendError(reply, 404, 'NOT_FOUND', message)
        : sendError(
            reply,
            400,
            validationCode(issues.map((issue) => issue.params?.params?.code)),
            message,
          );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FRAMEWORK_ERRORS[error.code];
      const code = known?.code ?? codeOfStatus(status);
      return sendError(reply, status, code, known?.message ?? error.message);
    }
    request.log.error({ err: error, reqId: request.id, code: 'INTERNAL_ERROR' }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL_ERROR', HTTP_MESSAGES.internal);
  });
}
