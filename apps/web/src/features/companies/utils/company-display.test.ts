import { describe, expect, it } from 'vitest';
import { getIndustryLabel, getWebsiteDisplay, getWebsiteHref } from './company-display';

describe('getIndustryLabel', () => {
  it('shows a listed industry as it is', () => {
    expect(getIndustryLabel({ industry: 'Healthcare', custom_industry: null })).toBe('Healthcare');
  });

  it('shows the custom text when the industry is custom', () => {
    expect(getIndustryLabel({ industry: 'custom', custom_industry: ' Beekeeping ' })).toBe(
      'Beekeeping',
    );
  });

  it('falls back to the Other (Custom) label when the custom text is missing', () => {
    expect(getIndustryLabel({ industry: 'custom', custom_industry: null })).toBe('Other (Custom)');
  });

  it('gives null when there is no industry', () => {
    expect(getIndustryLabel({ industry: null, custom_industry: null })).toBeNull();
    expect(getIndustryLabel({ industry: '', custom_industry: 'ignored' })).toBeNull();
  });
});

describe('getWebsiteDisplay', () => {
  it('drops the scheme, www. and a trailing slash', () => {
    expect(getWebsiteDisplay('https://www.acme.com/')).toBe('acme.com');
    expect(getWebsiteDisplay('http://shop.acme.com')).toBe('shop.acme.com');
  });

  it('keeps a path and a port', () => {
    expect(getWebsiteDisplay('https://acme.com/de/')).toBe('acme.com/de');
    expect(getWebsiteDisplay('http://localhost:8080/app')).toBe('localhost:8080/app');
  });

  it('reads an address without scheme', () => {
    expect(getWebsiteDisplay('acme.com')).toBe('acme.com');
  });

  it('shows text that is no web address unchanged', () => {
    expect(getWebsiteDisplay(' not a url ')).toBe('not a url');
  });
});

describe('getWebsiteHref', () => {
  it('links http and https addresses', () => {
    expect(getWebsiteHref('https://acme.com')).toBe('https://acme.com/');
    expect(getWebsiteHref('http://acme.com/shop')).toBe('http://acme.com/shop');
  });

  it('adds https:// when the scheme is missing', () => {
    expect(getWebsiteHref('acme.com')).toBe('https://acme.com/');
  });

  it('never links another scheme', () => {
    expect(getWebsiteHref('javascript:alert(1)')).toBeNull();
    expect(getWebsiteHref('ftp://acme.com')).toBeNull();
    expect(getWebsiteHref('')).toBeNull();
  });
});
