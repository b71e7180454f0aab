import createDOMPurify from 'dompurify';

const LINK_ATTRIBUTES = new Set(['href', 'xlink:href']);

let purifier: ReturnType<typeof createDOMPurify> | undefined;

/** Made on first use: a DOM is costly to build, and most processes never clean an SVG. */
async function getPurifier() {
  if (purifier) return purifier;
  const { JSDOM } = await import('jsdom');
  const { window } = new JSDOM('');
  purifier = createDOMPurify(window as Parameters<typeof createDOMPurify>[0]);
  // A logo draws itself: the only link it may keep points inside the same document
  // (`#gradient`). External files, data: URLs and javascript: URLs (however encoded) all go.
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (
      LINK_ATTRIBUTES.has(data.attrName.toLowerCase()) &&
      !data.attrValue.trim().startsWith('#')
    ) {
      data.keepAttr = false;
    }
  });
  return purifier;
}

export class UnsafeSvgError extends Error {
  constructor() {
    super('The SVG has no drawable content once cleaned');
    this.name = 'UnsafeSvgError';
  }
}

/**
 * Cleans an uploaded SVG with DOMPurify's SVG profile (no script in any namespace, no event
 * handlers, no foreignObject, no animation that could set a link) and keeps only in-document
 * links. Answers the cleaned document, which is what gets stored.
 */
export async function sanitizeSvg(bytes: Buffer): Promise<Buffer> {
  const clean = (await getPurifier()).sanitize(bytes.toString('utf8'), {
    USE_PROFILES: { svg: true, svgFilters: true },
    // Animation elements can rewrite attributes (e.g. <set attributeName="href" to="javascript:...">).
    FORBID_TAGS: ['set', 'animate', 'animateMotion', 'animateTransform', 'foreignObject', 'style'],
    FORBID_ATTR: ['style'],
  });
  if (!/^\s*<svg[\s>]/i.test(clean)) throw new UnsafeSvgError();
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${clean}`, 'utf8');
}
