// `node bench/run.mjs uploads-delivery`: what serving an uploaded file at /uploads/<key>
// costs this server, per way of keeping it (decision 109): the local folder (a static file),
// a bucket with `S3_DELIVERY=redirect` (a redirect to a signed address; the browser takes the
// bytes from the bucket) and a bucket with `S3_DELIVERY=proxy` (the server streams the
// bytes from the bucket). The bucket is a local s3rver in its own process, the server under
// test another process that reports its own CPU time; this process is the browser (fetch,
// following redirects), `--concurrency` requests at a time.
//
//   node bench/run.mjs uploads-delivery --requests 400 --concurrency 8
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { createS3Storage } from '../apps/server/src/integrations/s3-storage.js';
import { createLocalStorage, type Storage } from '../apps/server/src/integrations/storage.js';
import { registerUploads } from '../apps/server/src/plugins/uploads.js';
import { freePort } from './free-port.js';
import { summarise } from './stats.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const BUCKET = 'bench-media';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

type Mode = 'local' | 'redirect' | 'proxy';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '8' },
    // Internal: run as the server under test.
    serve: { type: 'string' },
    endpoint: { type: 'string' },
    dir: { type: 'string' },
    port: { type: 'string' },
  },
});

function storageFor(mode: Mode, endpoint: string, dir: string): Storage {
  if (mode === 'local') return createLocalStorage(dir);
  return createS3Storage({
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    ...KEYS,
    forcePathStyle: true,
    publicUrl: undefined,
  });
}

/** The server under test: stores the files, serves /uploads/, answers its CPU time on /cpu. */
async function serve(mode: Mode) {
  const storage = storageFor(mode, values.endpoint!, values.dir!);
  const app = Fastify();
  await registerUploads(app, {
    uploadsDir: values.dir!,
    storage,
    delivery: mode === 'proxy' ? 'proxy' : 'redirect',
  });
  const sizes = { image: 200 * 1024, video: 8 * 1024 * 1024 };
  const urls: Record<string, string> = {};
  for (const [name, size] of Object.entries(sizes)) {
    const bytes = Buffer.alloc(size, name.length);
    urls[name] = (await storage.save('media', name === 'image' ? 'png' : 'mp4', bytes)).url;
  }
  app.get('/cpu', () => Promise.resolve(process.cpuUsage()));
  app.get('/files', () => Promise.resolve(urls));
  await app.listen({ host: '127.0.0.1', port: Number(values.port) });
}

async function waitFor(url: string) {
  for (let tries = 0; tries < 200; tries++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`${url} never answered`);
}

async function measure(mode: Mode, endpoint: string, requests: number, concurrency: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-uploads-'));
  const port = await freePort();
  const self = fileURLToPath(import.meta.url);
  const child: ChildProcess = spawn(
    process.execPath,
    [self, '--serve', mode, '--endpoint', endpoint, '--dir', dir, '--port', String(port)],
    { stdio: 'inherit' },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/cpu`);
    const urls = (await (await fetch(`${base}/files`)).json()) as Record<string, string>;
    const results: Record<string, unknown> = {};
    for (const [name, url] of Object.entries(urls)) {
      const count = name === 'video' ? Math.max(20, Math.floor(requests / 10)) : requests;
      // Warm up (the SDK loads on first use; the JIT settles).
      for (let i = 0; i < 10; i++) await (await fetch(`${base}${url}`)).arrayBuffer();
      const before = (await (await fetch(`${base}/cpu`)).json()) as NodeJS.CpuUsage;
      const latencies: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            next++;
            const t0 = performance.now();
            const answer = await fetch(`${base}${url}`);
            const body = await answer.arrayBuffer();
            if (answer.status !== 200 || body.byteLength === 0) {
              throw new Error(`${mode} ${name}: ${answer.status}`);
            }
            latencies.push(performance.now() - t0);
          }
        }),
      );
      const wall = performance.now() - started;
      const after = (await (await fetch(`${base}/cpu`)).json()) as NodeJS.CpuUsage;
      const cpuMs = (after.user - before.user + after.system - before.system) / 1000;
      const stats = summarise(latencies);
      results[name] = {
        requests: count,
        'server CPU per request (ms)': +(cpuMs / count).toFixed(3),
        'p50 (ms)': +stats.p50.toFixed(1),
        'p99 (ms)': +stats.p99.toFixed(1),
        'per second': Math.round(count / (wall / 1000)),
      };
    }
    return results;
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (values.serve) return serve(values.serve as Mode);
  const requests = Number(values.requests);
  const concurrency = Number(values.concurrency);
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-s3rver-'));
  const s3Port = await freePort();
  const s3rverBin = path.join(process.cwd(), 'node_modules', '.bin', 's3rver');
  const s3 = spawn(
    s3rverBin,
    ['-d', s3Dir, '-a', '127.0.0.1', '-p', String(s3Port), '-s', '--configure-bucket', BUCKET],
    { stdio: 'inherit' },
  );
  const endpoint = `http://127.0.0.1:${s3Port}`;
  try {
    await waitFor(endpoint);
    console.log(
      `requests ${requests} (video: a tenth), ${concurrency} at a time, on ${os.cpus().length} cores`,
    );
    for (const mode of ['local', 'redirect', 'proxy'] as const) {
      console.log(`\n${mode}`);
      console.table(await measure(mode, endpoint, requests, concurrency));
    }
  } finally {
    s3.kill('SIGTERM');
    rmSync(s3Dir, { recursive: true, force: true });
  }
}

await main();
