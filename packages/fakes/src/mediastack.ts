import { articlePath } from './article-site.js';
import { failureQueue, startFakeHttp, type FakeAnswer } from './fake-http.js';

export type FakeMediastackFailure =
  'usage-limit' | 'rate-limited' | 'server-error' | 'error-with-200' | 'invalid-json' | 'hang';

export interface FakeNewsArticle {
  author: string | null;
  title: string;
  description: string | null;
  url: string;
  source: string;
  image: string | null;
  category: string;
  language: string;
  country: string;
  published_at: string;
}

const mediastackError = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  json: { error: { code, message } },
});

/** The error bodies mediastack answers with (external-apis.md section 8.2). */
const FAILURES: Record<Exclude<FakeMediastackFailure, 'hang'>, FakeAnswer> = {
  'usage-limit': mediastackError(
    429,
    'usage_limit_reached',
    'Your monthly usage limit has been reached. Please upgrade your Subscription Plan.',
  ),
  'rate-limited': mediastackError(429, 'rate_limit_reached', 'Your rate limit has been reached.'),
  'server-error': { status: 500, text: '<html><body>Internal Server Error</body></html>' },
  'error-with-200': mediastackError(
    200,
    'function_access_restricted',
    'Your current Subscription Plan does not support this API Function.',
  ),
  'invalid-json': { status: 200, text: '{"data": [', contentType: 'application/json' },
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Twelve plausible articles about `keywords` (more than one page of 10), linking to
 * news.example.com or, given `articleOrigin`, to that article site (startFakeArticleSite).
 */
export function makeNewsArticles(keywords: string, articleOrigin?: string): FakeNewsArticle[] {
  return Array.from({ length: 12 }, (_, i) => ({
    author: i % 3 === 0 ? null : 'Jane Reporter',
    title: `${keywords}: story ${i + 1}`,
    description: i === 1 ? null : `What happened with ${keywords}, part ${i + 1}.`,
    url: articleOrigin
      ? `${articleOrigin}${articlePath('news', keywords, i + 1)}`
      : `https://news.example.com/${slug(keywords)}/${i + 1}`,
    source: 'Example News',
    image: null,
    category: 'technology',
    language: 'en',
    country: 'us',
    published_at: new Date(Date.UTC(2026, 10, 20, 12 - i)).toISOString().replace('Z', '+00:00'),
  }));
}

/**
 * A local stand-in for mediastack's GET /v1/news: checks the access key, honours limit and
 * offset, answers articles made from the keywords (or `articles` when set; their links go to
 * `options.articleOrigin` when given), and can be told
 * to fail like the real service.
 */
export async function startFakeMediastack(
  accessKey = 'test-mediastack-key',
  options: { articleOrigin?: string } = {},
) {
  const calls: Array<{ path: string; query: Record<string, string> }> = [];
  const failures = failureQueue<FakeMediastackFailure>();
  const state: { articles: FakeNewsArticle[] | undefined } = { articles: undefined };

  const http = await startFakeHttp(({ method, url }) => {
    calls.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    const failure = failures.next();
    if (failure === 'hang') return 'hang';
    if (failure) return FAILURES[failure];
    if (method !== 'GET' || url.pathname !== '/v1/news') {
      return mediastackError(404, '404_not_found', 'The requested resource does not exist.');
    }
    const key = url.searchParams.get('access_key');
    if (!key) {
      return mediastackError(
        401,
        'missing_access_key',
        'You have not supplied an API Access Key. [Required format: access_key=YOUR_ACCESS_KEY]',
      );
    }
    if (key !== accessKey) {
      return mediastackError(
        401,
        'invalid_access_key',
        'You have not supplied a valid API Access Key. [Technical Support: support@apilayer.com]',
      );
    }
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return mediastackError(422, 'validation_error', 'Validation error');
    }
    const all =
      state.articles ??
      makeNewsArticles(url.searchParams.get('keywords') ?? 'news', options.articleOrigin);
    const data = all.slice(offset, offset + limit);
    return {
      status: 200,
      json: { pagination: { limit, offset, count: data.length, total: all.length }, data },
    };
  });

  return {
    baseUrl: `${http.origin}/v1`,
    accessKey,
    calls,
    /** Replaces the generated articles (undefined: back to generated ones). */
    setArticles(articles: FakeNewsArticle[] | undefined) {
      state.articles = articles;
    },
    failNext: failures.push,
    reset() {
      calls.length = 0;
      failures.clear();
      state.articles = undefined;
    },
    close: http.close,
  };
}
