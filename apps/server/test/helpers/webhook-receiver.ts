import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local endpoint for webhook tests: records every request; each path answers the status
 * set for it (200 by default), and `/redirect` answers 302 to `/after-redirect`.
 */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const statusOf = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      if (path === '/redirect') {
        response.writeHead(302, { location: '/after-redirect' }).end();
        return;
      }
      response.writeHead(statusOf.get(path) ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((hook) => hook.path === path),
    answer(path: string, status: number) {
      statusOf.set(path, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * Verifies a delivery the Standard Webhooks way, written here apart from the server's code:
 * the signed content is `<webhook-id>.<webhook-timestamp>.<body>`, the key is the base64
 * after `whsec_`, and the header holds space-separated `v1,<base64 HMAC-SHA256>` entries, any
 * of which may match. Answers which of the given secrets signed it.
 */
export function verifiedWith(secrets: string[], hook: ReceivedHook): boolean[] {
  const id = String(hook.headers['webhook-id'] ?? '');
  const timestamp = String(hook.headers['webhook-timestamp'] ?? '');
  const header = String(hook.headers['webhook-signature'] ?? '');
  if (!id || !/^\d+$/.test(timestamp) || !header) return secrets.map(() => false);
  const offered = header
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3), 'base64'));
  return secrets.map((secret) => {
    if (!secret.startsWith('whsec_')) return false;
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${hook.body}`).digest();
    return offered.some(
      (signature) => signature.length === expected.length && timingSafeEqual(signature, expected),
    );
  });
}
