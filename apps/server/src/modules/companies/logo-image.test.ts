import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors.js';
import { checkLogo } from './logo-image.js';

const svg = (body: string, attributes = 'width="32" height="32"') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${body}</svg>`);

function messageOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return (error as AppError).message;
  }
  return undefined;
}

describe('logo checks', () => {
  it('accepts a plain SVG and measures it', () => {
    expect(checkLogo(svg('<rect width="32" height="32"/>'))).toEqual({
      extension: 'svg',
      width: 32,
      height: 32,
    });
  });

  it('accepts an SVG without a size: it scales', () => {
    expect(checkLogo(svg('<rect/>', '')).extension).toBe('svg');
  });

  it('reads the size from the root tag after a declaration, comments and a doctype', () => {
    const text = `\uFEFF<?xml version="1.0"?>\n<!-- one -->\n<!-- two -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" data-note="a > b"><rect/></svg>`;
    expect(checkLogo(Buffer.from(text))).toEqual({ extension: 'svg', width: 120, height: 60 });
  });

  it('judges a file of many empty comments at once', () => {
    // A pattern with a repeated lazy comment took exponential time here: about 70 ms for
    // 22 comments, about 2 s for 27, hours for 40.
    const comments = '<!---->'.repeat(27);
    const started = performance.now();
    expect(messageOf(() => checkLogo(Buffer.from(`${comments}x`)))).toBe(
      'Please upload a PNG, JPG, or SVG file',
    );
    expect(performance.now() - started).toBeLessThan(500);
    expect(checkLogo(Buffer.from(`${comments}\n${svg('<rect/>').toString()}`)).extension).toBe(
      'svg',
    );
  });

  it('leaves the content of an SVG to the markup worker: script is judged there', () => {
    expect(checkLogo(svg('<script>alert(1)</script>')).extension).toBe('svg');
  });

  it('refuses an SVG smaller than 10x10', () => {
    expect(messageOf(() => checkLogo(svg('<rect/>', 'width="9" height="40"')))).toBe(
      'Image must be at least 10x10 pixels',
    );
  });

  it('refuses text and empty files', () => {
    expect(messageOf(() => checkLogo(Buffer.from('hello')))).toBe(
      'Please upload a PNG, JPG, or SVG file',
    );
    expect(messageOf(() => checkLogo(Buffer.alloc(0)))).toBe('Please choose a logo file to upload');
  });
});
