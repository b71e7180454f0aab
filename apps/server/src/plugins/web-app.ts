import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { HTTP_MESSAGES } from '@cadence/shared';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';
import { createRoutePages } from './route-preloads.js';

/**
 * Serves the built single-page app. Unknown `/api/*` paths answer JSON 404; any other GET
 * that wants HTML gets index.html so deep links such as /posts load the app.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | undefined,
  options: { demo?: boolean } = {},
) {
  const hasBuild = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  const routePages = hasBuild ? createRoutePages(webDistDir, options) : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The web build writes .br and .gz beside every text asset: send those as they are
      // instead of compressing the same bytes again on every request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so those never change.
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The same URL answers brotli, gzip or plain bytes: caches must key on the encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (!wantsPage)
      return sendError(
        reply,
        404,
        'NOT_FOUND',
        HTTP_MESSAGES.routeNotFound(request.method, pathname),
      );
    // A missing file (a stale /assets/x.js, /favicon.png) is a 404, not the app's page.
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (lastSegment.includes('.'))
      return sendError(reply, 404, 'NOT_FOUND', HTTP_MESSAGES.notFound);
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app has not been built. Run `npm start` (or `npm run build`) from the project folder.',
        );
    }
    // A screen's path gets index.html naming its chunks too (route-preloads.ts).
    const page = routePages?.pageFor(pathname, request.headers['accept-encoding']);
    if (page) {
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('etag', page.etag);
      const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim());
      if (known?.includes(page.etag)) return reply.code(304).send();
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply.type('text/html; charset=utf-8').send(page.body);
    }
    return reply
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  });
}
