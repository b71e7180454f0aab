import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { HTML_LIMITS, scanHtml } from './html-scan.js';

/** The deepest element of node-html-parser's tree: what the scan must not fall short of. */
function parsedDepth(html: string) {
  type Node = { childNodes: Node[]; nodeType: number };
  const deepest = (node: Node): number =>
    Math.max(0, ...node.childNodes.filter((child) => child.nodeType === 1).map(deepest)) + 1;
  return deepest(parse(html)) - 1;
}

const NO_CAPS = { maxElements: Infinity, maxDepth: Infinity };

describe('the web page pre-scan', () => {
  it('counts a page as the parser nests it', () => {
    const page =
      '<!doctype html><html><head><title>T</title><script>if (a < b) document.write("<div><div>")</script></head>' +
      '<body><ul><li>one<li>two</ul><p>a<p>b<br><img src=x><svg><path d="M0 0"/></svg></body></html>';
    // html > body > p > svg > path
    expect(scanHtml(page)).toEqual({ ok: true, elements: 14, depth: 5 });
    expect(parsedDepth(page)).toBe(5);
  });

  it('refuses nesting past the cap, unclosed or closed', () => {
    expect(scanHtml(`<body>${'<div>'.repeat(999)}x</body>`).ok).toBe(true);
    expect(scanHtml(`<body>${'<div>'.repeat(100_000)}x</body>`)).toMatchObject({
      ok: false,
      reason: 'depth',
      depth: HTML_LIMITS.maxDepth + 1,
    });
    const closed = `${'<span>'.repeat(5_000)}x${'</span>'.repeat(5_000)}`;
    expect(scanHtml(closed)).toMatchObject({ ok: false, reason: 'depth' });
  });

  it('refuses more elements than the cap', () => {
    expect(scanHtml('<br>'.repeat(HTML_LIMITS.maxElements + 1))).toMatchObject({
      ok: false,
      reason: 'elements',
    });
  });

  it.each([
    ['mixed-case names the parser does not close', '<Li>'.repeat(50)],
    ['end tags in another case', '<DIV></div>'.repeat(50)],
    ['`/>` after an unquoted value', '<a x=y/>'.repeat(50)],
    ['an unclosed comment, which is no comment', `<!-- ${'<div>'.repeat(50)}`],
    ['a script that never ends', `${'<div>'.repeat(49)}<script>`],
  ])('follows the parser on %s', (_case, html) => {
    const scan = scanHtml(html, NO_CAPS);
    expect(scan.ok && scan.depth).toBeGreaterThanOrEqual(parsedDepth(html));
    expect(scan.ok && scan.depth).toBeGreaterThanOrEqual(49);
  });

  it.each([
    ['closed list items', '<ul>' + '<li>x'.repeat(500) + '</ul>'],
    ['paragraphs closed by the next one', '<p>x'.repeat(500)],
    ['table cells', '<table>' + '<tr><td>x<td>y'.repeat(300) + '</table>'],
    ['self-closing tags', '<path d="0"/>'.repeat(500)],
    ['text in a script', `<script>${'<div>'.repeat(500)}</script>`],
    ['a comment', `<!--${'<div>'.repeat(500)}-->`],
    ['CDATA', `<![CDATA[${'<div>'.repeat(500)}]]>`],
  ])('%s add no depth', (_case, html) => {
    const scan = scanHtml(html, NO_CAPS);
    expect(scan.ok && scan.depth).toBeLessThanOrEqual(4);
  });

  it('never falls short of the parsed depth on mixed markup', () => {
    const parts = ['<div>', '</div>', '<p>', '<li>', '</ul>', '<LI>', '<td>', '<tr>', '<b>'];
    let seed = 1;
    for (let round = 0; round < 300; round++) {
      let html = '';
      for (let k = 0; k < 40; k++) {
        seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
        html += parts[seed % parts.length];
      }
      const scan = scanHtml(html, NO_CAPS);
      expect(scan.ok && scan.depth).toBeGreaterThanOrEqual(parsedDepth(html));
    }
  });
});
