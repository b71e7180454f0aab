import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import {
  BlockedAddressError,
  hostOf,
  isPrivateAddress,
  isAllowedDestination,
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

/**
 * One GET through the guard: the literal address checked here, a resolved one by the pinned
 * lookup. Answers the response as it starts, its body not yet read.
 */
function openOnce(
  url: URL,
  config: Required<WebFetchConfig>,
  signal: AbortSignal,
  accept: string,
): Promise<http.IncomingMessage> {
  const host = hostOf(url);
  const isAllowed = isAllowedDestination(url, config.allowHosts);
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
          accept,
          'accept-encoding': 'identity',
        },
      },
      resolve,
    );
    request.on('error', (error) =>
      reject(error instanceof BlockedAddressError ? blocked(error.host) : error),
    );
    request.end();
  });
}

async function requestOnce(
  url: URL,
  config: Required<WebFetchConfig>,
  signal: AbortSignal,
): Promise<RawResponse> {
  const response = await openOnce(
    url,
    config,
    signal,
    'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
  );
  return new Promise((resolve, reject) => {
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
  });
}

/**
 * Follows redirects (each one checked again) until a 2xx answer; `once` makes each request
 * and answers its status, headers and whatever it read.
 */
async function followRedirects<T extends { status: number; headers: http.IncomingHttpHeaders }>(
  rawUrl: string,
  config: Required<WebFetchConfig>,
  signal: AbortSignal,
  once: (url: URL) => Promise<T>,
  discard: (response: T) => void,
): Promise<{ url: URL; response: T }> {
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
    let response: T;
    try {
      response = await once(url);
    } catch (error) {
      if (error instanceof WebFetchError) throw error;
      const reason = signal.aborted ? 'timed out' : ((error as Error).message ?? 'failed');
      throw new WebFetchError('unreachable', `${url.host}: ${reason}`);
    }
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location) {
      discard(response);
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
      discard(response);
      throw new WebFetchError('bad-status', `${url.host} answered ${response.status}`);
    }
    return { url, response };
  }
}

function withDefaults(options: WebFetchConfig): Required<WebFetchConfig> {
  return {
    timeoutMs: 5_000,
    maxBytes: 2 * 1024 * 1024,
    maxRedirects: 3,
    ...options,
    allowHosts: options.allowHosts.map((host) => host.toLowerCase()),
  };
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
  const config = withDefaults(options);
  const signal = AbortSignal.timeout(config.timeoutMs);
  const { url, response } = await followRedirects(
    rawUrl,
    config,
    signal,
    (next) => requestOnce(next, config, signal),
    () => undefined,
  );
  return {
    url: url.toString(),
    status: response.status,
    contentType: String(response.headers['content-type'] ?? ''),
    body: response.body.toString('utf8'),
    isTruncated: response.isTruncated,
  };
}

export interface OpenedFile {
  url: string;
  /** The length the server declared, if it did (a promise only: count the bytes too). */
  declaredBytes: number | undefined;
  /** The body, read as it is consumed; the time limit still applies while it is read. */
  body: Readable;
}

/**
 * Opens a public file for the server to stream (the public API's media from a URL), with
 * the same guard as `fetchPublicPage`: the caller reads the body, counting its size. The
 * time limit covers the whole download: past it the body fails.
 */
export async function openPublicFile(rawUrl: string, options: WebFetchConfig): Promise<OpenedFile> {
  const config = withDefaults(options);
  const signal = AbortSignal.timeout(config.timeoutMs);
  const { url, response } = await followRedirects(
    rawUrl,
    config,
    signal,
    async (next) => {
      const opened = await openOnce(next, config, signal, '*/*');
      return { status: opened.statusCode ?? 0, headers: opened.headers, body: opened };
    },
    (skipped) => skipped.body.resume(),
  );
  const length = Number(response.headers['content-length']);
  return {
    url: url.toString(),
    declaredBytes: Number.isSafeInteger(length) && length >= 0 ? length : undefined,
    body: response.body,
  };
}
