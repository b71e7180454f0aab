import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ApiErrorSchema } from '@cadence/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { version } from '../version.js';

/** The OpenAPI document, generated from the routes' zod schemas, and its interactive page. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cadence API',
        description:
          'Self-hosted social media scheduler. Successful answers are `{ message, data }`; failures are `{ statusCode, error, message, code }` (the `ApiError` schema): `message` is for people, `code` (one of a closed list) is for programs.',
        version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
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
