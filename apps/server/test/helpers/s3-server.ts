import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

// The SDK's notice that its releases after January 2027 need Node 22 (README): once is enough.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The credentials the local S3-compatible server accepts. */
const ACCESS_KEY = 'S3RVER';

/**
 * A local S3-compatible server (s3rver) on a free loopback port, keeping its objects in a
 * temporary folder, with one empty bucket. `env` points the app at it as an operator would.
 */
export async function startS3Server(bucket = 'cadence-media') {
  const directory = await mkdtemp(path.join(tmpdir(), 'cadence-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));

  /** Every key in the bucket, sorted. */
  async function keys(): Promise<string[]> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
  }

  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** The storage configuration the same environment gives. */
    config: {
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      forcePathStyle: true,
      publicUrl: undefined as string | undefined,
    },
    keys,
    /** Empties the bucket between tests. */
    async clear() {
      for (const key of await keys()) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
