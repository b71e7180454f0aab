import { createHmac, randomBytes } from 'node:crypto';
import type { TwitterKeyCredentials } from './types.js';

/**
 * RFC 3986 percent-encoding, as OAuth 1.0a requires. `encodeURIComponent` leaves `! * ' ( )`
 * alone, and X rejects a signature built with them unencoded.
 * https://docs.x.com/fundamentals/authentication/oauth-1-0a/percent-encoding-parameters
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!*'()]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The signature base string: method, the URL without query (port only when non-default, which
 * `URL.host` already does) and every parameter sorted by encoded key, then value. JSON and
 * multipart bodies are never part of it, so callers pass the oauth_* and query parameters only.
 */
export function signatureBaseString(
  method: string,
  url: URL,
  parameters: ReadonlyArray<readonly [string, string]>,
): string {
  const baseUrl = `${url.protocol}//${url.host.toLowerCase()}${url.pathname}`;
  const parameterString = parameters
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([keyA, valueA], [keyB, valueB]) =>
      keyA === keyB ? compare(valueA, valueB) : compare(keyA, keyB),
    )
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return [method.toUpperCase(), percentEncode(baseUrl), percentEncode(parameterString)].join('&');
}

// Byte order, not locale order: the spec sorts encoded ASCII strings lexicographically.
function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

export function hmacSha1Signature(
  baseString: string,
  consumerSecret: string,
  tokenSecret = '',
): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac('sha1', key).update(baseString).digest('base64');
}

/**
 * The `Authorization` header for one request, signed for exactly the URL that will be called
 * (a fake on http://127.0.0.1:port checks against its own address, as X checks against its own).
 */
export function oauthAuthorizationHeader(
  method: string,
  url: URL,
  credentials: TwitterKeyCredentials,
  now: Date = new Date(),
): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: credentials.apiKey,
    oauth_nonce: randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(now.getTime() / 1000)),
    oauth_token: credentials.accessToken,
    oauth_version: '1.0',
  };
  const parameters = [...Object.entries(oauth), ...url.searchParams.entries()];
  const signature = hmacSha1Signature(
    signatureBaseString(method, url, parameters),
    credentials.apiSecret,
    credentials.accessTokenSecret,
  );
  const fields = Object.entries({ ...oauth, oauth_signature: signature })
    .sort(([a], [b]) => compare(a, b))
    .map(([key, value]) => `${percentEncode(key)}="${percentEncode(value)}"`);
  return `OAuth ${fields.join(', ')}`;
}
