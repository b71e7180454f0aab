import { Agent, createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { listenOnLoopback } from './listen.js';

/**
 * What the chaos proxy can do to a request instead of passing it through:
 * - `server-error`: answers 500 itself (the network never sees the request);
 * - `rate-limited`: answers 429 with a small Retry-After itself;
 * - `timeout-before`: holds the request and never forwards it (the network never sees it);
 * - `timeout-after`: forwards it, lets the network answer, and never delivers that answer
 *   (the network has acted on it: for a publishing call, the post exists);
 * - `reset`: drops the connection before forwarding.
 */
export const CHAOS_FAILURES = [
  'server-error',
  'rate-limited',
  'timeout-before',
  'timeout-after',
  'reset',
] as const;
export type ChaosFailure = (typeof CHAOS_FAILURES)[number];

export interface ChaosOptions {
  /**
   * The round trip: a fixed time, one drawn uniformly from [min, max] per request, or asked
   * of a function per request (a test that slows a network down once it is connected).
   */
  latencyMs?: number | readonly [min: number, max: number] | (() => number);
  /** The probability that a request meets one failure (0 by default: latency only). */
  failureRate?: number;
  /** The failures to draw from, uniformly (all five by default). */
  failures?: readonly ChaosFailure[];
  /** The Retry-After of a `rate-limited` answer, drawn from [min, max] seconds. */
  retryAfterSeconds?: readonly [min: number, max: number];
  /**
   * How long a timeout holds the request before the proxy destroys the socket. By default it
   * holds it until the client gives up (its own timeout), as a network that stopped
   * answering does; tests set a short hold so they need not wait for the adapters' timeouts.
   */
  holdMs?: number;
  /** Seeds the draws: the same seed gives the same sequence of latencies and failures. */
  seed?: number;
  /** Requests for which this answers false are never failed (still delayed). */
  mayFail?: (request: { method: string; path: string }) => boolean;
}

/** A small seeded generator (mulberry32): uniform in [0, 1), the same sequence per seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A path without its query and with its ids as `:id`: any segment holding a digit, a colon or
 * an escape, but a version (`2`, `v21.0`).
 */
export function routeOf(path: string) {
  const isVersion = (segment: string) => /^v?[0-9]{1,2}(\.[0-9]+)?$/.test(segment);
  return (path.split('?')[0] ?? '/')
    .split('/')
    .map((segment) => (/[0-9:%]/.test(segment) && !isVersion(segment) ? ':id' : segment))
    .join('/');
}

/**
 * A pass-through HTTP proxy in front of one network fake that stands for the internet in
 * between: every request waits half its drawn round trip before it is forwarded and the other
 * half before the answer is delivered, and, with probability `failureRate`, meets one of the
 * failures above. The draws come from one seeded sequence, taken in the order requests arrive.
 */
export async function startChaosProxy(target: string, options: ChaosOptions = {}) {
  const upstream = new URL(target);
  const random = seededRandom(options.seed ?? 1);
  const latencyOption = options.latencyMs;
  const [minMs, maxMs] =
    typeof latencyOption === 'number'
      ? [latencyOption, latencyOption]
      : typeof latencyOption === 'function'
        ? [0, 0]
        : (latencyOption ?? [0, 0]);
  const [minRetry, maxRetry] = options.retryAfterSeconds ?? [1, 3];
  const kinds = options.failures ?? CHAOS_FAILURES;
  let failureRate = options.failureRate ?? 0;
  const between = (min: number, max: number) => min + random() * (max - min);
  const counts = {
    requests: 0,
    forwarded: 0,
    /** Requests received and not yet answered, and the most there have been at once. */
    inFlight: 0,
    peakInFlight: 0,
    failures: Object.fromEntries(CHAOS_FAILURES.map((kind) => [kind, 0])) as Record<
      ChaosFailure,
      number
    >,
  };
  /** Requests by method and path, ids left out (`POST /2/tweets`, `GET /v21.0/:id`). */
  const byRoute = new Map<string, number>();
  const sockets = new Set<Socket>();
  const held = new Set<Socket>();
  // Its own connections to the stand-in, kept while idle (Node's global agent drops them after
  // 5 s), so that forwarding reuses them instead of opening one per burst.
  const upstreamAgent = new Agent({ keepAlive: true, maxFreeSockets: 1024, timeout: 60_000 });

  /** Holds a request's connection, then drops it (or keeps it until the client does). */
  const hold = (socket: Socket) => {
    held.add(socket);
    socket.once('close', () => held.delete(socket));
    if (options.holdMs !== undefined) setTimeout(() => socket.destroy(), options.holdMs);
  };

  const server = createServer((incoming, outgoing) => {
    counts.requests += 1;
    counts.inFlight += 1;
    counts.peakInFlight = Math.max(counts.peakInFlight, counts.inFlight);
    outgoing.once('close', () => (counts.inFlight -= 1));
    // Draw in arrival order, before any waiting, so the sequence depends on the seed only.
    const latency = typeof latencyOption === 'function' ? latencyOption() : between(minMs, maxMs);
    const path = incoming.url ?? '/';
    const route = `${incoming.method ?? 'GET'} ${routeOf(path)}`;
    byRoute.set(route, (byRoute.get(route) ?? 0) + 1);
    const mayFail = options.mayFail?.({ method: incoming.method ?? 'GET', path }) ?? true;
    const isFailing = mayFail && random() < failureRate;
    const failure = isFailing ? kinds[Math.floor(random() * kinds.length)] : undefined;
    const retryAfter = Math.round(between(minRetry, maxRetry));
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      await sleep(latency / 2);
      if (failure) counts.failures[failure] += 1;
      if (failure === 'reset') return incoming.socket.destroy();
      if (failure === 'timeout-before') return hold(incoming.socket);
      if (failure === 'server-error' || failure === 'rate-limited') {
        await sleep(latency / 2);
        const isServerError = failure === 'server-error';
        outgoing.writeHead(isServerError ? 500 : 429, {
          'content-type': 'application/json',
          ...(isServerError ? {} : { 'retry-after': String(retryAfter) }),
        });
        outgoing.end(
          JSON.stringify({
            error: isServerError ? 'Internal Server Error' : 'Too Many Requests',
            message: isServerError ? 'The proxy failed this request' : 'Rate limit exceeded',
          }),
        );
        return;
      }
      counts.forwarded += 1;
      const answer = await forward(incoming, Buffer.concat(chunks)).catch(() => undefined);
      if (failure === 'timeout-after') return hold(incoming.socket);
      await sleep(latency / 2);
      if (!answer) {
        outgoing.writeHead(502, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify({ error: 'Bad Gateway' }));
        return;
      }
      const headers = { ...answer.message.headers };
      delete headers['transfer-encoding'];
      outgoing.writeHead(answer.message.statusCode ?? 502, headers);
      outgoing.end(answer.body);
    })().catch(() => {
      // The client went away mid-request: nothing to answer.
      outgoing.destroy();
    });
  });

  /** The upstream's whole answer (read before deciding whether to deliver it). */
  function forward(incoming: IncomingMessage, body: Buffer) {
    return new Promise<{ message: IncomingMessage; body: Buffer }>((resolve, reject) => {
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          // Host stays as the client sent it: signed requests (X's OAuth 1.0a) cover it.
          headers: incoming.headers,
          agent: upstreamAgent,
        },
        (message) => {
          const parts: Buffer[] = [];
          message.on('data', (part: Buffer) => parts.push(part));
          message.on('end', () => resolve({ message, body: Buffer.concat(parts) }));
          message.on('error', reject);
        },
      );
      forwarded.on('error', reject);
      forwarded.end(body);
    });
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenOnLoopback(server);
  const basePath = upstream.pathname.replace(/\/+$/, '');
  return {
    /** The proxied base URL, keeping the target's path (e.g. a Graph API version). */
    baseUrl: `http://127.0.0.1:${port}${basePath}`,
    origin: `http://127.0.0.1:${port}`,
    /** Requests received so far (the network calls the client made). */
    requests: () => counts.requests,
    /** Requests passed on to the network (what it received). */
    forwarded: () => counts.forwarded,
    /** Failures injected so far, by kind. */
    failures: () => ({ ...counts.failures }),
    /** Requests received so far by method and path, with the ids in paths left out. */
    routes: () => new Map(byRoute),
    /** The most requests this proxy held at once since the start (or the last reset). */
    peakInFlight: () => counts.peakInFlight,
    /** Starts counting the peak again from the requests in flight now. */
    resetPeakInFlight() {
      counts.peakInFlight = counts.inFlight;
    },
    /** Requests held by a timeout right now. */
    holding: () => held.size,
    /** Changes the failure probability from the next request on (e.g. after a setup). */
    setFailureRate(rate: number) {
      failureRate = rate;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        upstreamAgent.destroy();
        server.close(() => resolve());
      }),
  };
}
export type ChaosProxy = Awaited<ReturnType<typeof startChaosProxy>>;
