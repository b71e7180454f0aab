import { describe, expect, it } from 'vitest';
import { getCompanyInitial } from './company-initial';

describe('getCompanyInitial', () => {
  it('uses the first letter in upper case', () => {
    expect(getCompanyInitial('acme Corp')).toBe('A');
    expect(getCompanyInitial('  zeta')).toBe('Z');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(getCompanyInitial('🚀 Rockets')).toBe('🚀');
    expect(getCompanyInitial('élan')).toBe('É');
  });

  it('gives a question mark for a blank name', () => {
    expect(getCompanyInitial('   ')).toBe('?');
  });
});
