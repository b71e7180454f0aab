import { describe, expect, it } from 'vitest';
import { PostCreateBodySchema, PostEditBodySchema } from './post-write.js';
import { isHttpUrl, normalizeWebsite } from './web-address.js';

describe('the one rule for web addresses', () => {
  it.each([
    ['example.com/article', 'https://example.com/article'],
    ['  http://example.com ', 'http://example.com'],
    ['HTTPS://Example.com/a?b=c#d', 'HTTPS://Example.com/a?b=c#d'],
    ['example.com:8080/page', 'https://example.com:8080/page'],
    ['localhost:3000', 'https://localhost:3000'],
    ['[::1]:8080/x', 'https://[::1]:8080/x'],
    ["x.com/it's", "https://x.com/it's"],
  ])('takes %j as %j', (input, expected) => {
    expect(normalizeWebsite(input)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)+'@x.com",
    'JavaScript:alert(1)',
    'javascript://x.com/%0aalert(1)',
    'javascript:0/x.com',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:someone@example.com',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'http:/example.com',
    'https://',
    'example',
    '',
  ])('refuses %j by its parsed scheme or host', (input) => {
    expect(normalizeWebsite(input)).toBeUndefined();
  });

  it('judges absolute addresses by their parsed scheme', () => {
    expect(isHttpUrl('https://example.com')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:9/x')).toBe(true);
    expect(isHttpUrl("javascript:alert(1)+'@x.com")).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
  });

  it('keeps a post link with another scheme out of create and edit', () => {
    const link = "javascript:alert(1)+'@x.com";
    for (const schema of [PostCreateBodySchema, PostEditBodySchema]) {
      const result = schema.safeParse({ company_id: 'c', content: 'Hello', url: link });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'URL must be an http:// or https:// address, like example.com/article',
      ]);
      expect(schema.safeParse({ company_id: 'c', content: 'Hi', url: 'example.com' }).success).toBe(
        true,
      );
    }
  });
});
