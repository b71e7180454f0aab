// `npm start` and `npm run admin`: build what is missing or out of date, then run it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [command, ...args] = process.argv.slice(2);

/** Newest modification time of any file under the given paths (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(target, entry));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach((relative) => visit(path.join(root, relative)));
  return latest;
}

function buildIfStale(label, workspace, sources, output) {
  const builtAt = existsSync(path.join(root, output))
    ? statSync(path.join(root, output)).mtimeMs
    : 0;
  if (builtAt > 0 && builtAt >= newest(sources)) return;
  console.log(`Building the ${label}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['packages/shared/src', 'packages/shared/package.json'];
const server = [
  'apps/server/src',
  'apps/server/demo',
  'apps/server/test/fakes',
  'apps/server/package.json',
  'apps/server/build.mjs',
  ...shared,
];
const web = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  ...shared,
];

if (command === 'start') {
  buildIfStale('web app', '@cadence/web', web, 'apps/web/dist/index.html');
  buildIfStale('server', '@cadence/server', server, 'apps/server/dist/main.js');
  run('apps/server/dist/main.js');
} else if (command === 'demo') {
  buildIfStale('web app', '@cadence/web', web, 'apps/web/dist/index.html');
  buildIfStale('server', '@cadence/server', server, 'apps/server/dist/demo.js');
  run('apps/server/dist/demo.js');
} else if (command === 'admin') {
  buildIfStale('server', '@cadence/server', server, 'apps/server/dist/cli.js');
  run('apps/server/dist/cli.js');
} else {
  console.error('Usage: node scripts/run.mjs start|demo|admin [args]');
  process.exit(2);
}

function run(entry) {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, entry), ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  // Pass stop signals on, so the server shuts down cleanly and releases the data folder.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
