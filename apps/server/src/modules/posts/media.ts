import { PassThrough, type Readable } from 'node:stream';
import {
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  MEDIA_MIME_TYPES,
  type MediaMimeType,
} from '@cadence/shared';
import { AppError } from '../../errors.js';
import { StorageLimitError, UPLOADS_PREFIX, type Storage } from '../../integrations/storage.js';

/** Enough leading bytes for file-type to recognise every allowed format. */
const SNIFF_BYTES = 4100;
const NAME_MAX = 200;
export const MEDIA_FOLDER = 'posts';

const EXTENSIONS: Record<MediaMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

export interface StoredMedia {
  key: string;
  url: string;
  name: string;
  mimeType: MediaMimeType;
  sizeBytes: number;
}

function isAllowedMime(mime: string | undefined): mime is MediaMimeType {
  return (MEDIA_MIME_TYPES as readonly string[]).includes(mime ?? '');
}

/** The type the bytes themselves announce, if it is one we accept; never the client's word. */
export async function detectMediaType(head: Uint8Array): Promise<MediaMimeType | undefined> {
  // Loaded on the first upload: file-type and its readers are dozens of modules that a
  // worker process, which never takes an upload, would otherwise load at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(head);
  return isAllowedMime(type?.mime) ? type.mime : undefined;
}

/**
 * The name shown next to the attachment: the client's file name without folders or
 * control characters, and not too long. It never becomes a path on disk.
 */
export function displayName(clientName: string | undefined, mimeType: MediaMimeType): string {
  const base = (clientName ?? '').split(/[/\\]/).pop() ?? '';
  // Control characters are exactly what this strips from the shown name, so the rule does not apply.
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!clean || clean === '.' || clean === '..') return `media.${EXTENSIONS[mimeType]}`;
  return [...clean].slice(0, NAME_MAX).join('');
}

/** Reads from `source` until `size` bytes (or the end) have come, then pauses it. */
function readHead(source: Readable, size: number): Promise<{ head: Buffer; isEnded: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = () => {
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length < size) return;
      source.pause();
      stop();
      resolve({ head: Buffer.concat(chunks), isEnded: false });
    };
    const onEnd = () => {
      stop();
      resolve({ head: Buffer.concat(chunks), isEnded: true });
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onError);
  });
}

/** The head we already read, followed by the rest of `source`. */
function rejoin(head: Buffer, isEnded: boolean, source: Readable): Readable {
  const out = new PassThrough();
  out.write(head);
  if (isEnded) {
    out.end();
    return out;
  }
  source.once('error', (error) => out.destroy(error));
  source.pipe(out);
  return out;
}

/**
 * Lets the multipart parser run to the end of a file we stopped using. Destroying its
 * stream instead would leave the parser waiting for a reader, and the request hanging.
 */
function drain(source: Readable) {
  source.unpipe();
  source.resume();
}

/**
 * Streams an uploaded media file to storage: the type is judged from its first bytes, the
 * size is counted on the way to disk (never buffered whole), and anything refused leaves
 * no file behind. An empty, nameless part (a file input left empty) stores nothing.
 */
export async function saveMedia(
  storage: Storage,
  upload: { file: Readable & { truncated?: boolean }; filename?: string },
  /** Counts the attempt (whatever becomes of it) once it is one; throws to refuse it. */
  countUpload: () => Promise<void>,
): Promise<StoredMedia | null> {
  const source = upload.file;
  const { head, isEnded } = await readHead(source, SNIFF_BYTES);
  // What a browser sends for a file input left empty: no name, no bytes. Not an upload.
  if (head.length === 0 && isEnded && !upload.filename) return null;
  try {
    await countUpload();
  } catch (error) {
    drain(source);
    throw error;
  }
  const mimeType = await detectMediaType(head);
  if (!mimeType) {
    drain(source);
    throw AppError.badRequest(MEDIA_MESSAGES.type, 'MEDIA_TYPE');
  }
  let stored: Awaited<ReturnType<Storage['saveStream']>>;
  try {
    stored = await storage.saveStream(
      MEDIA_FOLDER,
      EXTENSIONS[mimeType],
      rejoin(head, isEnded, source),
      { maxBytes: MEDIA_MAX_BYTES },
    );
  } catch (error) {
    drain(source);
    if (error instanceof StorageLimitError) {
      throw AppError.payloadTooLarge(MEDIA_MESSAGES.size, 'MEDIA_TOO_LARGE');
    }
    throw error;
  }
  // The parser cut the file at its own limit: too large, even if our count missed it.
  if (source.truncated) {
    await storage.remove(stored.key);
    throw AppError.payloadTooLarge(MEDIA_MESSAGES.size, 'MEDIA_TOO_LARGE');
  }
  return {
    key: stored.key,
    url: stored.url,
    name: displayName(upload.filename, mimeType),
    mimeType,
    sizeBytes: stored.size,
  };
}

/**
 * A media file stored earlier by an upload (the public API's `media_ids`), as a post takes
 * it: its type follows the extension the upload gave it from its bytes; undefined for a
 * file that is not one of the post form's types.
 */
export function mediaOfUpload(upload: {
  storageKey: string;
  sizeBytes: number;
}): StoredMedia | undefined {
  const extension = upload.storageKey.split('.').pop()?.toLowerCase();
  const mimeType = (Object.keys(EXTENSIONS) as MediaMimeType[]).find(
    (mime) => EXTENSIONS[mime] === extension,
  );
  if (!mimeType || !upload.storageKey.startsWith(`${MEDIA_FOLDER}/`)) return undefined;
  return {
    key: upload.storageKey,
    url: `${UPLOADS_PREFIX}${upload.storageKey}`,
    name: displayName(undefined, mimeType),
    mimeType,
    sizeBytes: upload.sizeBytes,
  };
}
