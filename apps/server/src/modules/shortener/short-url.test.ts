import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { generateShortCode, normalizeLinkUrl, SHORT_CODE_PATTERN } from './short-url.js';

describe('generateShortCode', () => {
  it('draws 10 characters from the 62-character alphabet', () => {
    const codes = new Set(Array.from({ length: 1_000 }, () => generateShortCode()));
    expect(codes.size).toBe(1_000);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(SHORT_CODE_PATTERN.test(generateShortCode())).toBe(true);
  });
});

describe('normalizeLinkUrl', () => {
  it('adds https:// when the scheme is missing and keeps http(s)', () => {
    expect(normalizeLinkUrl(' example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(normalizeLinkUrl('http://Example.com')).toBe('http://example.com/');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    'ftp://example.com',
    'file:///etc/passwd',
    'example',
    'https://user:secret@example.com/',
    'mailto:a@example.com',
    `https://example.com/${'a'.repeat(2_100)}`,
  ])('refuses %s with a 400', (url) => {
    expect(() => normalizeLinkUrl(url)).toThrow(AppError);
    try {
      normalizeLinkUrl(url);
    } catch (error) {
      expect((error as AppError).statusCode).toBe(400);
    }
  });
});
