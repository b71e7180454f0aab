/**
 * Renders each screen's first frame to HTML (`src/app/first-frames.tsx`) and writes them to
 * `dist/.vite/first-frames.json` as `{ [route]: { plain, demo } }`. The server puts the
 * route's frame in `#root` of the page it sends for that address
 * (apps/server/src/plugins/route-preloads.ts), so the largest text of the first screenful
 * paints without waiting for JavaScript. Run after `vite build` (`npm run build`): the
 * screens are loaded through Vite, as the app's own code (styles and all), in Node.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer } from 'vite';
import type { renderFirstFrames as RenderFirstFrames } from '../src/app/first-frames';
import { DIST_DIR, WEB_ROOT } from './route-assets';

const vite = await createServer({
  root: WEB_ROOT,
  logLevel: 'warn',
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
});
try {
  const { renderFirstFrames } = (await vite.ssrLoadModule('/src/app/first-frames.tsx')) as {
    renderFirstFrames: typeof RenderFirstFrames;
  };
  const frames = await renderFirstFrames();
  const target = path.join(DIST_DIR, '.vite', 'first-frames.json');
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, `${JSON.stringify(frames, null, 2)}\n`);
  console.log(`first frames: ${Object.keys(frames).join(', ')}`);
} finally {
  await vite.close();
}
