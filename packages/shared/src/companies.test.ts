import { describe, expect, it } from 'vitest';
import { CompanyInputSchema } from './companies.js';
import { normalizeWebsite } from './web-address.js';

describe('company fields', () => {
  it.each([
    ['acme.com', 'https://acme.com'],
    ['  www.acme.com/about ', 'https://www.acme.com/about'],
    ['http://acme.com', 'http://acme.com'],
    ['HTTPS://Acme.com', 'HTTPS://Acme.com'],
  ])('normalises the website %j to %j', (input, expected) => {
    expect(normalizeWebsite(input)).toBe(expected);
  });

  it.each(['', 'acme', 'ftp://acme.com', 'javascript:alert(1)', 'https://', 'not a site'])(
    'refuses %j as a website',
    (input) => expect(normalizeWebsite(input)).toBeUndefined(),
  );

  it('turns empty optional fields into null and drops the custom text for listed industries', () => {
    expect(
      CompanyInputSchema.parse({
        name: ' Acme ',
        website: 'acme.com',
        industry: 'Retail',
        custom_industry: 'Ignored',
        description: '',
        logo_url: '',
      }),
    ).toEqual({
      name: 'Acme',
      website: 'https://acme.com',
      industry: 'Retail',
      custom_industry: null,
      description: null,
      logo_url: null,
    });
  });
});
