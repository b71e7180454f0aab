import { STATUS_CODES } from 'node:http';
import { ApiErrorSchema, HTTP_MESSAGES } from '@cadence/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

/** Error answers for a route's OpenAPI schema: each status shares the one error shape. */
export function errorResponses(...statusCodes: number[]) {
  return Object.fromEntries(statusCodes.map((code) => [code, ApiErrorSchema]));
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  headers: Record<string, string> = {},
) {
  return reply
    .code(statusCode)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message });
}

/** Fastify's own 4xx errors, reworded for people. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

interface ValidationIssue {
  message: string;
  keyword: string;
  instancePath: string;
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

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.statusCode, error.message, error.headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = validationMessage(error.validation as unknown as ValidationIssue[]);
      // A malformed id in the path names nothing that exists: that is a 404, not a 400.
      return sendError(reply, error.validationContext === 'params' ? 404 : 400, message);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return sendError(reply, status, message);
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return sendError(reply, 500, HTTP_MESSAGES.internal);
  });
}
