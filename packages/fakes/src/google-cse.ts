import { articlePath } from './article-site.js';
import { failureQueue, startFakeHttp, type FakeAnswer } from './fake-http.js';

export type FakeGoogleCseFailure = 'quota' | 'server-error' | 'invalid-json' | 'hang';

export interface FakeCseItem {
  kind: 'customsearch#result';
  title: string;
  link: string;
  displayLink: string;
  snippet: string;
  pagemap?: { metatags?: Array<Record<string, string>> };
}

/** The Google API error envelope (external-apis.md section 9). */
const googleError = (code: number, status: string, message: string, reason: string) => ({
  status: code,
  json: { error: { code, message, errors: [{ message, domain: 'global', reason }], status } },
});

const FAILURES: Record<Exclude<FakeGoogleCseFailure, 'hang'>, FakeAnswer> = {
  quota: googleError(
    429,
    'RESOURCE_EXHAUSTED',
    "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'customsearch.googleapis.com' for consumer 'project_number:123'.",
    'rateLimitExceeded',
  ),
  'server-error': googleError(500, 'INTERNAL', 'Backend Error', 'backendError'),
  'invalid-json': { status: 200, text: '<html>not json</html>', contentType: 'text/html' },
};

/**
 * Ten results for `query`: even ones carry an og:description, odd ones only a snippet. They
 * link to web.example.org or, given `articleOrigin`, to that article site (startFakeArticleSite).
 */
export function makeCseItems(query: string, count = 10, articleOrigin?: string): FakeCseItem[] {
  return Array.from({ length: count }, (_, i) => {
    const link = articleOrigin
      ? `${articleOrigin}${articlePath('web', query, i + 1)}`
      : `https://web.example.org/${encodeURIComponent(query)}/${i + 1}`;
    return {
      kind: 'customsearch#result',
      title: `${query} – page ${i + 1}`,
      link,
      displayLink: new URL(link).host,
      snippet: `Snippet about ${query} number ${i + 1}.`,
      ...(i % 2 === 0
        ? {
            pagemap: {
              metatags: [{ 'og:description': `Social description of ${query} ${i + 1}.` }],
            },
          }
        : {}),
    };
  });
}

/**
 * A local stand-in for the Custom Search JSON API (GET /customsearch/v1): checks key and
 * engine id, honours num (1-10), leaves `items` out when nothing matches (the query
 * 'nothing', or `setItems([])`), and can be told to fail.
 */
export async function startFakeGoogleCse(
  key = 'test-cse-key',
  cx = 'test-cse-engine',
  options: { articleOrigin?: string } = {},
) {
  const calls: Array<{ path: string; query: Record<string, string> }> = [];
  const failures = failureQueue<FakeGoogleCseFailure>();
  const state: { items: FakeCseItem[] | undefined } = { items: undefined };

  const http = await startFakeHttp(({ method, url }) => {
    calls.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    const failure = failures.next();
    if (failure === 'hang') return 'hang';
    if (failure) return FAILURES[failure];
    if (method !== 'GET' || url.pathname !== '/customsearch/v1') {
      return googleError(404, 'NOT_FOUND', 'Not Found', 'notFound');
    }
    const params = url.searchParams;
    if (params.get('key') !== key) {
      return googleError(
        400,
        'INVALID_ARGUMENT',
        'API key not valid. Please pass a valid API key.',
        'badRequest',
      );
    }
    const num = Number(params.get('num') ?? 10);
    if (params.get('cx') !== cx || !Number.isInteger(num) || num < 1 || num > 10) {
      return googleError(
        400,
        'INVALID_ARGUMENT',
        'Request contains an invalid argument.',
        'invalid',
      );
    }
    const query = params.get('q') ?? '';
    const items = (
      state.items ?? (query === 'nothing' ? [] : makeCseItems(query, 10, options.articleOrigin))
    ).slice(0, num);
    const total = String(items.length);
    return {
      status: 200,
      json: {
        kind: 'customsearch#search',
        queries: { request: [{ totalResults: total, searchTerms: query, count: num, cx }] },
        searchInformation: { searchTime: 0.12, totalResults: total },
        ...(items.length > 0 ? { items } : {}),
      },
    };
  });

  return {
    baseUrl: `${http.origin}/customsearch/v1`,
    key,
    cx,
    calls,
    setItems(items: FakeCseItem[] | undefined) {
      state.items = items;
    },
    failNext: failures.push,
    reset() {
      calls.length = 0;
      failures.clear();
      state.items = undefined;
    },
    close: http.close,
  };
}
