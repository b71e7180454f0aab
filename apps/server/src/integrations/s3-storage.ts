import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Module from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  byteCounter,
  contentTypeOfKey,
  isStorageKey,
  newStorageKey,
  RangeNotSatisfiableError,
  type Storage,
} from './storage.js';

type S3Sdk = typeof S3Module;

export interface S3StorageConfig {
  bucket: string;
  /** Unset: AWS itself, from the region. */
  endpoint: string | undefined;
  region: string;
  /** Both unset: the SDK's own chain (environment, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most stand-ins). */
  forcePathStyle: boolean;
  /** Set: the bucket is readable there (a CDN, a public bucket): `publicUrl/<key>`. */
  publicUrl: string | undefined;
}

/** Signed addresses are signed per window, so one file keeps one address (cacheable) per window. */
export const SIGNED_URL_WINDOW_SECONDS = 3600;
/** Signed addresses kept for the current window, at most (then the list starts again). */
const SIGNED_CACHE_SIZE = 10_000;
/** A public address does not expire; a browser may keep a redirect to it this long. */
const PUBLIC_URL_SECONDS = 365 * 24 * 3600;
/** Uploaded files never change under their key: their name is fresh at every upload. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const isMissing = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === 'NoSuchKey' ||
    failure.name === 'NotFound' ||
    failure.$metadata?.httpStatusCode === 404
  );
};

/**
 * Files in an S3-compatible bucket through the official AWS SDK (v3), so web and worker
 * processes on several machines share them (docs/decisions/109). The SDK is loaded on first
 * use: a server on the local folder never pays for it.
 *
 * Writes of unknown length (media uploads) are first written to a local temporary file with
 * the byte limit applied, then put with their length: nothing half-written or over the limit
 * ever reaches the bucket. Reads for the networks' uploads are copied to a temporary file
 * the publisher releases after its calls, so a Blob can be sliced for chunked uploads.
 */
export function createS3Storage(config: S3StorageConfig): Storage {
  const bucket = config.bucket;
  let loaded: Promise<{ client: S3Client; sdk: S3Sdk; sign: typeof getSignedUrl }> | undefined;
  const load = () =>
    (loaded ??= (async () => {
      const [sdk, presigner] = await Promise.all([
        import('@aws-sdk/client-s3'),
        import('@aws-sdk/s3-request-presigner'),
      ]);
      const client = new sdk.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        ...(config.accessKeyId && config.secretAccessKey
          ? {
              credentials: {
                accessKeyId: config.accessKeyId,
                secretAccessKey: config.secretAccessKey,
              },
            }
          : {}),
        // Checksums only where S3 requires them: the newer default (a CRC trailer on every
        // upload) is refused by several S3-compatible servers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { client, sdk, sign: presigner.getSignedUrl };
    })());

  let spoolDir: Promise<string> | undefined;
  /** A fresh temporary file name in this process's own folder. */
  const spoolFile = async () =>
    path.join(await (spoolDir ??= mkdtemp(path.join(tmpdir(), 'cadence-s3-'))), randomUUID());

  async function put(key: string, body: Buffer | Readable, length: number) {
    const { client, sdk } = await load();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentLength: length,
        ContentType: contentTypeOfKey(key),
        CacheControl: IMMUTABLE,
      }),
    );
  }

  const read: Storage['read'] = async (key, range) => {
    if (!isStorageKey(key)) return undefined;
    const { client, sdk } = await load();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      const body = answer.Body as Readable;
      // Content-Range: bytes start-end/size, when a range was asked for and granted.
      const granted = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      const size = granted ? Number(granted[3]) : Number(answer.ContentLength ?? 0);
      return {
        body,
        size,
        contentType: answer.ContentType ?? contentTypeOfKey(key),
        ...(granted ? { range: { start: Number(granted[1]), end: Number(granted[2]) } } : {}),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      if ((error as { name?: string }).name === 'InvalidRange') {
        throw new RangeNotSatisfiableError(undefined);
      }
      throw error;
    }
  };

  const publicBase = config.publicUrl?.replace(/\/+$/, '');
  const signed = new Map<string, string>();
  let signedWindow = 0;

  return {
    location: 'remote',

    async save(folder, extension, bytes) {
      const { key, url } = newStorageKey(folder, extension);
      await put(key, bytes, bytes.length);
      return { key, url };
    },

    async saveStream(folder, extension, stream, options = {}) {
      const { key, url } = newStorageKey(folder, extension);
      const file = await spoolFile();
      const { counter, size } = byteCounter(options.maxBytes ?? Number.POSITIVE_INFINITY);
      try {
        await pipeline(stream, counter, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        await put(key, createReadStream(file), size());
      } finally {
        await rm(file, { force: true });
      }
      return { key, url, size: size() };
    },

    async remove(key) {
      if (!isStorageKey(key)) return;
      const { client, sdk } = await load();
      // Deleting a key that is not there succeeds, as removing a missing local file does.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async exists(key) {
      if (!isStorageKey(key)) return false;
      const { client, sdk } = await load();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    read,

    async openBlob(key, type) {
      const stored = await read(key);
      if (!stored) throw new Error(`No stored file under ${key}`);
      const file = await spoolFile();
      try {
        await pipeline(stored.body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        // The Blob reads the file as it is consumed: the bytes are never all in memory.
        const blob = await openAsBlob(file, { type });
        return { blob, release: () => rm(file, { force: true }) };
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },

    async directUrl(key) {
      if (publicBase) return { url: `${publicBase}/${key}`, validSeconds: PUBLIC_URL_SECONDS };
      // Signed at the start of the current window and valid for two: the address is the same
      // all window long (browsers and the redirect cache reuse it) and holds at least one more.
      const nowSeconds = Math.floor(Date.now() / 1000);
      const windowStart = nowSeconds - (nowSeconds % SIGNED_URL_WINDOW_SECONDS);
      const expiresIn = 2 * SIGNED_URL_WINDOW_SECONDS;
      const validSeconds = windowStart + expiresIn - nowSeconds;
      // The same within a window: signed once (signing costs about as much as serving a file).
      if (signedWindow !== windowStart || signed.size >= SIGNED_CACHE_SIZE) {
        signed.clear();
        signedWindow = windowStart;
      }
      const known = signed.get(key);
      if (known) return { url: known, validSeconds };
      const { client, sdk, sign } = await load();
      const url = await sign(client, new sdk.GetObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn,
        signingDate: new Date(windowStart * 1000),
      });
      signed.set(key, url);
      return { url, validSeconds };
    },
  };
}
