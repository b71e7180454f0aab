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

  it.each([
    '<script>alert(1)</script>',
    '<a href="javascript:alert(1)"><rect/></a>',
    '<foreignObject><iframe src="x"/></foreignObject>',
    '<image href="x" onerror="alert(1)"/>',
  ])('refuses active SVG content %s', (body) => {
    expect(messageOf(() => checkLogo(svg(body)))).toBe(
      'SVG logos must not contain scripts or event handlers',
    );
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
