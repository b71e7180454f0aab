import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  isStorageKey,
  RangeNotSatisfiableError,
  UPLOADS_PREFIX,
  type ByteRange,
  type Storage,
} from '../integrations/storage.js';

/**
 * Uploaded files come from customers, so the browser must treat them as inert: no type
 * sniffing, and a sandboxing policy under which an SVG cannot run script or load anything,
 * even when opened directly in our origin.
 */
function setInertHeaders(res: { setHeader(name: string, value: string): unknown }) {
  res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader(
    'content-security-policy',
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  );
  res.setHeader('cross-origin-resource-policy', 'same-origin');
}

/** One `bytes=a-b` or `bytes=a-` range; anything else (several, suffix) is served whole. */
function parseRange(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  if (end !== undefined && end < start) return undefined;
  return { start, ...(end === undefined ? {} : { end }) };
}

/** A redirect may be kept by the browser this long at most (a public address: a day). */
const MAX_REDIRECT_CACHE_SECONDS = 24 * 3600;
/** A signed address must still hold this long when the browser follows a kept redirect. */
const SIGNED_URL_MARGIN_SECONDS = 300;

/**
 * Serves uploaded files at `/uploads/<key>`, the address the database keeps for every
 * upload (logos, avatars, post media), whatever the storage:
 * - the local folder: from disk, as a static file;
 * - a bucket with `redirect` (the default): a redirect to the file's public or signed address
 *   in the bucket, so the bytes never pass through this server (decision 109);
 * - a bucket with `proxy`: streamed from the bucket through this server, with the local
 *   folder's headers (for buckets the browsers cannot reach).
 */
export async function registerUploads(
  app: FastifyInstance,
  options: { uploadsDir: string; storage: Storage; delivery: 'redirect' | 'proxy' },
) {
  const { storage } = options;
  if (storage.location === 'local') {
    mkdirSync(options.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.uploadsDir,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: setInertHeaders,
    });
    return;
  }

  const keyOf = (url: string) => {
    let key: string;
    try {
      key = decodeURIComponent(url.split('?')[0]!.slice(UPLOADS_PREFIX.length));
    } catch {
      return undefined; // a malformed escape: no file has that name
    }
    return isStorageKey(key) ? key : undefined;
  };

  async function redirect(reply: FastifyReply, key: string) {
    const direct = await storage.directUrl(key);
    if (!direct) return reply.callNotFound();
    const keep = Math.min(
      MAX_REDIRECT_CACHE_SECONDS,
      Math.max(0, direct.validSeconds - SIGNED_URL_MARGIN_SECONDS),
    );
    return reply
      .header('cache-control', `private, max-age=${keep}`)
      .header('referrer-policy', 'no-referrer')
      .redirect(direct.url, 302);
  }

  async function proxy(reply: FastifyReply, key: string, rangeHeader: string | undefined) {
    const range = parseRange(rangeHeader);
    let stored: Awaited<ReturnType<Storage['read']>>;
    try {
      stored = await storage.read(key, range);
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiableError)) throw error;
      if (error.size !== undefined) reply.header('content-range', `bytes */${error.size}`);
      return reply.code(416).send();
    }
    if (!stored) return reply.callNotFound();
    setInertHeaders({ setHeader: (name, value) => reply.header(name, value) });
    reply.header('content-type', stored.contentType).header('accept-ranges', 'bytes');
    if (stored.range) {
      const { start, end = stored.size - 1 } = stored.range;
      reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${stored.size}`)
        .header('content-length', end - start + 1);
    } else {
      reply.header('content-length', stored.size);
    }
    return reply.send(stored.body);
  }

  app.get(`${UPLOADS_PREFIX}*`, async (request, reply) => {
    const key = keyOf(request.url);
    if (!key) return reply.callNotFound();
    return options.delivery === 'proxy'
      ? proxy(reply, key, request.headers.range)
      : redirect(reply, key);
  });
}
