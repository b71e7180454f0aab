import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/integrations/s3-storage.js';
import {
  createLocalStorage,
  StorageLimitError,
  type Storage,
} from '../src/integrations/storage.js';
import { registerUploads } from '../src/plugins/uploads.js';
import { makePng } from './helpers/images.js';
import { startS3Server, type S3Server } from './helpers/s3-server.js';

/** One place files can live, with the way the test sees what is stored there. */
interface Backend {
  storage: Storage;
  delivery: 'redirect' | 'proxy';
  /** Where the local folder is (the uploads route serves it from there). */
  uploadsDir: string;
  /** Every stored key, sorted (unfinished writes excluded). */
  keys(): Promise<string[]>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue; // `.partial`: never a stored file
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(root, key)));
    else found.push(key);
  }
  return found.sort();
}

async function localBackend(): Promise<Backend> {
  const root = await mkdtemp(path.join(tmpdir(), 'cadence-contract-'));
  return {
    storage: createLocalStorage(root),
    delivery: 'redirect',
    uploadsDir: root,
    keys: () => listFiles(root),
    async clear() {
      for (const entry of await readdir(root)) {
        await rm(path.join(root, entry), { recursive: true, force: true });
      }
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Backend(options: {
  delivery: 'redirect' | 'proxy';
  publicUrl?: boolean;
}): Promise<Backend> {
  const server: S3Server = await startS3Server();
  // s3rver answers unsigned reads, as a public bucket (or a CDN in front of one) does.
  const publicUrl = options.publicUrl ? `${server.endpoint}/${server.bucket}/` : undefined;
  return {
    storage: createS3Storage({ ...server.config, publicUrl }),
    delivery: options.delivery,
    uploadsDir: path.join(tmpdir(), 'cadence-contract-unused'),
    keys: () => server.keys(),
    clear: () => server.clear(),
    close: () => server.close(),
  };
}

const backends: Array<[string, () => Promise<Backend>]> = [
  ['the local folder', localBackend],
  ['an S3-compatible server (signed addresses)', () => s3Backend({ delivery: 'redirect' })],
  [
    'an S3-compatible server (public addresses)',
    () => s3Backend({ delivery: 'redirect', publicUrl: true }),
  ],
  ['an S3-compatible server (streamed by the server)', () => s3Backend({ delivery: 'proxy' })],
];

const chunks = (count: number, size: number, byte = 0x61) =>
  Readable.from(Array.from({ length: count }, () => Buffer.alloc(size, byte)));

describe.each(backends)('the storage contract on %s', (_name, makeBackend) => {
  let backend: Backend;
  let storage: Storage;
  /** A bare server with the uploads route, as a browser reaches it. */
  let web: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    backend = await makeBackend();
    storage = backend.storage;
    web = Fastify();
    await registerUploads(web, {
      uploadsDir: backend.uploadsDir,
      storage,
      delivery: backend.delivery,
    });
    base = await web.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await web?.close();
    await backend?.close();
  });
  beforeEach(async () => {
    await backend.clear();
  });

  it('stores bytes under a fresh key and reads them back as a stream', async () => {
    const bytes = makePng(32, 16);
    const stored = await storage.save('logos', 'png', bytes);
    expect(stored.key).toMatch(/^logos\/[0-9a-f-]{36}\.png$/);
    expect(stored.url).toBe(`/uploads/${stored.key}`);
    expect(await backend.keys()).toEqual([stored.key]);
    expect(await storage.exists(stored.key)).toBe(true);
    const read = await storage.read(stored.key);
    expect(read?.size).toBe(bytes.length);
    expect(read?.contentType).toBe('image/png');
    expect(Buffer.concat(await read!.body.toArray()).equals(bytes)).toBe(true);
  });

  it('stores a stream of unknown length, and answers its size', async () => {
    const stored = await storage.saveStream('posts', 'mp4', chunks(3, 100_000), {
      maxBytes: 300_000,
    });
    expect(stored.size).toBe(300_000);
    const read = await storage.read(stored.key);
    expect(read?.contentType).toBe('video/mp4');
    const body = Buffer.concat(await read!.body.toArray());
    expect(body.length).toBe(300_000);
    expect(body.every((byte) => byte === 0x61)).toBe(true);
  });

  it('refuses a stream past its limit, and a failing stream, leaving nothing stored', async () => {
    await expect(
      storage.saveStream('posts', 'mp4', chunks(4, 1000), { maxBytes: 3999 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(100));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.saveStream('posts', 'png', failing)).rejects.toThrow('connection lost');
    expect(await backend.keys()).toEqual([]);
  });

  it('never overwrites: the same folder and type twice gives two files, each its own bytes', async () => {
    const first = await storage.save('media', 'png', Buffer.from('first'));
    const second = await storage.save('media', 'png', Buffer.from('second'));
    expect(second.key).not.toBe(first.key);
    expect(await backend.keys()).toEqual([first.key, second.key].sort());
    expect(await text((await storage.read(first.key))!.body)).toBe('first');
    expect(await text((await storage.read(second.key))!.body)).toBe('second');
  });

  it('deletes a file, and deleting it again is no error', async () => {
    const stored = await storage.save('avatars', 'webp', Buffer.from('face'));
    await storage.remove(stored.key);
    expect(await storage.exists(stored.key)).toBe(false);
    expect(await storage.read(stored.key)).toBeUndefined();
    expect(await backend.keys()).toEqual([]);
    await expect(storage.remove(stored.key)).resolves.toBeUndefined();
    expect((await fetch(`${base}${stored.url}`)).status).toBe(404);
  });

  it('answers a missing key, or one it could never have made, as missing', async () => {
    await storage.save('posts', 'png', Buffer.from('kept'));
    for (const key of ['posts/missing.png', '../outside.png', '.partial/x', 'posts/../x.png']) {
      expect(await storage.exists(key), key).toBe(false);
      expect(await storage.read(key), key).toBeUndefined();
    }
    await expect(storage.openBlob('posts/missing.png', 'image/png')).rejects.toThrow();
    expect(await backend.keys()).toHaveLength(1);
  });

  it('opens a file as a Blob that slices (chunked uploads) and is released after', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    const stored = await storage.save('posts', 'mp4', bytes);
    const file = await storage.openBlob(stored.key, 'video/mp4');
    expect(file.blob.size).toBe(bytes.length);
    expect(file.blob.type).toBe('video/mp4');
    expect(await file.blob.slice(5, 10).text()).toBe('56789');
    expect(Buffer.from(await file.blob.arrayBuffer()).equals(bytes)).toBe(true);
    await file.release();
    // A bucket's file was copied aside to be sliced: the copy is gone once released.
    if (storage.location === 'remote') await expect(file.blob.text()).rejects.toThrow();
    // The stored file stays: only what opening it took is gone.
    expect(await storage.exists(stored.key)).toBe(true);
  });

  it('serves a file at /uploads/<key> to a browser, whole and by range', async () => {
    const bytes = makePng(40, 40);
    const stored = await storage.save('logos', 'png', bytes);
    const whole = await fetch(`${base}${stored.url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toContain('image/png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(`${base}${stored.url}`, { headers: { range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1, 4))).toBe(true);
    expect((await fetch(`${base}/uploads/logos/missing.png`)).status).toBe(404);
    // Never served, never a server error (the folder's static server says 403 for `..`).
    for (const address of ['/uploads/..%2Fsecret', '/uploads/.partial/x']) {
      expect([403, 404], address).toContain((await fetch(`${base}${address}`)).status);
    }
    // A malformed escape is refused before any storage is asked.
    expect((await fetch(`${base}/uploads/%E0%A4%A`)).status).toBe(400);
  });

  it('answers where a browser fetches a file itself, or that this server serves it', async () => {
    const stored = await storage.save('logos', 'png', Buffer.from('direct'));
    const direct = await storage.directUrl(stored.key);
    if (storage.location === 'local') {
      expect(direct).toBeUndefined();
      return;
    }
    expect(direct!.validSeconds).toBeGreaterThanOrEqual(3600);
    const answer = await fetch(direct!.url);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('direct');
    // Signed per window: the same address twice, so browsers can keep the file.
    expect((await storage.directUrl(stored.key))!.url).toBe(direct!.url);
  });
});
