import {
  POST_MESSAGES,
  SEARCH_MESSAGES,
  type ArticleResult,
  type NewsResult,
  type WebResult,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import type { NewsSearch } from '../../integrations/news.js';
import { SearchError } from '../../integrations/search-http.js';
import type { WebSearch } from '../../integrations/web-search.js';
import { articleKey } from './article-url.js';

export interface SearchServiceDeps {
  news: NewsSearch | undefined;
  web: WebSearch | undefined;
  logger: FastifyBaseLogger;
  /** Counts each outside call, for the admin's statistics. */
  countCall?: (service: 'news' | 'web') => void;
}

export function createSearchService(deps: SearchServiceDeps) {
  /** Runs one outside search; its failure becomes a 502 with the service's safe message. */
  async function run<T>(service: 'news' | 'web', search: () => Promise<T>): Promise<T> {
    deps.countCall?.(service);
    try {
      return await search();
    } catch (error) {
      if (!(error instanceof SearchError)) throw error;
      deps.logger.warn({ service, detail: error.detail }, 'search service failed');
      throw AppError.badGateway(error.message, 'SEARCH_FAILED');
    }
  }

  return {
    async news(keywords: string): Promise<NewsResult[]> {
      if (!keywords) return [];
      const news = deps.news;
      if (!news)
        throw AppError.unavailable(SEARCH_MESSAGES.newsNotConfigured, 'NEWS_NOT_CONFIGURED');
      return run('news', () => news.search(keywords));
    },

    async web(query: string): Promise<WebResult[]> {
      if (!query) return [];
      const web = deps.web;
      if (!web) throw AppError.unavailable(SEARCH_MESSAGES.webNotConfigured, 'WEB_NOT_CONFIGURED');
      return run('web', () => web.search(query));
    },

    /** News and web together (whichever is configured), one result per article. */
    async articles(query: string): Promise<ArticleResult[]> {
      if (!query) return [];
      const { news, web } = deps;
      if (!news && !web) {
        throw AppError.unavailable(SEARCH_MESSAGES.articlesNotConfigured, 'SEARCH_NOT_CONFIGURED');
      }
      const [newsAnswer, webAnswer] = await Promise.allSettled([
        news ? run('news', () => news.search(query)) : Promise.resolve(undefined),
        web ? run('web', () => web.search(query)) : Promise.resolve(undefined),
      ]);
      const found: ArticleResult[] = [];
      if (newsAnswer.status === 'fulfilled' && newsAnswer.value) found.push(...newsAnswer.value);
      if (webAnswer.status === 'fulfilled' && webAnswer.value) {
        found.push(
          ...webAnswer.value.map((item) => ({ ...item, source: null, published_at: null })),
        );
      }
      const isAllFailed = [newsAnswer, webAnswer].every(
        (answer) => answer.status === 'rejected' || answer.value === undefined,
      );
      if (isAllFailed) throw AppError.badGateway(POST_MESSAGES.articlesFailed, 'SEARCH_FAILED');
      const seen = new Set<string>();
      return found.filter((article) => {
        const key = articleKey(article.url);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
