import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk by default; an S3-compatible store can stand in. */
export interface Storage {
  /** Stores the bytes under a fresh unguessable name and answers their public URL path. */
  save(folder: string, extension: string, bytes: Buffer): Promise<{ key: string; url: string }>;
  remove(key: string): Promise<void>;
  /** The stored bytes (the publisher uploads them to networks). */
  read(key: string): Promise<Buffer>;
}

export const UPLOADS_PREFIX = '/uploads/';

export function createLocalStorage(root: string): Storage {
  return {
    async save(folder, extension, bytes) {
      const key = `${folder}/${randomUUID()}.${extension}`;
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { mode: 0o644 });
      return { key, url: `${UPLOADS_PREFIX}${key}` };
    },
    async remove(key) {
      const file = path.resolve(root, key);
      if (!file.startsWith(path.resolve(root) + path.sep)) return;
      await rm(file, { force: true });
    },
    async read(key) {
      const file = path.resolve(root, key);
      if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key');
      return readFile(file);
    },
  };
}
