import createDOMPurify from 'dompurify';
import { namedError, overCaps, UNSAFE_SVG } from './markup-protocol.js';
import { scanSvg, SVG_LIMITS, type SvgLimits } from './svg-scan.js';

/** Script, event handlers, external documents: none of it belongs in a logo. */
const ACTIVE_SVG_CONTENT =
  /<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|(?:href|src)\s*=\s*["']?\s*(?:javascript|data:text\/html)/i;

const LINK_ATTRIBUTES = new Set(['href', 'xlink:href']);

let purifier: ReturnType<typeof createDOMPurify> | undefined;

/**
 * Builds the cleaner: a jsdom window and DOMPurify on it. Costly (about a second), so the
 * markup worker does it on its first SVG and keeps it; never on the server's main thread.
 */
export async function loadSvgCleaner() {
  if (purifier) return;
  const { JSDOM } = await import('jsdom');
  const { window } = new JSDOM('');
  const made = createDOMPurify(window as Parameters<typeof createDOMPurify>[0]);
  // A logo draws itself: the only link it may keep points inside the same document
  // (`#gradient`). External files, data: URLs and javascript: URLs (however encoded) all go.
  made.addHook('uponSanitizeAttribute', (_node, data) => {
    if (
      LINK_ATTRIBUTES.has(data.attrName.toLowerCase()) &&
      !data.attrValue.trim().startsWith('#')
    ) {
      data.keepAttr = false;
    }
  });
  purifier = made;
}

/**
 * Judges an uploaded SVG before any DOM is built of it (a few milliseconds at most): over
 * the scan's caps (svg-scan.ts) it throws TOO_COMPLEX; with script, event handlers or
 * external documents, UNSAFE_SVG.
 */
export function judgeSvg(text: string, limits: SvgLimits = SVG_LIMITS) {
  const scan = scanSvg(text, limits);
  if (!scan.ok) throw overCaps(scan, limits);
  if (ACTIVE_SVG_CONTENT.test(text)) throw namedError(UNSAFE_SVG, 'script or event handler');
}

/**
 * Cleans a judged SVG with DOMPurify's SVG profile (no script in any namespace, no event
 * handlers, no foreignObject, no animation that could set a link), keeping only
 * in-document links. Answers the cleaned document, which is what gets stored; UNSAFE_SVG
 * when nothing drawable is left. Runs in the markup worker, after `loadSvgCleaner`.
 */
export function cleanSvg(text: string): string {
  if (!purifier) throw new Error('loadSvgCleaner() must run first');
  const clean = purifier.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // Animation elements can rewrite attributes (e.g. <set attributeName="href" to="javascript:...">).
    FORBID_TAGS: ['set', 'animate', 'animateMotion', 'animateTransform', 'foreignObject', 'style'],
    FORBID_ATTR: ['style'],
  });
  if (!/^\s*<svg[\s>]/i.test(clean)) {
    throw namedError(UNSAFE_SVG, 'no drawable content once cleaned');
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${clean}`;
}
