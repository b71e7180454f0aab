import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { redactUrl } from './lib/redact-url.js';

export type Logger = FastifyBaseLogger;

/**
 * The request as the log shows it: Fastify's own fields, with the values of secret-bearing
 * query parameters (an OAuth callback's `code` and `state`, tokens) replaced.
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The process's logger; `destination` (default: standard output) lets tests read the lines. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // Belt and braces: nothing that authenticates a person ever reaches the log.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.new_password',
          '*.otp_code',
        ],
        censor: '[redacted]',
      },
      serializers: { req: requestForLog },
    },
    destination,
  );
}
