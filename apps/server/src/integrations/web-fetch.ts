import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  BlockedAddressError,
  hostOf,
  isPrivateAddress,
  publicOnlyLookup,
} from './public-address.js';

export interface WebFetchConfig {
  /**
   * Hosts exempt from the private-address guard (FETCH_ALLOW_HOSTS): `host` for any port,
   * `host:port` (`[::1]:8080` for IPv6) for that port only.
   */
  allowHosts: string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  body: string;
  isTruncated: boolean;
}

export class WebFetchError extends Error {
  constructor(
    readonly reason: 'blocked' | 'unreachable' | 'bad-status' | 'bad-url' | 'too-many-redirects',
    message: string,
  ) {
    super(message);
    this.name = 'WebFetchError';
  }
}

function blocked(host: string) {
  return new WebFetchError('blocked', `${host} resolves to a private or local address`);
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  isTruncated: boolean;
}

function requestOnce(
  url: URL,
  config: Required<WebFetchConfig>,
  signal: AbortSignal,
): Promise<RawResponse> {
  const host = hostOf(url);
  // An entry names a host (any port) or a host:port (that port only).
  const isAllowed =
    config.allowHosts.includes(host.toLowerCase()) ||
    config.allowHosts.includes(url.host.toLowerCase());
  // A literal IP skips the DNS lookup, so it is checked here.
  if (isIP(host) !== 0 && !isAllowed && isPrivateAddress(host)) {
    return Promise.reject(blocked(host));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        signal,
        // No pooled sockets: each fetch connects afresh, through the guarded lookup.
        agent: false,
        lookup: publicOnlyLookup({ allowHosts: isAllowed ? [host] : [] }),
        headers: {
          'user-agent': 'CadenceBot/1.0 (+company description)',
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          'accept-encoding': 'identity',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let isTruncated = false;
        response.on('data', (chunk: Buffer) => {
          if (isTruncated) return;
          size += chunk.length;
          if (size > config.maxBytes) {
            chunks.push(chunk.subarray(0, chunk.length - (size - config.maxBytes)));
            isTruncated = true;
            response.destroy();
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
              isTruncated,
            });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            isTruncated,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (error) =>
      reject(error instanceof BlockedAddressError ? blocked(error.host) : error),
    );
    request.end();
  });
}

/**
 * Fetches a public web page for the server (AI Assist, article summaries): http(s) only,
 * public addresses only (each redirect checked again), a time limit for the whole
 * exchange, and a size cap beyond which the page is cut.
 */
export async function fetchPublicPage(
  rawUrl: string,
  options: WebFetchConfig,
): Promise<FetchedPage> {
  const config: Required<WebFetchConfig> = {
    timeoutMs: 5_000,
    maxBytes: 2 * 1024 * 1024,
    maxRedirects: 3,
    ...options,
    allowHosts: options.allowHosts.map((host) => host.toLowerCase()),
  };
  const signal = AbortSignal.timeout(config.timeoutMs);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new WebFetchError('bad-url', `${rawUrl} is not a web address`);
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new WebFetchError('bad-url', `${url.protocol} addresses cannot be fetched`);
    }
    let response: RawResponse;
    try {
      response = await requestOnce(url, config, signal);
    } catch (error) {
      if (error instanceof WebFetchError) throw error;
      const reason = signal.aborted ? 'timed out' : ((error as Error).message ?? 'failed');
      throw new WebFetchError('unreachable', `${url.host}: ${reason}`);
    }
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location) {
      if (redirects >= config.maxRedirects) {
        throw new WebFetchError(
          'too-many-redirects',
          `${url.host} redirected more than ${config.maxRedirects} times`,
        );
      }
      url = new URL(location, url);
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      throw new WebFetchError('bad-status', `${url.host} answered ${response.status}`);
    }
    return {
      url: url.toString(),
      status: response.status,
      contentType: String(response.headers['content-type'] ?? ''),
      body: response.body.toString('utf8'),
      isTruncated: response.isTruncated,
    };
  }
}
