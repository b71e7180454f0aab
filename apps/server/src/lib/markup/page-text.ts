import { extractPageText, type PageText } from '../html-text.js';
import { HTML_LIMITS, scanHtml } from './html-scan.js';
import { overCaps } from './markup-protocol.js';

/**
 * A fetched page's title, description and main text; runs in the markup worker. A page over
 * the scan's caps (html-scan.ts) is refused with TOO_COMPLEX before the parser sees it.
 */
export function readPageText(html: string, limits = HTML_LIMITS): PageText {
  const scan = scanHtml(html, limits);
  if (!scan.ok) throw overCaps(scan, limits);
  return extractPageText(html);
}
