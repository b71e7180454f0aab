import { forwardFinder, isLetter, isSpace, type MarkupLimits } from './scan-text.js';

/*
 * A cheap first look at a fetched web page before node-html-parser takes it apart
 * (lib/html-text.ts): one pass that keeps the stack of open elements the way that parser
 * does and stops once the nesting or the element count passes its cap. The parser's cost
 * grows with the square of the nesting it is left with (8,000 unclosed `<div>`s, 40 KB,
 * take about a second; 2 MB of them would take hours), and its text reading recurses, so
 * deeper nesting overflows the stack (decision 102).
 *
 * Where this scan reads the text differently it sees more: a tag ends at its first `>`
 * (the parser may read on through a quoted value).
 */

/**
 * Real pages nest tens of elements deep and hold a few thousand to tens of thousands;
 * the parser takes 1,000 levels in a few tens of milliseconds.
 */
export const HTML_LIMITS: MarkupLimits = { maxElements: 200_000, maxDepth: 1_000 };

export type HtmlScan =
  | { ok: true; elements: number; depth: number }
  | { ok: false; reason: 'elements' | 'depth'; elements: number; depth: number };

/** The parser's names match in lower or upper case only (`LI`, `li`, never `Li`). */
const caseOf = (name: string) =>
  name === name.toLowerCase() || name === name.toUpperCase() ? name.toLowerCase() : undefined;

const table = (entries: Record<string, string>) =>
  new Map(Object.entries(entries).map(([key, names]) => [key, new Set(names.split(' '))]));

/** An open element that a new start tag closes first (node-html-parser's rules). */
const CLOSED_BY_OPENING = table({
  li: 'li',
  p: 'p div',
  b: 'div',
  td: 'td th tr tbody tfoot',
  th: 'td th tr tbody tfoot',
  tr: 'tr tbody tfoot',
  thead: 'tbody tfoot',
  tbody: 'tbody tfoot',
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  h6: 'h6',
  dt: 'dt dd',
  dd: 'dt dd',
});

/** An open element (any case) that an end tag of another name closes. */
const CLOSED_BY_CLOSING = table({
  li: 'ul ol',
  a: 'div',
  b: 'div',
  i: 'div',
  p: 'div',
  td: 'tr table thead tbody tfoot',
  th: 'tr table thead tbody tfoot',
  tr: 'table thead tbody tfoot',
  tbody: 'table',
  tfoot: 'table',
  dt: 'dl body html',
  dd: 'dl body html',
});

/** End tags that do not close an open `<p>` inside their element. */
const P_KEPT_OPEN_BY = new Set(['a', 'audio', 'del', 'ins', 'map', 'noscript', 'video']);

const VOID = new Set(
  'area base br col embed hr img input link meta param source track wbr'.split(' '),
);

/** Elements whose content the parser skips as text, up to `</name>` in the same case. */
const TEXT_ONLY = new Set(['script', 'style', 'noscript']);

/** An unquoted value just before `/>`: the slash is part of it, not a self-closing mark. */
const UNQUOTED_VALUE_AT_END = /(?:^|\s)[^\s"'<>=/]+\s*=\s*[^\s"'<>`]+$/;

export function scanHtml(text: string, limits: MarkupLimits = HTML_LIMITS): HtmlScan {
  const find = forwardFinder(text);
  const open: string[] = [];
  let elements = 0;
  let depth = 0;
  const over = (reason: 'elements' | 'depth') => ({ ok: false, reason, elements, depth }) as const;
  const top = () => open[open.length - 1];

  const close = (name: string) => {
    for (;;) {
      const current = top();
      if (current === undefined) return;
      if (current === name) {
        open.pop();
        return;
      }
      const closers = CLOSED_BY_CLOSING.get(current.toLowerCase());
      const lower = caseOf(name);
      if (lower !== undefined && closers?.has(lower)) {
        open.pop();
        continue;
      }
      const container = open[open.length - 2];
      if (
        current.toLowerCase() === 'p' &&
        container !== undefined &&
        container.toLowerCase() === name.toLowerCase() &&
        !P_KEPT_OPEN_BY.has(name.toLowerCase())
      ) {
        open.pop();
        continue;
      }
      return;
    }
  };

  let i = 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    i = lt + 1;
    if (text.startsWith('<!--', lt)) {
      // Without a `-->` later it is no comment, and what follows is read as markup.
      const end = find('-->', lt + 4);
      if (end >= 0) i = end + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      // Text, as the parser reads it, when a `]]>` ends it.
      const end = find(']]>', lt + 9);
      if (end >= 0) i = end + 3;
      continue;
    }
    const isEnd = text.charCodeAt(lt + 1) === 0x2f;
    const nameStart = lt + (isEnd ? 2 : 1);
    if (!isLetter(text.charCodeAt(nameStart))) continue;
    const gt = find('>', nameStart);
    if (gt < 0) break;
    let nameEnd = nameStart;
    while (nameEnd < gt) {
      const code = text.charCodeAt(nameEnd);
      if (isSpace(code) || code === 0x2f) break;
      nameEnd++;
    }
    const name = text.slice(nameStart, nameEnd);
    i = gt + 1;
    if (isEnd) {
      close(name);
      continue;
    }
    elements++;
    if (elements > limits.maxElements) return over('elements');
    const lower = caseOf(name);
    const closedBy = (current: string | undefined) => {
      const currentLower = current === undefined ? undefined : caseOf(current);
      return lower !== undefined && currentLower !== undefined
        ? CLOSED_BY_OPENING.get(currentLower)?.has(lower) === true
        : false;
    };
    // `/>` closes the element, unless the slash ends an unquoted value (`<a x=y/>`).
    const slash = text.charCodeAt(gt - 1) === 0x2f && gt - 1 >= nameEnd;
    const isVoid = lower !== undefined && VOID.has(lower);
    const selfClosing =
      slash && (isVoid || !UNQUOTED_VALUE_AT_END.test(text.slice(nameEnd, gt - 1)));
    if (!selfClosing) while (closedBy(top())) open.pop();
    open.push(name);
    depth = Math.max(depth, open.length);
    if (depth > limits.maxDepth) return over('depth');
    if (TEXT_ONLY.has(name.toLowerCase())) {
      const end = text.indexOf(`</${name}>`, i);
      if (end < 0) break; // the rest of the page is this element's text
      i = end + name.length + 3;
      open.pop();
      continue;
    }
    if (selfClosing || isVoid) close(name);
  }
  return { ok: true, elements, depth };
}
