// `npm run bench:web`: the JavaScript each route loads on a fresh visit, gzip (level 9, as
// the .gz files beside the assets) and brotli (quality 11, as the .br files), from the
// current web build (built first when stale). Prints a Markdown table for docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import {
  DIST_DIR,
  gzipSize,
  isBuildStale,
  readManifest,
  ROUTE_SOURCES,
  routeFiles,
  WEB_ROOT,
} from './route-assets.ts';

if (isBuildStale())
  execFileSync('npx', ['vite', 'build'], {
    cwd: WEB_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });

const brotliSize = (file: string) =>
  brotliCompressSync(readFileSync(path.join(DIST_DIR, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
const rawSize = (file: string) => readFileSync(path.join(DIST_DIR, file)).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const manifest = readManifest();
console.log('| route | files | raw KB | gzip KB | brotli KB |');
console.log('| --- | --- | --- | --- | --- |');
for (const route of Object.keys(ROUTE_SOURCES)) {
  const files = routeFiles(manifest, route);
  const sum = (size: (file: string) => number) => files.reduce((s, f) => s + size(f), 0);
  console.log(
    `| \`${route}\` | ${files.length} | ${kb(sum(rawSize))} | ${kb(sum(gzipSize))} | ${kb(sum(brotliSize))} |`,
  );
}
