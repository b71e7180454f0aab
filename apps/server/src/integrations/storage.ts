import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  key: string;
  url: string;
}

/** A stored file read as a stream. */
export interface StoredBody {
  body: Readable;
  size: number;
  contentType: string;
}

/** A stored file opened as a Blob; `release` frees what opening it took (a local copy). */
export interface OpenedFile {
  blob: Blob;
  release(): Promise<void>;
}

/** Where a browser or a network fetches a file itself, and how long that address holds. */
export interface DirectUrl {
  url: string;
  /** How long the address stays valid from now (a public address: a year). */
  validSeconds: number;
}

/**
 * Where uploaded files live: the local folder by default (served by this server under
 * `/uploads/`), or an S3-compatible bucket that several machines share (`s3-storage.ts`).
 * Keys look like `posts/<uuid>.png`; the database keeps `/uploads/<key>` either way.
 */
export interface Storage {
  /** 'local': this server serves `/uploads/<key>` from disk; 'remote': from `directUrl`. */
  readonly location: 'local' | 'remote';
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
  /** The file as a stream, or undefined when there is none under the key. */
  read(key: string, range?: ByteRange): Promise<(StoredBody & { range?: ByteRange }) | undefined>;
  /**
   * The file as a Blob read from storage as it is consumed (uploads stream it, in slices
   * for chunked uploads). Call `release` once the Blob is no longer read.
   */
  openBlob(key: string, type: string): Promise<OpenedFile>;
  /**
   * Where a browser or a network fetches the file without this server: undefined for the
   * local folder (this server serves `/uploads/<key>`).
   */
  directUrl(key: string): Promise<DirectUrl | undefined>;
}

/** Inclusive byte offsets, as in an HTTP Range header; no end: to the end of the file. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** The content type of a stored file, by the extension its key ends with. */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Whether a key is one this code could have made: folders and a file name of plain
 * characters, none starting with a dot (no `..`, no `.partial`).
 */
export function isStorageKey(key: string): boolean {
  return (
    /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(key) &&
    !key.includes('..')
  );
}

/** A fresh unguessable key in a folder. */
export function newStorageKey(folder: string, extension: string) {
  const key = `${folder}/${randomUUID()}.${extension}`;
  return { key, url: `${UPLOADS_PREFIX}${key}` };
}

/** A range that starts past the end of the file (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number | undefined) {
    super('The range starts past the end of the file');
    this.name = 'RangeNotSatisfiableError';
  }
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
export function byteCounter(maxBytes: number) {
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
    const { key, url } = newStorageKey(folder, extension);
    return { key, file: path.join(root, key), url };
  }

  return {
    location: 'local',
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
    async read(key, range) {
      if (!isStorageKey(key)) return undefined;
      const file = inside(key);
      let size: number;
      try {
        const stats = await stat(file);
        if (!stats.isFile()) return undefined;
        size = stats.size;
      } catch {
        return undefined;
      }
      if (range && range.start >= size) throw new RangeNotSatisfiableError(size);
      const within = range && {
        start: range.start,
        end: Math.min(range.end ?? size - 1, size - 1),
      };
      return {
        body: createReadStream(file, within),
        size,
        contentType: contentTypeOfKey(key),
        ...(within ? { range: within } : {}),
      };
    },
    async openBlob(key, type) {
      return { blob: await openAsBlob(inside(key), { type }), release: async () => {} };
    },
    directUrl: () => Promise.resolve(undefined),
    async exists(key) {
      try {
        return (await stat(inside(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
