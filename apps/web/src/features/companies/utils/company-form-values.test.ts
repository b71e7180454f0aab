import type { Company } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { buildDescriptionRequest, toCompanyFormValues } from './company-form-values';

const company: Company = {
  id: 'c-1',
  name: 'Acme',
  website: 'https://acme.com',
  industry: 'Retail',
  custom_industry: null,
  description: null,
  logo_url: '/uploads/logos/acme.png',
  social_credentials: [],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('toCompanyFormValues', () => {
  it('starts Add with empty fields', () => {
    expect(toCompanyFormValues(null)).toEqual({
      name: '',
      website: '',
      industry: '',
      custom_industry: '',
      description: '',
      logo_url: '',
      approval: 'none',
    });
  });

  it("fills Edit with the company's values, '' for the missing ones", () => {
    expect(toCompanyFormValues(company)).toEqual({
      name: 'Acme',
      website: 'https://acme.com',
      industry: 'Retail',
      custom_industry: '',
      description: '',
      logo_url: '/uploads/logos/acme.png',
      approval: 'none',
    });
  });

  it('keeps a custom industry and its text', () => {
    const values = toCompanyFormValues({
      ...company,
      industry: 'custom',
      custom_industry: 'Beekeeping',
    });
    expect(values).toMatchObject({ industry: 'custom', custom_industry: 'Beekeeping' });
  });

  it('turns an industry the list does not offer into custom text', () => {
    const values = toCompanyFormValues({ ...company, industry: 'Aerospace' });
    expect(values).toMatchObject({ industry: 'custom', custom_industry: 'Aerospace' });
  });

  it('leaves no industry empty', () => {
    expect(toCompanyFormValues({ ...company, industry: null }).industry).toBe('');
  });
});

describe('buildDescriptionRequest', () => {
  const values = {
    name: ' Acme ',
    website: 'acme.com',
    industry: 'Retail' as const,
    custom_industry: '',
  };

  it('adds https:// to a website without scheme and sends the tone', () => {
    expect(buildDescriptionRequest(values, 'friendly')).toEqual({
      isValid: true,
      request: { website: 'https://acme.com', tone: 'friendly', industry: 'Retail', name: 'Acme' },
    });
  });

  it('sends the custom text as the industry when the industry is custom', () => {
    const result = buildDescriptionRequest(
      { ...values, industry: 'custom', custom_industry: ' Beekeeping ' },
      'marketing',
    );
    expect(result.isValid && result.request.industry).toBe('Beekeeping');
  });

  it('sends null for an empty industry and name', () => {
    const result = buildDescriptionRequest(
      { ...values, name: '  ', industry: '', custom_industry: 'left over' },
      'marketing',
    );
    expect(result.isValid && result.request).toMatchObject({ industry: null, name: null });
  });

  it('asks for a website when there is none or it is no web address', () => {
    const message = { isValid: false, message: 'Please enter a website URL' };
    expect(buildDescriptionRequest({ ...values, website: '   ' }, 'marketing')).toEqual(message);
    expect(buildDescriptionRequest({ ...values, website: 'not a site' }, 'marketing')).toEqual(
      message,
    );
  });
});
