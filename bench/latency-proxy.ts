import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through HTTP proxy that holds every request for `latencyMs` before forwarding it to
 * `target`, standing in for the round trip to a real network's API.
 */
export async function startLatencyProxy(target: string, latencyMs: number) {
  const upstream = new URL(target);
  let requests = 0;
  const server = createServer((incoming, outgoing) => {
    requests += 1;
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      setTimeout(() => {
        const forwarded = httpRequest(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: incoming.method,
            path: incoming.url,
            // Host stays as the client sent it: signed requests (X's OAuth 1.0a) cover it.
            headers: incoming.headers,
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        forwarded.on('error', () => {
          outgoing.writeHead(502);
          outgoing.end();
        });
        forwarded.end(Buffer.concat(chunks));
      }, latencyMs);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const basePath = upstream.pathname.replace(/\/+$/, '');
  return {
    /** The proxied base URL, keeping the target's path (e.g. a Graph API version). */
    baseUrl: `http://127.0.0.1:${port}${basePath}`,
    /** Requests forwarded so far (the network calls the publisher made). */
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
