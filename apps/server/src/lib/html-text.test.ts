import { describe, expect, it } from 'vitest';
import { extractPageText } from './html-text.js';

describe('page text extraction', () => {
  it('reads the title, meta description and main text, leaving out scripts and chrome', () => {
    const page = extractPageText(`<html><head><title> Acme  Rockets </title>
      <meta name="description" content="Cheap   launches.">
      <script>var secret = 1;</script><style>p{}</style></head>
      <body><nav>Menu</nav><main><h1>Launch</h1><p>Weekly   flights.</p></main><footer>Legal</footer></body></html>`);
    expect(page.title).toBe('Acme Rockets');
    expect(page.description).toBe('Cheap launches.');
    expect(page.text).toContain('Launch');
    expect(page.text).toContain('Weekly flights.');
    expect(page.text).not.toMatch(/secret|Menu|Legal/);
  });

  it('falls back to Open Graph tags and the body', () => {
    const page = extractPageText(
      '<head><meta property="og:title" content="OG Title"><meta property="og:description" content="OG text"></head><body><p>Body text</p></body>',
    );
    expect(page).toEqual({ title: 'OG Title', description: 'OG text', text: 'Body text' });
  });

  it('caps the text', () => {
    expect(extractPageText(`<body>${'word '.repeat(5000)}</body>`, 100).text).toHaveLength(100);
  });
});
