import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

export type Logger = FastifyBaseLogger;

export function createLogger(level: string): Logger {
  return pino({
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
  });
}
