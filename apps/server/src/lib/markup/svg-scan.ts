import { forwardFinder, isLetter, isSpace, type MarkupLimits } from './scan-text.js';

/*
 * A cheap first look at an uploaded SVG before anything builds a DOM of it: one pass over
 * the text that counts the elements and the deepest nesting the HTML parser behind
 * DOMPurify would build, and stops as soon as either passes its cap. The cost of cleaning
 * grows steeply with nesting (decision 102), so a file over the caps is refused by the scan
 * (a few milliseconds for the largest file, in the markup worker) and never reaches the
 * cleaner.
 *
 * The scan follows the HTML tokenizer where a mistake could hide elements from it
 * (comments, quoted attribute values, bogus comments, end tags that close nothing) and errs
 * towards counting more where the parser would build less (implied end tags, misnesting).
 * It is a bound, not a parser: the worker's time limit stays the guarantee.
 */

export interface SvgLimits extends MarkupLimits {
  /** Elements the cleaner removes (see KEPT): each removal costs it more the more there are. */
  maxUndrawn: number;
}

/**
 * Far above real logos: a heavy illustrated logo exported from a drawing program (884 KB)
 * has 3,698 elements nested 3 deep; everyday logos have tens to a few hundred, rarely
 * nested more than ten deep. The worst files within the caps we found clean in about a
 * second in the worker (decision 102), well inside its time limit.
 */
export const SVG_LIMITS: SvgLimits = { maxElements: 10_000, maxDepth: 100, maxUndrawn: 1_000 };

export type SvgScan =
  | {
      ok: true;
      elements: number;
      depth: number;
      /** The first start tag's text when it is `<svg ...>`: what image-size needs to measure. */
      rootTag: string | undefined;
    }
  | { ok: false; reason: 'elements' | 'depth' | 'undrawn'; elements: number; depth: number };

/**
 * The elements the cleaner keeps (clean-svg.ts: DOMPurify's SVG and SVG filter profiles,
 * less the animation, foreignObject and style elements it is told to drop), in lower case.
 * Drawing programs add a few others (metadata, their own settings); thousands are junk,
 * and removing them costs DOMPurify time that grows with their number squared (10,000
 * `<b></b>` take it over 10 s).
 */
const KEPT = new Set(
  (
    'svg a altglyph altglyphdef altglyphitem animatecolor circle clippath defs desc ellipse ' +
    'filter font g glyph glyphref hkern image line lineargradient marker mask metadata mpath ' +
    'path pattern polygon polyline radialgradient rect stop switch symbol text textpath title ' +
    'tref tspan view vkern feblend fecolormatrix fecomponenttransfer fecomposite ' +
    'feconvolvematrix fediffuselighting fedisplacementmap fedistantlight fedropshadow feflood ' +
    'fefunca fefuncb fefuncg fefuncr fegaussianblur feimage femerge femergenode femorphology ' +
    'feoffset fepointlight fespecularlighting fespotlight fetile feturbulence'
  ).split(' '),
);

/** HTML elements that never hold children. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Start tags that leave SVG for HTML, wherever they stand inside an `<svg>`. */
const BREAKOUT = new Set(
  (
    'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i ' +
    'img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt ' +
    'u ul var'
  ).split(' '),
);

/** SVG and MathML elements whose children are parsed as HTML. */
const HTML_INSIDE = new Set([
  'foreignobject',
  'desc',
  'title',
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
]);

export interface Tag {
  /** Lower case, as the parser keeps it. */
  name: string;
  /** Just past the tag's `>`. */
  end: number;
  selfClosing: boolean;
  /** Attribute names, for `<font>` only. */
  attributes: string[];
}

/**
 * Reads one tag from its name (at `start`) to just past its `>`, the way the HTML tokenizer
 * does: quoted values may hold `>`, and `/` closes the tag only outside an unquoted value.
 * Undefined when the text ends inside the tag (the parser then drops it).
 */
export function readTag(text: string, start: number): Tag | undefined {
  const length = text.length;
  let i = start;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (isSpace(code) || code === 0x2f || code === 0x3e) break;
    i++;
  }
  const name = text.slice(start, i).toLowerCase();
  // Only `<font>` is judged by its attribute names (see BREAKOUT); the rest need none.
  const keepNames = name === 'font';
  const attributes: string[] = [];
  let slash = false;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === 0x3e) return { name, end: i + 1, selfClosing: slash, attributes };
    if (code === 0x2f) {
      slash = true;
      i++;
      continue;
    }
    slash = false;
    if (isSpace(code)) {
      i++;
      continue;
    }
    // An attribute name (its first character may be `=`, as the tokenizer allows).
    const nameStart = i;
    i++;
    while (i < length) {
      const c = text.charCodeAt(i);
      if (isSpace(c) || c === 0x2f || c === 0x3e || c === 0x3d) break;
      i++;
    }
    if (keepNames) attributes.push(text.slice(nameStart, i).toLowerCase());
    while (i < length && isSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== 0x3d) continue;
    i++;
    while (i < length && isSpace(text.charCodeAt(i))) i++;
    const quote = text.charCodeAt(i);
    if (quote === 0x22 || quote === 0x27) {
      const close = text.indexOf(quote === 0x22 ? '"' : "'", i + 1);
      if (close < 0) return undefined;
      i = close + 1;
    } else {
      // Unquoted: up to a space or `>`; a `/` in it is part of the value.
      while (i < length) {
        const c = text.charCodeAt(i);
        if (isSpace(c) || c === 0x3e) break;
        i++;
      }
    }
  }
  return undefined;
}

/**
 * An element outside SVG counts as this many levels: the HTML parser may wrap it in
 * elements of its own (a `<td>` in a `<table>` gets a `<tbody>` and a `<tr>`).
 */
const HTML_LEVELS = 3;

interface Open {
  name: string;
  /** An SVG (or MathML) element, not HTML. */
  foreign: boolean;
  /** The nesting down to and with this element. */
  level: number;
}

export function scanSvg(text: string, limits: SvgLimits = SVG_LIMITS): SvgScan {
  const find = forwardFinder(text);
  // The open elements, as the parser keeps them.
  const open: Open[] = [];
  let elements = 0;
  let undrawn = 0;
  let depth = 0;
  let rootTag: string | undefined;
  const over = (reason: 'elements' | 'depth' | 'undrawn') =>
    ({ ok: false, reason, elements, depth }) as const;
  const top = () => open[open.length - 1];
  /** Whether what comes next is parsed as SVG (inside an SVG element that is no HTML island). */
  const inSvg = () => {
    const current = top();
    return current !== undefined && current.foreign && !HTML_INSIDE.has(current.name);
  };
  /** A breakout tag in SVG first closes the SVG elements up to the nearest HTML one. */
  const breakOut = () => {
    while (inSvg()) open.pop();
  };
  /** A new element at the current level, answered with its nesting (a leaf's counts too). */
  const add = (name: string, isForeign: boolean) => {
    elements++;
    if (!isForeign || !KEPT.has(name)) undrawn++;
    const level = (top()?.level ?? 0) + (isForeign ? 1 : HTML_LEVELS);
    depth = Math.max(depth, level);
    return level;
  };

  /** An end tag closes the nearest open element of its name, never past an HTML one. */
  const close = (name: string) => {
    for (let k = open.length - 1; k >= 0; k--) {
      if (open[k]!.name === name) {
        open.length = k;
        return;
      }
      if (!open[k]!.foreign) return;
    }
  };

  /**
   * Just past the first of `needles` from `from`. When none comes, just past the `<` at
   * `lt`: the parser would take the rest as one comment or tag, and reading it as markup
   * instead only sees more.
   */
  const past = (lt: number, from: number, ...needles: string[]) => {
    let end = -1;
    let length = 0;
    for (const needle of needles) {
      const at = find(needle, from);
      if (at >= 0 && (end < 0 || at < end)) [end, length] = [at, needle.length];
    }
    return end < 0 ? lt + 1 : end + length;
  };

  let i = 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0 || lt + 1 >= text.length) break;
    const next = text.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', lt)) {
        // `<!-->` and `<!--->` end at once; `--!>` ends a comment as `-->` does.
        i = past(lt, lt + 2, '-->', '--!>');
      } else if (inSvg() && text.startsWith('<![CDATA[', lt)) {
        i = past(lt, lt + 9, ']]>');
      } else {
        // A doctype, an entity declaration, CDATA in HTML: the parser ends it at the first `>`.
        i = past(lt, lt + 2, '>');
      }
      continue;
    }
    if (next === 0x3f /* ? */) {
      i = past(lt, lt + 2, '>');
      continue;
    }
    if (next === 0x2f /* / */) {
      if (!isLetter(text.charCodeAt(lt + 2))) {
        i = past(lt, lt + 2, '>');
        continue;
      }
      const tag = readTag(text, lt + 2);
      if (!tag) break; // the text ends inside the tag, which the parser then drops
      i = tag.end;
      // `</p>` and `</br>` leave SVG like a breakout tag, and with nothing to close make an
      // element of their own.
      if (tag.name === 'p' || tag.name === 'br') {
        breakOut();
        add(tag.name, false);
        if (elements > limits.maxElements) return over('elements');
        if (undrawn > limits.maxUndrawn) return over('undrawn');
        if (depth > limits.maxDepth) return over('depth');
      }
      close(tag.name);
      continue;
    }
    if (!isLetter(next)) {
      i = lt + 1;
      continue;
    }
    const tag = readTag(text, lt + 1);
    if (!tag) break;
    i = tag.end;
    if (elements === 0 && tag.name === 'svg') rootTag = text.slice(lt, tag.end);
    const breaksOut =
      BREAKOUT.has(tag.name) ||
      (tag.name === 'font' &&
        tag.attributes.some((name) => name === 'color' || name === 'face' || name === 'size'));
    if (breaksOut) breakOut();
    const isForeign = tag.name === 'svg' || tag.name === 'math' || (inSvg() && !breaksOut);
    const level = add(tag.name, isForeign);
    if (elements > limits.maxElements) return over('elements');
    if (undrawn > limits.maxUndrawn) return over('undrawn');
    if (depth > limits.maxDepth) return over('depth');
    // `/>` closes an element only in SVG; in HTML only void elements hold nothing.
    if (isForeign ? tag.selfClosing : VOID.has(tag.name)) continue;
    open.push({ name: tag.name, foreign: isForeign, level });
  }
  return { ok: true, elements, depth, rootTag };
}
