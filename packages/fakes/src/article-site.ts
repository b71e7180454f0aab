import { startFakeHttp } from './fake-http.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The address of one article on the article site: the news and web stand-ins link here. */
export function articlePath(kind: 'news' | 'web', topic: string, n: number) {
  const slug = topic
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return `/${kind}/${encodeURIComponent(slug || 'news')}/${n}`;
}

/** The article's text, made from its topic, so a reader (the AI) has something real to read. */
export function articleText(topic: string, n: number) {
  return [
    `${topic} keeps drawing attention this week, and this is part ${n} of our coverage.`,
    `People close to ${topic} say the changes came after months of planning, and that customers will notice them first in small ways: shorter waits, clearer prices and more choice.`,
    `Local businesses are watching ${topic} closely. Several told us they plan to share what they learn with their own customers on social media in the coming days.`,
  ];
}

/**
 * A local site of article pages for the demo's search stand-ins: `/news/<topic>/<n>` and
 * `/web/<topic>/<n>` answer a readable page about the topic (title, description, paragraphs),
 * so 'Scan URL' and 'From Articles' read a real page without the internet.
 */
export async function startFakeArticleSite() {
  const http = await startFakeHttp(({ method, url }) => {
    const match = /^\/(news|web)\/([^/]+)\/(\d+)$/.exec(url.pathname);
    if ((method !== 'GET' && method !== 'HEAD') || !match) {
      return { status: 404, text: 'Not found', contentType: 'text/plain' };
    }
    const topic = decodeURIComponent(match[2]!).replace(/-/g, ' ');
    const n = Number(match[3]);
    const title = match[1] === 'news' ? `${topic}: story ${n}` : `${topic} – page ${n}`;
    const paragraphs = articleText(topic, n);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(paragraphs[0]!)}">
</head><body><header>Local Gazette (demo stand-in)</header>
<main><article><h1>${escapeHtml(title)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
</article></main></body></html>`;
    return { status: 200, text: html, contentType: 'text/html; charset=utf-8' };
  });
  return {
    origin: http.origin,
    /** The host:port the server's fetch guard must let through (FETCH_ALLOW_HOSTS). */
    host: new URL(http.origin).host,
    url: (kind: 'news' | 'web', topic: string, n: number) =>
      `${http.origin}${articlePath(kind, topic, n)}`,
    close: http.close,
  };
}
