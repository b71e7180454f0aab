// `npm start` and `npm run admin`: build what is missing or out of date, then run it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
// The stand-ins the demo serves in place of the outside world (bundled into dist/demo.js).
const fakes = ['packages/fakes/src', 'packages/fakes/package.json'];
const server = [
  'apps/server/src',
  'apps/server/demo',
  'apps/server/package.json',
  'apps/server/build.mjs',
  ...shared,
  ...fakes,
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
  await run('apps/server/dist/main.js');
} else if (command === 'demo') {
  buildIfStale('web app', '@cadence/web', web, 'apps/web/dist/index.html');
  buildIfStale('server', '@cadence/server', server, 'apps/server/dist/demo.js');
  await run('apps/server/dist/demo.js');
} else if (command === 'admin') {
  buildIfStale('server', '@cadence/server', server, 'apps/server/dist/cli.js');
  await run('apps/server/dist/cli.js');
} else {
  console.error('Usage: node scripts/run.mjs start|demo|admin [args]');
  process.exit(2);
}

/**
 * Runs the built entry inside this process instead of a child: `npm start` then leaves npm
 * and one server process (npm passes SIGINT and SIGTERM on to it; the server's own handlers
 * shut it down cleanly and release the data folder). The build steps above have exited.
 */
async function run(entry) {
  process.setSourceMapsEnabled(true);
  const file = path.join(root, entry);
  // As if started as `node <entry> ...args`: the server and the CLI read their arguments.
  process.argv = [process.argv[0], file, ...args];
  await import(pathToFileURL(file).href);
}
