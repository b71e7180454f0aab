import { afterAll, describe, expect, it } from 'vitest';
import {
  createMarkupThread,
  MarkupBusyError,
  MarkupTooComplexError,
  UnsafeSvgError,
} from './markup-thread.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const LOGO = bytes(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#4f46e5"/></svg>',
);
/** Within the scan's caps, but far more work than a few milliseconds. */
const HEAVY = bytes(
  `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0L10 10Z" fill="#123456"/>'.repeat(9_000)}</svg>`,
);

describe('the markup worker thread', () => {
  const thread = createMarkupThread();
  const strict = createMarkupThread({ timeLimitMs: 1 });
  afterAll(async () => {
    await Promise.all([thread.close(), strict.close()]);
  });

  it('cleans an SVG off the main thread (the worker runs the TypeScript sources)', async () => {
    const clean = await thread.cleanSvg(LOGO);
    expect(clean).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg/);
    expect(clean).toContain('<circle cx="32" cy="32" r="30" fill="#4f46e5">');
  });

  it('refuses an SVG with script, and one over the nesting cap before building a DOM', async () => {
    await expect(
      thread.cleanSvg(bytes('<svg><script>alert(1)</script><rect/></svg>')),
    ).rejects.toBeInstanceOf(UnsafeSvgError);
    const deep = bytes(`<svg>${'<g>'.repeat(10_000)}${'</g>'.repeat(10_000)}</svg>`);
    await expect(thread.cleanSvg(deep)).rejects.toThrow(/more than 100 levels of nesting/);
  });

  it('reads a page, and refuses one nested too deep for the parser as too complex', async () => {
    const page = await thread.pageText('<title>Hello</title><main><p>World</p></main>');
    expect(page).toEqual({ title: 'Hello', description: '', text: 'World' });
    const deep = `<body>${'<div>'.repeat(100_000)}x</body>`;
    await expect(thread.pageText(deep)).rejects.toBeInstanceOf(MarkupTooComplexError);
    // The worker carries on.
    expect((await thread.pageText('<title>Again</title>')).title).toBe('Again');
  });

  it('ends a task at its time limit, and the next task gets a fresh worker', async () => {
    await expect(strict.cleanSvg(HEAVY)).rejects.toThrow(/over 1 ms/);
    // Loading the cleaner is not timed; only the task's own work is.
    const limited = createMarkupThread({ timeLimitMs: 10_000 });
    try {
      await expect(limited.cleanSvg(LOGO)).resolves.toContain('<circle');
    } finally {
      await limited.close();
    }
  });

  it('refuses at once when too many tasks are waiting', async () => {
    const small = createMarkupThread({ maxWaiting: 1 });
    try {
      const running = small.cleanSvg(LOGO);
      const waiting = small.cleanSvg(LOGO);
      await expect(small.cleanSvg(LOGO)).rejects.toBeInstanceOf(MarkupBusyError);
      await expect(Promise.all([running, waiting])).resolves.toHaveLength(2);
    } finally {
      await small.close();
    }
  });
});
