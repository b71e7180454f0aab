import { parse } from 'node-html-parser';

export interface PageText {
  title: string;
  description: string;
  text: string;
}

const collapse = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Title, meta description and readable main text of an HTML page, capped to `maxChars`. */
export function extractPageText(html: string, maxChars = 6_000): PageText {
  const root = parse(html, {
    comment: false,
    blockTextElements: { script: false, style: false, noscript: false },
  });
  const meta = (selector: string) =>
    collapse(root.querySelector(selector)?.getAttribute('content') ?? '');
  const title =
    collapse(root.querySelector('title')?.text ?? '') || meta('meta[property="og:title"]');
  const description = meta('meta[name="description"]') || meta('meta[property="og:description"]');
  for (const noise of root.querySelectorAll(
    'script, style, noscript, svg, nav, footer, header, form, iframe, template',
  )) {
    noise.remove();
  }
  const main =
    root.querySelector('main') ??
    root.querySelector('article') ??
    root.querySelector('body') ??
    root;
  const text = collapse(main.structuredText ?? main.text);
  return { title, description, text: text.slice(0, maxChars) };
}
