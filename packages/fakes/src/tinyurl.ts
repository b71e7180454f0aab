import { failureQueue, startFakeHttp, type FakeAnswer } from './fake-http.js';

export type FakeTinyUrlFailure =
  'server-error' | 'rate-limited' | 'invalid-json' | 'missing-tiny-url' | 'hang';

/** TinyURL's error body (external-apis.md section 10). */
const tinyError = (status: number, code: number, message: string): FakeAnswer => ({
  status,
  json: { data: [], code, errors: [message] },
});

/**
 * A local stand-in for TinyURL's POST /create: checks the bearer token (or ?api_token=) and
 * the body, answers the documented success shape, and can be told to fail.
 */
export async function startFakeTinyUrl(apiToken = 'test-tinyurl-token') {
  const calls: Array<{ authorization: string | undefined; body: unknown }> = [];
  const failures = failureQueue<FakeTinyUrlFailure>();
  let nextAlias = 1_000_000;

  const http = await startFakeHttp(({ method, url, headers, body }) => {
    let json: unknown;
    try {
      json = JSON.parse(body || 'null');
    } catch {
      json = body;
    }
    calls.push({ authorization: headers.authorization, body: json });
    const failure = failures.next();
    if (failure === 'hang') return 'hang';
    if (failure === 'server-error') return { status: 500, text: '<html>Server Error</html>' };
    if (failure === 'rate-limited') return tinyError(429, 429, 'Too Many Attempts.');
    if (failure === 'invalid-json')
      return { status: 200, text: '{"data": {"tiny_url": ', contentType: 'application/json' };
    if (method !== 'POST' || url.pathname !== '/create') return tinyError(404, 404, 'Not found');
    const token =
      headers.authorization?.replace(/^Bearer\s+/i, '') ?? url.searchParams.get('api_token');
    if (token !== apiToken) return tinyError(401, 401, 'Unauthorized');
    const request = json as { url?: unknown; domain?: unknown } | null;
    const target = typeof request?.url === 'string' ? request.url : '';
    if (!URL.canParse(target) || !/^https?:$/.test(new URL(target).protocol)) {
      return tinyError(422, 5, 'The url field must be a valid URL.');
    }
    if (request?.domain !== undefined && request.domain !== 'tinyurl.com') {
      return tinyError(422, 5, 'Domain is not available.');
    }
    const alias = (nextAlias++).toString(36);
    const data = {
      domain: 'tinyurl.com',
      alias,
      deleted: false,
      archived: false,
      tags: [],
      analytics: { enabled: true, public: false },
      tiny_url: `https://tinyurl.com/${alias}`,
      created_at: new Date().toISOString(),
      expires_at: null,
      url: target,
    };
    if (failure === 'missing-tiny-url') {
      const { tiny_url: _omitted, ...rest } = data;
      return { status: 200, json: { data: rest, code: 0, errors: [] } };
    }
    return { status: 200, json: { data, code: 0, errors: [] } };
  });

  return {
    baseUrl: http.origin,
    apiToken,
    calls,
    failNext: failures.push,
    close: http.close,
  };
}
