// Bundles the server (and the workspace packages it imports as TypeScript: shared, and the
// stand-ins in packages/fakes for the demo) into dist/. Every npm dependency stays external
// and is loaded from node_modules at run time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const readPackage = (url) => JSON.parse(readFileSync(new URL(url, import.meta.url), 'utf8'));
const pkg = readPackage('./package.json');
const workspaces = Object.keys(pkg.dependencies)
  .filter((name) => name.startsWith('@cadence/'))
  .map((name) => readPackage(`../../packages/${name.slice('@cadence/'.length)}/package.json`));
const external = [
  ...Object.keys(pkg.dependencies),
  ...workspaces.flatMap((workspace) => Object.keys(workspace.dependencies ?? {})),
].filter((name) => !name.startsWith('@cadence/'));

// Chunks are named by their content: the previous build's would otherwise pile up beside
// the new ones.
for (const name of existsSync('dist') ? readdirSync('dist') : []) {
  if (name.startsWith('chunk-')) rmSync(`dist/${name}`);
}

await build({
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    demo: 'demo/demo.ts',
    'make-initial-data': 'src/make-initial-data.ts',
    // The worker thread for untrusted markup; markup-thread.ts starts it from next to main.js.
    'markup-worker': 'src/lib/markup/markup-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  // Code shared by the entries, and what main.ts imports only when needed (the HTTP app,
  // which a worker never loads), goes into chunks next to them.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    // Some dependencies still call require(); give the ESM bundle one.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// The data folder a new embedded database starts from (src/db/initial-data.ts).
const made = spawnSync(process.execPath, ['dist/make-initial-data.js'], { stdio: 'inherit' });
if (made.status !== 0) process.exit(made.status ?? 1);
