import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, StorageLimitError } from './storage.js';

describe('local storage, streamed', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'cadence-storage-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const chunks = (count: number, size: number) =>
    Readable.from(Array.from({ length: count }, () => Buffer.alloc(size, 0x61)));

  it('writes the stream under a fresh name and answers its public path and size', async () => {
    const storage = createLocalStorage(root);
    const stored = await storage.saveStream('posts', 'mp4', chunks(3, 1000), { maxBytes: 3000 });
    expect(stored.key).toMatch(/^posts\/[0-9a-f-]{36}\.mp4$/);
    expect(stored.url).toBe(`/uploads/${stored.key}`);
    expect(stored.size).toBe(3000);
    expect((await readFile(path.join(root, stored.key))).length).toBe(3000);
    expect(await readdir(path.join(root, '.partial'))).toEqual([]);
  });

  it('fails past the limit and leaves nothing behind', async () => {
    const storage = createLocalStorage(root);
    await expect(
      storage.saveStream('posts', 'mp4', chunks(4, 1000), { maxBytes: 3999 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await readdir(path.join(root, 'posts'))).toEqual([]);
    expect(await readdir(path.join(root, '.partial'))).toEqual([]);
  });

  it('leaves nothing behind when the stream fails', async () => {
    const storage = createLocalStorage(root);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(100));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.saveStream('posts', 'png', failing)).rejects.toThrow('connection lost');
    expect(await readdir(path.join(root, 'posts'))).toEqual([]);
    expect(await readdir(path.join(root, '.partial'))).toEqual([]);
  });
});
