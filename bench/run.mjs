// Runs a TypeScript benchmark: bundles bench/<name>.ts (with the server code it imports)
// into apps/server/dist/bench and runs it with Node. `npm run bench:publish -- --count 2000`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [name, ...args] = process.argv.slice(2);
if (!name) {
  console.error('Usage: node bench/run.mjs <benchmark> [options]');
  process.exit(2);
}
const dependencies = (file) =>
  Object.keys(JSON.parse(readFileSync(path.join(root, file), 'utf8')).dependencies ?? {});
const external = [
  ...dependencies('apps/server/package.json'),
  ...dependencies('packages/shared/package.json'),
  // A benchmark may bundle another checkout's code at run time (metrics --baseline).
  'esbuild',
].filter((dependency) => !dependency.startsWith('@cadence/'));

// Beside the server's own bundle, so it finds the migrations and the web build the same way.
const outdir = path.join(root, 'apps', 'server', 'dist', 'bench');
const outfile = path.join(outdir, `${name}.mjs`);
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'inline',
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
};
await build({ ...options, entryPoints: [path.join(root, 'bench', `${name}.ts`)], outfile });
// The markup worker thread the server code starts from next to its bundle (markup-thread.ts).
await build({
  ...options,
  entryPoints: [path.join(root, 'apps', 'server', 'src', 'lib', 'markup', 'markup-worker.ts')],
  outfile: path.join(outdir, 'markup-worker.js'),
});
const child = spawn(process.execPath, ['--enable-source-maps', outfile, ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
