import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DEMO_PAGE_META } from '@cadence/shared';

/** The parts of Vite's `dist/.vite/manifest.json` read here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The files a route's screen needs beyond what `index.html` already names (the entry and
 * its static imports): the screen's chunk and its loader's (`sources`, the web build's
 * `build/route-sources.json`), their static imports, and their CSS. Dynamic imports are
 * left out: they load on demand.
 */
export function routeChunks(manifest: Manifest, sources: readonly string[]) {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  const collect = (keys: readonly string[]) => {
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.css?.forEach((file) => css.add(file));
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return { files, css };
  };
  const named = collect(entry ? [entry] : []);
  const wanted = collect(sources);
  return {
    scripts: [...wanted.files].filter((file) => file.endsWith('.js') && !named.files.has(file)),
    styles: [...wanted.css].filter((file) => !named.css.has(file)),
  };
}

/** `index.html` marked as a demo server's page (`DEMO_PAGE_META`), at the end of its head. */
export function withDemoMark(html: string) {
  if (!html.includes('</head>')) return html;
  return html.replace(
    '</head>',
    `  <meta name="${DEMO_PAGE_META}" content="simulated-networks">\n  </head>`,
  );
}

/** The build's first frames (`apps/web/build/first-frames.tsx`): per route, plain and demo. */
export type FirstFrames = Record<string, { plain: string; demo: string }>;

/**
 * `index.html` with a screen's first frame inside its empty `#root`, so the frame paints
 * before the JavaScript has loaded; the app replaces it when it first renders.
 */
export function withFirstFrame(html: string, frame: string | undefined) {
  const root = '<div id="root"></div>';
  if (frame === undefined || !html.includes(root)) return html;
  return html.replace(root, `<div id="root">${frame}</div>`);
}

/** `index.html` with the route's chunks as preload links at the end of its head. */
export function withPreloads(html: string, chunks: { scripts: string[]; styles: string[] }) {
  const links = [
    ...chunks.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...chunks.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  if (links.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** The id of the page's list of scripts that `AFTER_PAINT_LOADER` adds. */
const AFTER_PAINT_LIST_ID = 'cadence-scripts';

/**
 * The page's one inline script: once the browser reports the first frame's paint
 * (`first-contentful-paint`; a second at most, for a frame with nothing to paint), it adds
 * the app's module scripts and their preloads, listed in `#cadence-scripts`. (A
 * `requestAnimationFrame` callback comes before the frame reaches the screen, about 25 ms
 * early on this machine: only browsers without paint timing use it.) Without it, a browser that has the scripts early (a fast line, a
 * warm cache) runs them before its first paint, and the frame that is already in the HTML
 * waits for React; Lighthouse's simulated slow phone then counts every script as in the
 * way of the largest paint (decision 126). A hidden tab, which paints no frames, loads
 * them at once. Constant text, so the CSP names it by hash (`AFTER_PAINT_CSP_SOURCE`).
 */
export const AFTER_PAINT_LOADER = `(()=>{const list=document.getElementById('${AFTER_PAINT_LIST_ID}');if(!list)return;const{modules,styles,entries}=JSON.parse(list.textContent);const add=(tag,props)=>{const el=document.createElement(tag);Object.assign(el,props);el.crossOrigin='';document.head.append(el)};let done=false;const load=()=>{if(done)return;done=true;for(const href of modules)add('link',{rel:'modulepreload',href});for(const href of styles)add('link',{rel:'preload',as:'style',href});for(const src of entries)add('script',{type:'module',src})};if(document.visibilityState==='hidden')return load();if(self.PerformanceObserver&&PerformanceObserver.supportedEntryTypes.includes('paint')){new PerformanceObserver((found)=>{if(found.getEntriesByName('first-contentful-paint').length>0)load()}).observe({type:'paint',buffered:true});setTimeout(load,1000)}else requestAnimationFrame(()=>setTimeout(load,0))})()`;

/** The CSP `script-src` source that allows `AFTER_PAINT_LOADER` and no other inline script. */
export const AFTER_PAINT_CSP_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g;
const STYLE_PRELOAD = /<link\b[^>]*\brel="preload"[^>]*\bas="style"[^>]*\bhref="([^"]+)"[^>]*>\s*/g;

/**
 * `html` with its module scripts and preloads moved out of the head into a list that
 * `AFTER_PAINT_LOADER` adds once the first frame has painted. Stylesheets stay where they
 * are: the first frame needs them.
 */
export function withScriptsAfterPaint(html: string) {
  const take = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);
  const entries = take(MODULE_SCRIPT);
  if (entries.length === 0 || !html.includes('</body>')) return html;
  const list = { modules: take(MODULE_PRELOAD), styles: take(STYLE_PRELOAD), entries };
  // `<` escaped: the list cannot end its own script element, whatever a file is called.
  const json = JSON.stringify(list).replaceAll('<', '\\u003c');
  const moved = html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(STYLE_PRELOAD, '');
  return moved.replace(
    '</body>',
    `  <script type="application/json" id="${AFTER_PAINT_LIST_ID}">${json}</script>\n    <script>${AFTER_PAINT_LOADER}</script>\n  </body>`,
  );
}

/**
 * The page for each screen's path: without the links, the browser learns the screen's
 * chunks only once the entry has downloaded and run (about 1 s on a 1.6 Mbps line), and
 * then fetches them six at a time. Built again whenever `index.html` changes (a rebuild
 * while the server runs); `null` when the build has no manifest or route list, so the
 * plain `index.html` is sent.
 */
/** How often a page request may look at the build's files for a rebuild. */
const RECHECK_MS = 2_000;

export function createRoutePages(webDistDir: string, options: { demo?: boolean } = {}) {
  const indexPath = path.join(webDistDir, 'index.html');
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  const sourcesPath = path.join(webDistDir, '..', 'build', 'route-sources.json');
  const framesPath = path.join(webDistDir, '.vite', 'first-frames.json');
  let builtFor = -1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pages = new Map<string, Page>();

  function load() {
    // A rebuild is looked for at most every few seconds, not on every page request.
    const now = Date.now();
    if (now - checkedAt < RECHECK_MS) return;
    checkedAt = now;
    const stamp = Math.max(
      ...[indexPath, manifestPath, framesPath].map((file) =>
        existsSync(file) ? statSync(file).mtimeMs : 0,
      ),
    );
    if (stamp === builtFor) return;
    builtFor = stamp;
    pages = new Map();
    if (!existsSync(manifestPath) || !existsSync(sourcesPath)) return;
    try {
      const index = readFileSync(indexPath, 'utf8');
      const html = options.demo === true ? withDemoMark(index) : index;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
      const routes = JSON.parse(readFileSync(sourcesPath, 'utf8')) as Record<string, string[]>;
      // A build from before first frames (or one whose frames failed) still gets its links.
      const frames = existsSync(framesPath)
        ? (JSON.parse(readFileSync(framesPath, 'utf8')) as FirstFrames)
        : {};
      for (const [route, sources] of Object.entries(routes)) {
        const frame = frames[route]?.[options.demo === true ? 'demo' : 'plain'];
        const page = withScriptsAfterPaint(
          withFirstFrame(withPreloads(html, routeChunks(manifest, sources)), frame),
        );
        pages.set(route, encoded(page));
      }
    } catch {
      // A half-written build: the plain index.html serves until the next change.
      pages = new Map();
    }
  }

  return {
    /** The route's page in the best encoding `acceptEncoding` allows; null: not a screen. */
    pageFor(
      pathname: string,
      acceptEncoding = '',
    ): { body: Buffer; encoding: 'br' | 'gzip' | null; etag: string } | null {
      load();
      const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const page = pages.get(route);
      if (!page) return null;
      const accepted = acceptedEncodings(acceptEncoding);
      if (accepted.has('br')) return { body: page.br, encoding: 'br', etag: page.etag };
      if (accepted.has('gzip')) return { body: page.gzip, encoding: 'gzip', etag: page.etag };
      return { body: page.plain, encoding: null, etag: page.etag };
    },
  };
}

interface Page {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak: the same page in any encoding (`no-cache` revalidates it with If-None-Match). */
  etag: string;
}

/**
 * Compressed once per build, as the web build does for its own files (the not-found
 * handler that sends these does not pass through the server's compression hook).
 */
function encoded(html: string): Page {
  const plain = Buffer.from(html);
  return {
    plain,
    br: brotliCompressSync(plain, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(plain, { level: 9 }),
    etag: `W/"${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}"`,
  };
}

/** The codings an Accept-Encoding header allows (q=0 excluded). */
export function acceptedEncodings(header: string): Set<string> {
  const names = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) names.add(name);
  }
  return names;
}
