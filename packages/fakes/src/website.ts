import { createServer } from 'node:http';
import { listenOnLoopback } from './listen.js';

export const ACME_HTML = `<!doctype html><html><head>
<title>Acme Rockets – Reusable rockets for small satellites</title>
<meta name="description" content="Acme builds reusable rockets that put small satellites in orbit for a tenth of the usual price.">
<script>window.tracking = 'should not be read';</script>
<style>body { color: red }</style>
</head><body>
<nav>Home About Careers</nav>
<main><h1>Launch more, spend less</h1><p>Universities and start-ups book a seat on our weekly launches.</p>
<p>Our engines land and fly again within 48 hours.</p></main>
<footer>© Acme</footer>
</body></html>`;

/**
 * Nesting that costs a page parser dearly: `/deep` nests 100,000 closed `<div>`s (1.1 MB,
 * deeper than a recursive reader's stack), `/deep-open` leaves 16,000 open (80 KB, which
 * node-html-parser takes seconds to untangle).
 */
const DEEP_PAGES: Record<string, string> = {
  '/deep': `<html><head><title>Deep</title></head><body>${'<div>'.repeat(100_000)}text${'</div>'.repeat(100_000)}</body></html>`,
  '/deep-open': `<html><head><title>Deep</title></head><body>${'<div>'.repeat(16_000)}text</body></html>`,
};

/** A local website for server-side fetches: a page, a redirect chain, a huge and deep pages. */
export async function startTestWebsite() {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const hops = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hops) {
      const left = Number(hops[1]);
      response.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/' });
      return response.end();
    }
    if (url.pathname === '/huge') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head><title>Huge</title></head><body><main>');
      for (let i = 0; i < 3_000; i++) response.write(`<p>${'lorem ipsum '.repeat(100)}</p>`);
      return response.end('</main></body></html>');
    }
    const deep = DEEP_PAGES[url.pathname];
    if (deep) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(deep);
    }
    if (url.pathname === '/slow') {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<title>Slow</title>');
      }, 10_000).unref();
      return;
    }
    if (url.pathname !== '/') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end('not found');
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(ACME_HTML);
  });
  const port = await listenOnLoopback(server);
  return {
    port,
    url: (pathname = '/') => `http://localhost:${port}${pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
