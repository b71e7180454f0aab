import { API_PATHS, ArticleResultSchema, NewsResultSchema, WebResultSchema } from '@cadence/shared';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';

/** News articles (mediastack) for the keywords. */
export async function searchNews(keywords: string, signal?: AbortSignal) {
  const { data } = await apiRequest(
    `${API_PATHS.searchNews}?${new URLSearchParams({ keywords })}`,
    { schema: z.array(NewsResultSchema), signal },
  );
  return data;
}

/** Web pages (Google Programmable Search) for the query. */
export async function searchWeb(query: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`${API_PATHS.searchWeb}?${new URLSearchParams({ query })}`, {
    schema: z.array(WebResultSchema),
    signal,
  });
  return data;
}

/** Articles for the post picker; the server chooses the search service it has configured. */
export async function searchArticles(q: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`${API_PATHS.searchArticles}?${new URLSearchParams({ q })}`, {
    schema: z.array(ArticleResultSchema),
    signal,
  });
  return data;
}
