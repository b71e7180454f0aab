import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ApiErrorSchema } from '@cadence/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { version } from '../version.js';

/**
 * The statuses every route of a kind answers whatever its handler does, so every route
 * documents them: a body can be malformed (400), too large (413), of another type (415);
 * a multipart part can declare JSON and not be JSON (406); a query can fail its schema
 * (400); a path id can name nothing (404); a signed-in route can lack a valid token (401);
 * anything can break (500).
 */
function frameworkStatuses(schema: {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  security?: unknown[];
  consumes?: string[];
}): number[] {
  const statuses = [500];
  if (schema.body) statuses.push(400, 413, 415);
  if (schema.consumes?.includes('multipart/form-data')) statuses.push(400, 406, 413, 415);
  if (schema.querystring) statuses.push(400);
  if (schema.params) statuses.push(404);
  if (schema.security?.length) statuses.push(401);
  return statuses;
}

/** The OpenAPI document, generated from the routes' zod schemas, and its interactive page. */
export async function registerOpenApi(app: FastifyInstance) {
  // Before any route is added: each documented route gets the framework's statuses too.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as
      | (Parameters<typeof frameworkStatuses>[0] & { response?: Record<string, unknown> })
      | undefined;
    if (!schema || (schema as { hide?: boolean }).hide) return;
    const response = { ...schema.response };
    for (const status of frameworkStatuses(schema)) response[status] ??= ApiErrorSchema;
    schema.response = response;
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cadence API',
        description:
          'Self-hosted social media scheduler. Successful answers are `{ message, data }`; failures are `{ statusCode, error, message, code }` (the `ApiError` schema): `message` is for people, `code` (one of a closed list) is for programs.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The public API (/api/v1): an API key from Settings > Developer Info.
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'cad_<prefix>_<secret>' },
        },
        // Every error response of every route has this shape; `code` lists every error code.
        schemas: { ApiError: z.toJSONSchema(ApiErrorSchema, { target: 'openapi-3.0' }) as object },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No call to the public validator badge: the instance may have no internet.
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    // Swagger UI sets a few styles inline; scripts stay locked to its own files. No
    // upgrade-insecure-requests: instances on plain HTTP must keep working.
    transformStaticCSP: () =>
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'",
  });
}
