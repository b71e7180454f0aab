import { describe, expect, it } from 'vitest';
import { scanSvg, SVG_LIMITS } from './svg-scan.js';

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="64">${body}</svg>`;
const nested = (depth: number, tag = 'g') =>
  svg(`${`<${tag}>`.repeat(depth)}<circle r="3"/>${`</${tag}>`.repeat(depth)}`);

describe('the SVG pre-scan', () => {
  it('counts the elements and the nesting of a plain logo, and finds its root tag', () => {
    const text = `<?xml version="1.0"?>\n<!-- made by hand -->\n${svg(
      '<defs><linearGradient id="a"><stop offset="0"/></linearGradient></defs><g><path d="M0 0h64"/></g>',
    )}`;
    expect(scanSvg(text)).toEqual({
      ok: true,
      elements: 6,
      depth: 4,
      rootTag: '<svg xmlns="http://www.w3.org/2000/svg" width="64">',
    });
  });

  it('refuses nesting past the cap, however small the file', () => {
    // The root, 98 groups and the circle in the innermost one: 100 levels.
    expect(scanSvg(nested(SVG_LIMITS.maxDepth - 2))).toMatchObject({ ok: true, depth: 100 });
    const deep = nested(10_000);
    expect(deep.length).toBeLessThan(72_000); // 68 KiB
    expect(scanSvg(deep)).toMatchObject({ ok: false, reason: 'depth', depth: 101 });
  });

  it('refuses more elements than the cap, stopping at the first one over', () => {
    expect(scanSvg(svg('<rect/>'.repeat(SVG_LIMITS.maxElements - 1))).ok).toBe(true);
    expect(scanSvg(svg('<rect/>'.repeat(50_000)))).toMatchObject({
      ok: false,
      reason: 'elements',
      elements: SVG_LIMITS.maxElements + 1,
    });
  });

  it('refuses more elements that draw nothing than the cap: the cleaner would remove them', () => {
    const metadata = (count: number) =>
      svg(`<metadata>${'<rdf:li>x</rdf:li>'.repeat(count)}</metadata><rect/>`);
    expect(scanSvg(metadata(SVG_LIMITS.maxUndrawn)).ok).toBe(true);
    expect(scanSvg(metadata(SVG_LIMITS.maxUndrawn + 1))).toMatchObject({
      ok: false,
      reason: 'undrawn',
    });
    // HTML inside an SVG draws nothing either, nor do the elements the cleaner drops.
    expect(scanSvg(svg('<b></b>'.repeat(1_001)))).toMatchObject({ ok: false, reason: 'undrawn' });
    expect(scanSvg(svg('<animate/>'.repeat(1_001)))).toMatchObject({
      ok: false,
      reason: 'undrawn',
    });
    expect(scanSvg(svg('<feGaussianBlur/><linearGradient/>'.repeat(1_000))).ok).toBe(true);
  });

  it('takes caps of its own', () => {
    expect(scanSvg(nested(3), { maxElements: 100, maxDepth: 4, maxUndrawn: 100 })).toMatchObject({
      ok: false,
      reason: 'depth',
    });
    expect(scanSvg(nested(3), { maxElements: 3, maxDepth: 100, maxUndrawn: 100 })).toMatchObject({
      ok: false,
      reason: 'elements',
    });
  });

  describe('counts what the HTML parser would build', () => {
    it.each([
      ['`>` inside quoted values', svg('<g data-x="a>b" data-y=\'c>d\'>'.repeat(150))],
      ['end tags that close nothing', svg('<g></x>'.repeat(150))],
      ['end tags behind an HTML element', svg('<g><div></g>'.repeat(75))],
      ['`/>` in HTML, which closes nothing there', `<svg></svg>${'<div/>'.repeat(150)}`],
      ['`/>` under an HTML element inside the SVG', svg(`<p>${'<g/>'.repeat(150)}`)],
      ['`/>` inside <title>, whose content is HTML', svg(`<title>${'<x/>'.repeat(150)}</title>`)],
      ['`/>` after an unquoted value, which keeps the slash', svg('<g a=b/>'.repeat(150))],
      ['a comment ended by `--!>`', svg(`<!-- --!>${'<g>'.repeat(150)} -->`)],
      ['an abrupt empty comment', svg(`<!-->${'<g>'.repeat(150)} -->`)],
      ['a processing instruction, which ends at `>`', svg(`<?x > ${'<g>'.repeat(150)} ?>`)],
      [
        'a doctype subset, which ends at `>`',
        `<!DOCTYPE svg [<!ENTITY a "b">${'<g>'.repeat(150)}]>`,
      ],
      ['an HTML breakout tag', svg('<g><span><g>'.repeat(50))],
    ])('nesting hidden by %s is seen', (_case, text) => {
      expect(scanSvg(text)).toMatchObject({ ok: false, reason: 'depth' });
    });

    it.each([
      ['self-closing SVG elements', svg('<rect/>'.repeat(500))],
      ['closed elements', svg('<g><rect></rect></g>'.repeat(500))],
      ['a comment', svg(`<!--${'<g>'.repeat(500)}-->`)],
      ['CDATA inside the SVG', svg(`<style><![CDATA[${'<g>'.repeat(500)}]]></style>`)],
      ['a quoted value', svg(`<g data-x="${'<g>'.repeat(500)}"></g>`)],
      ['void HTML elements', svg(`<title>${'<br>'.repeat(500)}</title>`)],
    ])('%s add no depth', (_case, text) => {
      expect(scanSvg(text)).toMatchObject({ ok: true });
      expect((scanSvg(text) as { depth: number }).depth).toBeLessThanOrEqual(5);
    });
  });

  it('stops at a tag the text ends in (the parser drops it), reads on past an open comment', () => {
    expect(scanSvg('<svg><g data-x="never closed <g><g>')).toMatchObject({ ok: true, elements: 1 });
    expect(scanSvg('<svg><!-- never closed <g><g>')).toMatchObject({ ok: true, elements: 3 });
  });

  it('stays linear on many comments that never meet a `--!>`', () => {
    // Searching for each comment's end afresh from every comment would be quadratic here.
    const text = svg('<!-- a -->'.repeat(200_000));
    expect(text.length).toBeGreaterThan(2_000_000);
    expect(scanSvg(text)).toMatchObject({ ok: true, elements: 1 });
  });
});
