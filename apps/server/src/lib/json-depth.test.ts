import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonNestsDeeper } from './json-depth.js';

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('JSON nesting depth', () => {
  it('lets ordinary bodies through, up to the cap', () => {
    expect(jsonNestsDeeper('{"content":"Hi","networks":["x","bluesky"],"at":{"zone":"UTC"}}')).toBe(
      false,
    );
    expect(jsonNestsDeeper(nested(JSON_MAX_DEPTH))).toBe(false);
    expect(jsonNestsDeeper(nested(JSON_MAX_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeper('{"a":'.repeat(500_000))).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = `{"text":"${'[{'.repeat(100)} \\" ${'[{'.repeat(100)}"}`;
    expect(JSON.parse(text)).toBeTypeOf('object');
    expect(jsonNestsDeeper(text)).toBe(false);
    expect(jsonNestsDeeper(`["\\\\", ${nested(40)}]`)).toBe(true);
  });

  it('takes a few milliseconds for a megabyte', () => {
    const text = nested(512 * 1024);
    const started = performance.now();
    expect(jsonNestsDeeper(text, Infinity)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
