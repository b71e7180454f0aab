import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { listenOnLoopback } from './listen.js';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * What a fake answers: JSON, raw text (to send broken bodies, pages or redirects with their
 * headers), or nothing at all (a hang).
 */
export type FakeAnswer =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; text: string; contentType?: string; headers?: Record<string, string> }
  | 'hang';

/** A small HTTP server on 127.0.0.1 with a random port, for the search and shortener fakes. */
export async function startFakeHttp(
  handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
) {
  const sockets = new Set<Socket>();
  let port = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const answer = await handle({
        method: request.method ?? 'GET',
        url: new URL(request.url ?? '/', `http://127.0.0.1:${port}`),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (answer === 'hang') return;
      if ('json' in answer) {
        response.writeHead(answer.status, {
          'content-type': 'application/json',
          ...answer.headers,
        });
        response.end(JSON.stringify(answer.json));
        return;
      }
      response.writeHead(answer.status, {
        'content-type': answer.contentType ?? 'text/html',
        ...answer.headers,
      });
      response.end(answer.text);
    })().catch(() => {
      // The client went away mid-request: nothing to answer.
      response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  port = await listenOnLoopback(server);
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A queue of failures the next requests answer with instead of the normal answer. */
export function failureQueue<Kind extends string>() {
  const queue: Kind[] = [];
  return {
    push: (kind: Kind, times = 1) => {
      for (let i = 0; i < times; i++) queue.push(kind);
    },
    next: (): Kind | undefined => queue.shift(),
    clear: () => {
      queue.length = 0;
    },
  };
}
