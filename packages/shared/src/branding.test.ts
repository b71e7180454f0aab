import { describe, expect, it } from 'vitest';
import { contrastRatio, isAccentReadable, MIN_ACCENT_CONTRAST } from './branding.js';

describe('accent colour contrast with white', () => {
  it('measures WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Cadence's own indigo and a pale blue, as browsers' checkers report them.
    expect(contrastRatio('#4f46e5', '#ffffff')).toBeCloseTo(6.29, 1);
    expect(contrastRatio('#7f9cf5', '#ffffff')).toBeCloseTo(2.68, 1);
  });

  it('accepts 4.5:1 and above, refuses below, and refuses what is not a colour', () => {
    expect(MIN_ACCENT_CONTRAST).toBe(4.5);
    expect(isAccentReadable('#1d4ed8')).toBe(true);
    expect(isAccentReadable('#767676')).toBe(true); // 4.54:1, the lightest AA grey
    expect(isAccentReadable('#777777')).toBe(false); // 4.48:1
    expect(isAccentReadable('#7f9cf5')).toBe(false);
    expect(isAccentReadable('#FFFFFF')).toBe(false);
    expect(isAccentReadable('blue')).toBe(false);
    expect(isAccentReadable('#12345')).toBe(false);
  });
});
