import { describe, expect, it } from 'vitest';
import {
  checkLogoDimensions,
  checkLogoFile,
  getLogoType,
  isRasterLogo,
  LOGO_ACCEPT,
} from './logo-file';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 10_000) => ({ name, type, size });

describe('checkLogoFile', () => {
  it('accepts PNG, JPEG and SVG under 2MB', () => {
    expect(checkLogoFile(file('logo.png', 'image/png'))).toBeNull();
    expect(checkLogoFile(file('logo.jpg', 'image/jpeg'))).toBeNull();
    expect(checkLogoFile(file('logo.svg', 'image/svg+xml'))).toBeNull();
  });

  it('refuses other types with the spec message', () => {
    expect(checkLogoFile(file('logo.gif', 'image/gif'))).toBe(
      'Please upload a PNG, JPG, or SVG file',
    );
    expect(checkLogoFile(file('logo.png.exe', 'application/x-msdownload'))).toBe(
      'Please upload a PNG, JPG, or SVG file',
    );
  });

  it('trusts a declared type over the extension', () => {
    expect(checkLogoFile(file('logo.png', 'image/webp'))).toBe(
      'Please upload a PNG, JPG, or SVG file',
    );
  });

  it('refuses a file of 2MB or more', () => {
    expect(checkLogoFile(file('big.png', 'image/png', 2 * MB))).toBe(
      'File size must be less than 2MB',
    );
    expect(checkLogoFile(file('big.png', 'image/png', 2 * MB - 1))).toBeNull();
  });

  it('reports the type before the size', () => {
    expect(checkLogoFile(file('big.gif', 'image/gif', 5 * MB))).toBe(
      'Please upload a PNG, JPG, or SVG file',
    );
  });
});

describe('getLogoType', () => {
  it('reads the extension when the browser gives no type', () => {
    expect(getLogoType(file('Logo.SVG', ''))).toBe('image/svg+xml');
    expect(getLogoType(file('logo.jpeg', ''))).toBe('image/jpeg');
    expect(getLogoType(file('logo', ''))).toBeNull();
  });
});

describe('isRasterLogo', () => {
  it('is true for PNG and JPEG only', () => {
    expect(isRasterLogo(file('a.png', 'image/png'))).toBe(true);
    expect(isRasterLogo(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isRasterLogo(file('a.svg', 'image/svg+xml'))).toBe(false);
  });
});

describe('checkLogoDimensions', () => {
  it('needs at least 10x10 pixels', () => {
    expect(checkLogoDimensions(10, 10)).toBeNull();
    expect(checkLogoDimensions(9, 200)).toBe('Image must be at least 10x10 pixels');
    expect(checkLogoDimensions(200, 9)).toBe('Image must be at least 10x10 pixels');
  });
});

describe('LOGO_ACCEPT', () => {
  it("offers the picker the shared list's types, and their extensions", () => {
    expect(LOGO_ACCEPT).toBe('image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg');
  });
});
