import { z } from 'zod/mini';

/** News, web and article search: queries, results and messages. */

export const SEARCH_MESSAGES = {
  startNews: 'Start typing to search news',
  startWeb: 'Start typing to search web',
  startArticles: 'Start typing to search articles',
  noArticles: 'No articles found',
  // Read by customers: no configuration names (the admin's setup hint has those).
  newsNotConfigured:
    'News search is not set up on this server. Ask the person who runs Cadence to enable it.',
  webNotConfigured:
    'Web search is not set up on this server. Ask the person who runs Cadence to enable it.',
  articlesNotConfigured:
    'Article search is not set up on this server. Ask the person who runs Cadence to enable it.',
  found: (count: number) => `${count} result${count === 1 ? '' : 's'} found`,
} as const;

export const ARTICLES_MAX = 5;
export const SEARCH_RESULTS_LIMIT = 10;
export const SEARCH_DEBOUNCE_MS = 500;

const searchText = z.pipe(
  z.optional(z.string().check(z.maxLength(200, 'Search text must be at most 200 characters'))),
  z.transform((value) => value?.trim() ?? ''),
);
/** A blank query is allowed and answers no results without asking anyone. */
export const NewsSearchQuerySchema = z.object({ keywords: searchText });
export const WebSearchQuerySchema = z.object({ query: searchText });
export const ArticleSearchQuerySchema = z.object({ q: searchText });

export const NewsResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  source: z.string(),
  published_at: z.nullable(z.string()),
});
export type NewsResult = z.infer<typeof NewsResultSchema>;

export const WebResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
});
export type WebResult = z.infer<typeof WebResultSchema>;

export const ArticleResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  source: z.nullable(z.string()),
  published_at: z.nullable(z.string()),
});
export type ArticleResult = z.infer<typeof ArticleResultSchema>;
