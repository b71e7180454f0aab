import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type TrustProxy } from './lib/trust-proxy.js';
import type { Logger } from './logger.js';

/** The Fastify instance with zod schemas as its type provider (what every route file gets). */
export function createFastify(options: { logger: Logger; trustProxy: TrustProxy }) {
  return Fastify({
    loggerInstance: options.logger,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
}

export type AppInstance = ReturnType<typeof createFastify>;
