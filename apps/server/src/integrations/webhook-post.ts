import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  BlockedAddressError,
  hostOf,
  isAllowedDestination,
  isPrivateAddress,
  publicOnlyLookup,
  type FetchGuard,
} from './public-address.js';

/** What one POST to a webhook endpoint came to. */
export interface WebhookPostResult {
  /** The HTTP status, or null when nothing came back. */
  statusCode: number | null;
  /** Why it failed without an answer (refused address, timeout, connection error). */
  error: string | null;
  durationMs: number;
}

/** Read at most this much of an endpoint's answer (then the socket is dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs a webhook delivery: to public addresses only (the address the connection uses is the
 * one checked, unless the host is in FETCH_ALLOW_HOSTS), a time limit for the whole
 * exchange, and no redirect followed (a 3xx is an answer like any other, not a success).
 * Never throws: every way it can end is a result.
 */
export async function postWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  guard: FetchGuard;
  timeoutMs: number;
  now?: () => number;
}): Promise<WebhookPostResult> {
  const now = input.now ?? (() => performance.now());
  const started = now();
  const took = () => Math.max(0, Math.round(now() - started));
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return { statusCode: null, error: 'not a web address', durationMs: 0 };
  }
  const host = hostOf(url);
  const allowed = isAllowedDestination(url, input.guard.allowHosts);
  // A literal IP skips the DNS lookup, so it is checked here.
  if (isIP(host) !== 0 && !allowed && isPrivateAddress(host)) {
    return { statusCode: null, error: new BlockedAddressError(host).message, durationMs: 0 };
  }
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(input.timeoutMs);
  return new Promise<WebhookPostResult>((resolve) => {
    let done = false;
    const finish = (result: Omit<WebhookPostResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      resolve({ ...result, durationMs: took() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        signal,
        agent: false,
        lookup: publicOnlyLookup({ allowHosts: allowed ? [host] : [] }),
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(input.body)),
          'user-agent': 'Cadence-Webhooks/1.0',
        },
      },
      (response) => {
        let size = 0;
        const statusCode = response.statusCode ?? null;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            response.destroy();
            finish({ statusCode, error: null });
          }
        });
        response.on('end', () => finish({ statusCode, error: null }));
        response.on('error', () => finish({ statusCode, error: null }));
      },
    );
    request.on('error', (error) => {
      const message = signal.aborted
        ? `no answer within ${Math.round(input.timeoutMs / 1000)} s`
        : error instanceof BlockedAddressError
          ? error.message
          : error.message || 'connection failed';
      finish({ statusCode: null, error: message });
    });
    request.end(input.body);
  });
}
