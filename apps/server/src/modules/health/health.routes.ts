import { API_PATHS, ApiErrorSchema, envelope, HealthSchema } from '@cadence/shared';
import { extend } from 'zod/mini';
import type { AppInstance } from '../../app-instance.js';
import type { Database } from '../../db/client.js';
import { version } from '../../version.js';

const PING_TIMEOUT_MS = 2_000;

export function registerHealthRoutes(
  app: AppInstance,
  database: Database,
  instance: { simulatedNetworks: boolean } = { simulatedNetworks: false },
) {
  app.get(
    API_PATHS.health,
    {
      schema: {
        tags: ['System'],
        summary: 'Database reachability and version',
        response: {
          200: envelope(HealthSchema),
          503: extend(ApiErrorSchema, { data: HealthSchema }),
        },
      },
    },
    async (_request, reply) => {
      const isUp = await pingWithin(database, PING_TIMEOUT_MS);
      if (isUp)
        return {
          message: 'OK',
          data: {
            status: 'ok' as const,
            database: 'up' as const,
            version,
            demo: instance.simulatedNetworks,
          },
        };
      return reply.code(503).send({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database is unreachable.',
        code: 'DATABASE_UNAVAILABLE' as const,
        data: { status: 'degraded' as const, database: 'down' as const, version },
      });
    },
  );
}

async function pingWithin(database: Database, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
