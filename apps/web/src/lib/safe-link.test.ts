import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safe-link';

describe('safeHttpUrl', () => {
  it('keeps web addresses and drops everything else', () => {
    expect(safeHttpUrl('https://bsky.app/profile/a/post/1')).toBe(
      'https://bsky.app/profile/a/post/1',
    );
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});
