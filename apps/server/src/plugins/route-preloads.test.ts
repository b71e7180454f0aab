import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  acceptedEncodings,
  AFTER_PAINT_CSP_SOURCE,
  AFTER_PAINT_LOADER,
  createRoutePages,
  routeChunks,
  withFirstFrame,
  withPreloads,
  withScriptsAfterPaint,
  type Manifest,
} from './route-preloads.js';

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_icon-1.js': { file: 'assets/icon-1.js', imports: ['_react-1.js'] },
  'src/posts-page.tsx': {
    file: 'assets/posts-page-1.js',
    imports: ['index.html', '_react-1.js', '_icon-1.js'],
    css: ['assets/posts-page-1.css'],
  },
};
const HTML =
  '<html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

describe('route preloads', () => {
  it("names the screen's chunks and their imports, not what index.html loads already", () => {
    expect(routeChunks(MANIFEST, ['src/posts-page.tsx'])).toEqual({
      scripts: ['assets/posts-page-1.js', 'assets/icon-1.js'],
      styles: ['assets/posts-page-1.css'],
    });
    expect(routeChunks(MANIFEST, ['src/renamed.tsx'])).toEqual({ scripts: [], styles: [] });
  });

  it('puts the links at the end of the head, with the crossorigin mode of the entry', () => {
    const html = withPreloads(HTML, { scripts: ['assets/a.js'], styles: ['assets/a.css'] });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/a.css">');
    expect(html.indexOf('/assets/a.js')).toBeGreaterThan(html.indexOf('index-1.js'));
    expect(withPreloads(HTML, { scripts: [], styles: [] })).toBe(HTML);
  });

  it("puts a screen's first frame inside the empty #root, and nothing when it has none", () => {
    expect(withFirstFrame(HTML, '<h1>Posts</h1>')).toContain('<div id="root"><h1>Posts</h1></div>');
    expect(withFirstFrame(HTML, undefined)).toBe(HTML);
    expect(withFirstFrame('<div id="root">x</div>', '<h1>Posts</h1>')).toBe(
      '<div id="root">x</div>',
    );
  });

  it('moves the scripts and preloads into the list the inline loader adds after first paint', () => {
    const built =
      '<html><head>\n<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">\n' +
      '<link rel="preload" as="style" crossorigin href="/assets/posts-1.css">\n' +
      '</head><body><div id="root"><h1>Posts</h1></div></body></html>';
    const page = withScriptsAfterPaint(built);
    // Nothing left in the head that the browser would fetch before painting, but the styles.
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('posts-1.css');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    const list = /<script type="application\/json" id="cadence-scripts">(.*?)<\/script>/.exec(page);
    expect(JSON.parse(list![1]!)).toEqual({
      modules: ['/assets/react-1.js'],
      styles: ['/assets/posts-1.css'],
      entries: ['/assets/index-1.js'],
    });
    // After the frame, so the loader finds its list.
    expect(page.indexOf(`<script>${AFTER_PAINT_LOADER}</script>`)).toBeGreaterThan(
      page.indexOf('<h1>Posts</h1>'),
    );
    // A page without module scripts is left as it is.
    expect(withScriptsAfterPaint('<html><body></body></html>')).toBe('<html><body></body></html>');
  });

  it('names the loader in the CSP by the hash of its exact text', () => {
    const hash = createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64');
    expect(AFTER_PAINT_CSP_SOURCE).toBe(`'sha256-${hash}'`);
  });

  it('keeps a file name with "<" from closing the list early', () => {
    const page = withScriptsAfterPaint(
      '<html><head><script type="module" src="/a</script>.js"></script></head><body></body></html>',
    );
    expect(page).toContain('"entries":["/a\\u003c/script>.js"]');
  });

  it('reads Accept-Encoding, leaving out what q=0 refuses', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual([
      'gzip',
      'deflate',
      'br',
      'zstd',
    ]);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect(acceptedEncodings('').size).toBe(0);
  });

  describe('pages per route', () => {
    let root = '';
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('serves each listed route its page, and nothing without a manifest', () => {
      root = mkdtempSync(path.join(tmpdir(), 'cadence-preloads-'));
      const dist = path.join(root, 'dist');
      mkdirSync(path.join(dist, '.vite'), { recursive: true });
      mkdirSync(path.join(root, 'build'));
      writeFileSync(path.join(dist, 'index.html'), HTML);
      writeFileSync(
        path.join(root, 'build', 'route-sources.json'),
        JSON.stringify({ '/posts': ['src/posts-page.tsx'] }),
      );
      expect(createRoutePages(dist).pageFor('/posts')).toBeNull();

      writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      const pages = createRoutePages(dist);
      const plain = pages.pageFor('/posts');
      expect(plain?.encoding).toBeNull();
      expect(plain?.body.toString()).toContain('"/assets/posts-page-1.js"');
      expect(pages.pageFor('/posts/')?.body.toString()).toBe(plain?.body.toString());
      const br = pages.pageFor('/posts', 'gzip, deflate, br');
      expect(br?.encoding).toBe('br');
      expect(brotliDecompressSync(br!.body).toString()).toBe(plain?.body.toString());
      const gzip = pages.pageFor('/posts', 'gzip, br;q=0');
      expect(gzip?.encoding).toBe('gzip');
      expect(gunzipSync(gzip!.body).toString()).toBe(plain?.body.toString());
      expect(pages.pageFor('/companies')).toBeNull();
      expect(plain?.body.toString()).not.toContain('cadence-demo');

      // A demo server's pages say so, so the sign-in page shows its notice in the first frame.
      const demo = createRoutePages(dist, { demo: true }).pageFor('/posts');
      expect(demo?.body.toString()).toContain(
        '<meta name="cadence-demo" content="simulated-networks">',
      );
      expect(demo?.body.toString()).toContain('"/assets/posts-page-1.js"');

      // With first frames, each kind of server sends its own; pages are built again for them.
      writeFileSync(
        path.join(dist, '.vite', 'first-frames.json'),
        JSON.stringify({ '/posts': { plain: '<h1>Posts</h1>', demo: '<h1>Posts (demo)</h1>' } }),
      );
      const framed = createRoutePages(dist).pageFor('/posts')?.body.toString();
      expect(framed).toContain('<div id="root"><h1>Posts</h1></div>');
      expect(framed).toContain('"/assets/posts-page-1.js"');
      expect(createRoutePages(dist, { demo: true }).pageFor('/posts')?.body.toString()).toContain(
        '<div id="root"><h1>Posts (demo)</h1></div>',
      );
    });
  });
});
