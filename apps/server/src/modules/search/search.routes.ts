import {
  API_PATHS,
  ArticleResultSchema,
  ArticleSearchQuerySchema,
  envelope,
  NewsResultSchema,
  NewsSearchQuerySchema,
  SEARCH_MESSAGES,
  WebResultSchema,
  WebSearchQuerySchema,
} from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import type { RateLimit, RateLimiter } from '../../lib/rate-limiter.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { SearchService } from './search.service.js';

/** The article picker searches as a person types (debounced): generous, but bounded. */
export const SEARCH_RATE_LIMIT: RateLimit = { max: 60, windowSeconds: 60 };

const tags = ['Search'];
const security = [{ bearerAuth: [] }];

export function registerSearchRoutes(
  app: AppInstance,
  search: SearchService,
  limiter: RateLimiter,
) {
  const searchUser = (request: FastifyRequest) => {
    const user = requireUser(request);
    limiter.hit(`search:user:${user.id}`, SEARCH_RATE_LIMIT);
    return user;
  };
  const found = <T>(data: T[]) => ({ message: SEARCH_MESSAGES.found(data.length), data });
  const failures = errorResponses(400, 401, 429, 502, 503);

  app.get(
    API_PATHS.searchNews,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Search news articles (mediastack); a blank query answers no results',
        querystring: NewsSearchQuerySchema,
        response: { 200: envelope(z.array(NewsResultSchema)), ...failures },
      },
    },
    async (request) => {
      searchUser(request);
      return found(await search.news(request.query.keywords));
    },
  );

  app.get(
    API_PATHS.searchWeb,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Search the web (Google Custom Search); a blank query answers no results',
        querystring: WebSearchQuerySchema,
        response: { 200: envelope(z.array(WebResultSchema)), ...failures },
      },
    },
    async (request) => {
      searchUser(request);
      return found(await search.web(request.query.query));
    },
  );

  app.get(
    API_PATHS.searchArticles,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Search articles for the post picker: news and web combined, without duplicates',
        querystring: ArticleSearchQuerySchema,
        response: { 200: envelope(z.array(ArticleResultSchema)), ...failures },
      },
    },
    async (request) => {
      searchUser(request);
      return found(await search.articles(request.query.q));
    },
  );
}
