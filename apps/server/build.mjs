// Bundles the server (and the shared package it imports as TypeScript) into dist/.
// Every npm dependency stays external and is loaded from node_modules at run time.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const shared = JSON.parse(
  readFileSync(new URL('../../packages/shared/package.json', import.meta.url), 'utf8'),
);
const external = [
  ...Object.keys(pkg.dependencies),
  ...Object.keys(shared.dependencies ?? {}),
].filter((name) => !name.startsWith('@cadence/'));

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
