import { isHttpUrl, POST_MESSAGES, SEARCH_RESULTS_LIMIT, type NewsResult } from '@cadence/shared';
import { z } from 'zod';
import { collapseSpace, getJson, SearchError, stableId } from './search-http.js';

export interface NewsConfig {
  mediastackAccessKey: string | undefined;
  mediastackBaseUrl: string;
  timeoutMs?: number;
}

/** News articles for keywords; throws SearchError. */
export interface NewsSearch {
  search(keywords: string): Promise<NewsResult[]>;
}

const Text = z.string().nullish().catch(null);
/** One mediastack article (external-apis.md section 8); author, description, image may be null. */
const ArticleSchema = z.object({
  title: z.string().min(1),
  description: Text,
  url: z.string().refine(isHttpUrl),
  source: Text,
  published_at: Text,
});
const ErrorSchema = z.object({
  error: z.object({ code: z.string().optional(), message: z.string().min(1) }),
});
const DataSchema = z.object({ data: z.array(z.unknown()) });

/** mediastack; undefined without an access key. */
export function createNewsClient(config: NewsConfig): NewsSearch | undefined {
  const accessKey = config.mediastackAccessKey;
  if (!accessKey) return undefined;
  const timeoutMs = config.timeoutMs ?? 8_000;
  const failed = POST_MESSAGES.newsRequestFailed;
  return {
    async search(keywords) {
      const url = new URL(`${config.mediastackBaseUrl}/news`);
      url.search = new URLSearchParams({
        access_key: accessKey,
        keywords,
        languages: 'en',
        limit: String(SEARCH_RESULTS_LIMIT),
      }).toString();
      const answer = await getJson(url, timeoutMs, failed);
      // Errors may come with any status, even 200, so the body decides.
      const error = ErrorSchema.safeParse(answer.body);
      if (error.success) {
        const message = error.data.error.message.split(accessKey).join('***').slice(0, 300);
        throw new SearchError(message, `status ${answer.status}, ${error.data.error.code ?? ''}`);
      }
      const data = DataSchema.safeParse(answer.body);
      if (!answer.ok || !data.success) {
        throw new SearchError(failed, `status ${answer.status}, unexpected answer`);
      }
      return data.data.data
        .flatMap((item) => {
          const article = ArticleSchema.safeParse(item);
          return article.success ? [article.data] : [];
        })
        .slice(0, SEARCH_RESULTS_LIMIT)
        .map((article) => ({
          id: stableId(article.url),
          title: collapseSpace(article.title),
          description: collapseSpace(article.description ?? ''),
          url: article.url,
          source: article.source ?? '',
          published_at: article.published_at ?? null,
        }));
    },
  };
}
