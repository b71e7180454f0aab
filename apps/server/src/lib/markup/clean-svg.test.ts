import { beforeAll, describe, expect, it } from 'vitest';
import { cleanSvg, judgeSvg, loadSvgCleaner } from './clean-svg.js';
import { TOO_COMPLEX, UNSAFE_SVG } from './markup-protocol.js';

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32">${body}</svg>`;

function nameOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return (error as Error).name;
  }
  return undefined;
}

describe('cleaning an SVG logo (in the markup worker)', () => {
  beforeAll(loadSvgCleaner);

  it('keeps the drawing', () => {
    expect(cleanSvg(svg('<circle cx="16" cy="16" r="15" fill="#4f46e5"/>'))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="15" fill="#4f46e5"></circle></svg>',
    );
  });

  it.each([
    '<script>alert(1)</script>',
    '<a href="javascript:alert(1)"><rect/></a>',
    '<foreignObject><iframe src="x"/></foreignObject>',
    '<image href="x" onerror="alert(1)"/>',
  ])('refuses active SVG content %s', (body) => {
    expect(nameOf(() => judgeSvg(svg(body)))).toBe(UNSAFE_SVG);
  });

  it('refuses a file over the scan caps before building a DOM of it', () => {
    const deep = svg(`${'<g>'.repeat(10_000)}${'</g>'.repeat(10_000)}`);
    expect(nameOf(() => judgeSvg(deep))).toBe(TOO_COMPLEX);
    expect(
      nameOf(() =>
        judgeSvg(svg('<rect/>'.repeat(3)), { maxElements: 3, maxDepth: 9, maxUndrawn: 9 }),
      ),
    ).toBe(TOO_COMPLEX);
    expect(nameOf(() => judgeSvg(svg('<rect/>'.repeat(3))))).toBeUndefined();
  });

  it('answers nothing drawable as unsafe', () => {
    expect(nameOf(() => cleanSvg('<div>not an svg</div>'))).toBe(UNSAFE_SVG);
  });
});
