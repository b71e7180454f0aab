import { describe, expect, it } from 'vitest';
import { escapeLike, likePattern } from './like-pattern.js';

describe('LIKE escaping', () => {
  it.each([
    ['plain', 'plain'],
    ['50%', '50\\%'],
    ['snake_case', 'snake\\_case'],
    ['back\\slash', 'back\\\\slash'],
    ['%_\\', '\\%\\_\\\\'],
  ])('%j becomes %j', (input, escaped) => {
    expect(escapeLike(input)).toBe(escaped);
  });

  it('matches the escaped text anywhere', () => {
    expect(likePattern('50%_off')).toBe('%50\\%\\_off%');
  });
});
