import { randomUUID } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  key: string;
  url: string;
}

/** Where uploaded files live. Local disk by default; an S3-compatible store can stand in. */
export interface Storage {
  /** Stores the bytes under a fresh unguessable name and answers their public URL path. */
  save(folder: string, extension: string, bytes: Buffer): Promise<StoredFile>;
  /**
   * Stores a stream the same way without holding it in memory. More than `maxBytes` fails
   * with a `StorageLimitError`; on any failure nothing is left behind.
   */
  saveStream(
    folder: string,
    extension: string,
    stream: Readable,
    options?: { maxBytes?: number },
  ): Promise<StoredFile & { size: number }>;
  remove(key: string): Promise<void>;
  /** Whether the file is there, without reading it. */
  exists(key: string): Promise<boolean>;
  /** The file as a Blob read from storage as it is consumed (uploads stream it). */
  openBlob(key: string, type: string): Promise<Blob>;
}

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

export const UPLOADS_PREFIX = '/uploads/';
/** Unfinished writes; a dot folder, so the uploads route never serves them. */
const PARTIAL_FOLDER = '.partial';

/** Passes bytes through, failing as soon as more than `maxBytes` have gone by. */
function byteCounter(maxBytes: number) {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new StorageLimitError(maxBytes));
      else callback(null, chunk);
    },
  });
  return { counter, size: () => size };
}

export function createLocalStorage(root: string): Storage {
  /** The file of a key, never outside the root. */
  const inside = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key');
    return file;
  };
  function newKey(folder: string, extension: string) {
    const key = `${folder}/${randomUUID()}.${extension}`;
    return { key, file: path.join(root, key), url: `${UPLOADS_PREFIX}${key}` };
  }

  return {
    async save(folder, extension, bytes) {
      const { key, file, url } = newKey(folder, extension);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { mode: 0o644 });
      return { key, url };
    },

    async saveStream(folder, extension, stream, options = {}) {
      const { key, file, url } = newKey(folder, extension);
      const partialDir = path.join(root, PARTIAL_FOLDER);
      // Written aside, then renamed: a reader never sees half a file under its public name.
      const partial = path.join(partialDir, randomUUID());
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(partialDir, { recursive: true });
      const { counter, size } = byteCounter(options.maxBytes ?? Number.POSITIVE_INFINITY);
      try {
        await pipeline(stream, counter, createWriteStream(partial, { mode: 0o644, flags: 'wx' }));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, url, size: size() };
    },

    async remove(key) {
      const file = path.resolve(root, key);
      if (!file.startsWith(path.resolve(root) + path.sep)) return;
      await rm(file, { force: true });
    },
    async openBlob(key, type) {
      return openAsBlob(inside(key), { type });
    },
    async exists(key) {
      try {
        return (await stat(inside(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
