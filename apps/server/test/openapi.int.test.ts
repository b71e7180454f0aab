import { ERROR_CODES } from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, unknown> };
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface JsonSchema {
  properties?: Record<string, { enum?: string[] }>;
}
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

/**
 * Every route Fastify registered, as 'GET /api/x/{id}' (the docs' own pages left out). The
 * tree prints a nested route relative to its parent (`/api/post` then `└── /:id`), four
 * columns deeper per level, so the full path is its ancestors' segments joined.
 */
function registeredRoutes(t: TestApp) {
  const routes: string[] = [];
  const ancestors: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match?.[2] || !match[3]) continue;
    const depth = (match[1] ?? '').length / 4;
    ancestors.length = depth;
    ancestors.push(match[2]);
    const path = ancestors.join('').replace(/:([A-Za-z_]+)/g, '{$1}');
    if (!path.startsWith('/api/') && !path.startsWith('/s/')) continue;
    if (path.startsWith('/api/docs')) continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

/**
 * One walk over the OpenAPI document and the registered routes: every route is documented,
 * and every operation lists the statuses the server answers for its kind of input, each
 * error with the shared error schema and its closed list of codes.
 */
describe('the published API', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json<Doc>();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );

  it('documents exactly the registered routes', () => {
    const routes = registeredRoutes(t);
    expect(routes).toContain('PATCH /api/customer/post/{id}');
    expect(routes).toContain('DELETE /api/schedules/{id}');
    for (const action of ['retry', 'confirm-absent', 'mark-published', 'publish-now']) {
      expect(routes).toContain(`POST /api/publications/{id}/${action}`);
    }
    // Two methods may name one path segment's parameter differently (an invitation by its
    // token, or by its id): the router prints both names, `{token}|{id}`, and the document
    // names the one of its method.
    const documented = operations()
      .map((entry) => entry.route)
      .sort();
    const candidates = (route: string): string[] => {
      const alternatives = /\{\w+\}(?:\|\{\w+\})+/.exec(route);
      if (!alternatives) return [route];
      return alternatives[0]
        .split('|')
        .flatMap((name) => candidates(route.replace(alternatives[0], name)));
    };
    const matching = routes.map(
      (route) => candidates(route).find((candidate) => documented.includes(candidate)) ?? route,
    );
    expect(documented).toEqual(matching.sort());
  });

  it('is an OpenAPI 3 document', () => {
    expect(doc.openapi).toMatch(/^3\./);
  });

  it("documents each route's 4xx statuses with the error schema", () => {
    const missing: string[] = [];
    for (const { route, operation } of operations()) {
      const expected = new Set<number>([500]);
      const parameters = operation.parameters ?? [];
      if (operation.requestBody) [400, 413, 415].forEach((status) => expected.add(status));
      if (operation.requestBody?.content['multipart/form-data']) expected.add(406);
      if (parameters.some((parameter) => parameter.in === 'query')) expected.add(400);
      if (parameters.some((parameter) => parameter.in === 'path')) expected.add(404);
      if (operation.security?.length) expected.add(401);
      for (const status of expected) {
        if (!operation.responses[status]) missing.push(`${route} ${status}`);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const codes = response.content?.['application/json']?.schema?.properties?.code?.enum;
        if (!codes) missing.push(`${route} ${status} without the error schema's code`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists what the fuzzer found undocumented', () => {
    expect(Object.keys(doc.paths['/s/{code}']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['302', '404']),
    );
    expect(doc.paths['/api/shortener']?.post?.responses).toHaveProperty('413');
    expect(doc.paths['/api/customer/post']?.post?.responses).toHaveProperty('406');
    expect(doc.paths['/api/customer/post/{id}']?.patch?.responses).toHaveProperty('406');
  });

  it('lists every error code in the shared error schema', () => {
    expect(doc.components.schemas.ApiError?.properties?.code?.enum).toEqual([...ERROR_CODES]);
  });
});
