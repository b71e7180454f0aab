import { describe, expect, it } from 'vitest';
import { capitalize } from './capitalize';

describe('capitalize', () => {
  it('upper-cases the first letter only', () => {
    expect(capitalize('marketing')).toBe('Marketing');
    expect(capitalize('')).toBe('');
  });
});
