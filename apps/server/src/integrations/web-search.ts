import { isHttpUrl, POST_MESSAGES, SEARCH_RESULTS_LIMIT, type WebResult } from '@cadence/shared';
import { z } from 'zod';
import { collapseSpace, getJson, SearchError, stableId } from './search-http.js';

export interface WebSearchConfig {
  googleCseKey: string | undefined;
  googleCseCx: string | undefined;
  googleCseBaseUrl: string;
  timeoutMs?: number;
}

/** Web pages for a query; throws SearchError. */
export interface WebSearch {
  search(query: string): Promise<WebResult[]>;
}

/** One Custom Search item (external-apis.md section 9); pagemap and metatags are free-form. */
const ItemSchema = z.object({
  title: z.string().min(1),
  link: z.string().refine(isHttpUrl),
  snippet: z.string().nullish().catch(null),
  pagemap: z
    .object({ metatags: z.array(z.record(z.string(), z.unknown())).optional() })
    .nullish()
    .catch(null),
});
/** `items` is absent, not empty, when nothing matched. */
const AnswerSchema = z.object({ items: z.array(z.unknown()).optional() });
const ErrorSchema = z.object({
  error: z.object({ code: z.number().optional(), status: z.string().optional() }),
});

/** Google Custom Search JSON API; undefined without both the key and the engine id. */
export function createWebSearchClient(config: WebSearchConfig): WebSearch | undefined {
  const { googleCseKey: key, googleCseCx: cx } = config;
  if (!key || !cx) return undefined;
  const timeoutMs = config.timeoutMs ?? 8_000;
  const failed = POST_MESSAGES.articlesFailed;
  return {
    async search(query) {
      const url = new URL(config.googleCseBaseUrl);
      url.search = new URLSearchParams({
        key,
        cx,
        q: query,
        num: String(SEARCH_RESULTS_LIMIT),
      }).toString();
      const answer = await getJson(url, timeoutMs, failed);
      const parsed = AnswerSchema.safeParse(answer.body);
      if (!answer.ok || !parsed.success) {
        const error = ErrorSchema.safeParse(answer.body);
        const reason = error.success ? (error.data.error.status ?? '') : 'unexpected answer';
        throw new SearchError(failed, `status ${answer.status}, ${reason}`);
      }
      return (parsed.data.items ?? [])
        .flatMap((raw) => {
          const item = ItemSchema.safeParse(raw);
          return item.success ? [item.data] : [];
        })
        .slice(0, SEARCH_RESULTS_LIMIT)
        .map((item) => {
          const social = item.pagemap?.metatags?.[0]?.['og:description'];
          const description = typeof social === 'string' && social.trim() ? social : item.snippet;
          return {
            id: stableId(item.link),
            title: collapseSpace(item.title),
            description: collapseSpace(description ?? ''),
            url: item.link,
          };
        });
    },
  };
}
