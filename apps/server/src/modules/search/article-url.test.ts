import { describe, expect, it } from 'vitest';
import { articleKey } from './article-url.js';

describe('articleKey', () => {
  it('treats the same article behind different dress as one', () => {
    const key = articleKey('https://news.example.com/a/story');
    for (const variant of [
      'http://news.example.com/a/story',
      'https://www.news.example.com/a/story/',
      'https://NEWS.example.com/a/story#comments',
      'https://news.example.com/a/story?utm_source=x&utm_medium=y',
    ]) {
      expect(articleKey(variant), variant).toBe(key);
    }
  });

  it('keeps what names a different page', () => {
    expect(articleKey('https://news.example.com/a?id=1')).not.toBe(
      articleKey('https://news.example.com/a?id=2'),
    );
    expect(articleKey('https://news.example.com/a?b=2&a=1')).toBe(
      articleKey('https://news.example.com/a?a=1&b=2'),
    );
    expect(articleKey('https://news.example.com/A')).not.toBe(
      articleKey('https://news.example.com/a'),
    );
  });
});
