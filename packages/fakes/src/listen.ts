import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a stand-in on 127.0.0.1 with a random port, as a network's front door would be:
 * a deep accept queue (the kernel caps it at `net.core.somaxconn`), so that a burst of new
 * connections waits while the event loop is busy instead of having its SYNs dropped (the
 * client would retry them after 1, 3, 7 s... and its call would time out on the harness, not
 * on the code under test), and idle connections kept for a minute, so that clients reuse them
 * rather than open new ones.
 */
export async function listenOnLoopback(server: Server): Promise<number> {
  server.keepAliveTimeout = 60_000;
  // Must outlast keepAliveTimeout, or Node closes a kept connection mid-request.
  server.headersTimeout = 65_000;
  await new Promise<void>((resolve) =>
    server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve),
  );
  return (server.address() as AddressInfo).port;
}
