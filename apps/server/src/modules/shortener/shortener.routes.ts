import {
  ApiErrorSchema,
  API_PATHS,
  envelope,
  POST_MESSAGES,
  SHORT_LINK_PREFIX,
  SHORTENER_MESSAGES,
  ShortenRequestSchema,
  ShortenResultSchema,
} from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import type { RateLimit, RateLimiter } from '../../lib/rate-limiter.js';
import { errorResponses, sendError } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { ShortenerService } from './shortener.service.js';

/** Each shortening may write a row or call TinyURL; a person never needs more. */
export const SHORTEN_RATE_LIMIT: RateLimit = { max: 60, windowSeconds: 60 };

export function registerShortenerRoutes(
  app: AppInstance,
  shortener: ShortenerService,
  limiter: RateLimiter,
) {
  app.post(
    API_PATHS.shorten,
    {
      preHandler: app.authenticate,
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['Shortener'],
        security: [{ bearerAuth: [] }],
        summary: 'Shorten a URL (built-in, or TinyURL when configured)',
        description:
          'When TinyURL fails, the answer is still 200 with `fallback: true` and the original URL as `shortened_url`.',
        body: ShortenRequestSchema,
        response: { 200: envelope(ShortenResultSchema), ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      limiter.hit(`shorten:user:${user.id}`, SHORTEN_RATE_LIMIT);
      const data = await shortener.shorten(user.id, request.body.url);
      return {
        message: data.fallback ? POST_MESSAGES.shortenFailed : SHORTENER_MESSAGES.shortened,
        data,
      };
    },
  );
}

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not found</title></head><body><p>${SHORTENER_MESSAGES.linkNotFound}</p></body></html>`;

/** The public side of built-in short links, at the root (not under /api). */
export function registerShortLinkRedirect(app: AppInstance, shortener: ShortenerService) {
  app.get(
    `${SHORT_LINK_PREFIX}:code`,
    {
      schema: {
        tags: ['Shortener'],
        summary: 'Follow a built-in short link (302 to its URL)',
        params: z.object({ code: z.string().max(64, SHORTENER_MESSAGES.linkNotFound) }),
        response: {
          302: z.string().describe('Empty; `Location` holds the original URL.'),
          // JSON by default; an HTML page for a browser (Accept: text/html).
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const url = await shortener.followLink(request.params.code);
      if (!url) {
        const wantsPage = (request.headers.accept ?? '').includes('text/html');
        if (!wantsPage)
          return sendError(reply, 404, 'SHORT_LINK_NOT_FOUND', SHORTENER_MESSAGES.linkNotFound);
        return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
      }
      // Not cached, so every visit reaches the server and is counted.
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );
}
