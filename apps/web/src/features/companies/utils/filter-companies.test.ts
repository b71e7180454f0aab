import type { Company } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { filterCompanies } from './filter-companies';

function buildCompany(overrides: Partial<Company>): Company {
  return {
    id: 'c-1',
    name: 'Acme',
    website: 'https://acme.com',
    industry: null,
    custom_industry: null,
    description: null,
    logo_url: null,
    social_credentials: [],
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const acme = buildCompany({
  id: 'acme',
  name: 'Acme Rockets',
  website: 'https://acme.com',
  industry: 'Technology',
  description: 'Reusable launch vehicles.',
});
const bees = buildCompany({
  id: 'bees',
  name: 'Honey & Co',
  website: 'https://honey.example',
  industry: 'custom',
  custom_industry: 'Beekeeping',
});
const clinic = buildCompany({
  id: 'clinic',
  name: 'Northside Clinic',
  website: 'https://northside.health',
  industry: 'Healthcare',
  description: 'Family doctors and ROCKET-fast appointments.',
});
const all = [acme, bees, clinic];
const ids = (companies: Company[]) => companies.map((company) => company.id);

describe('filterCompanies', () => {
  it('keeps everything, in order, without filters', () => {
    expect(ids(filterCompanies(all, { query: '', companyId: '' }))).toEqual([
      'acme',
      'bees',
      'clinic',
    ]);
  });

  it('matches the name, ignoring case and surrounding spaces', () => {
    expect(ids(filterCompanies(all, { query: '  honey ', companyId: '' }))).toEqual(['bees']);
  });

  it('matches the website', () => {
    expect(ids(filterCompanies(all, { query: 'northside.health', companyId: '' }))).toEqual([
      'clinic',
    ]);
  });

  it('matches the industry, including the custom text', () => {
    expect(ids(filterCompanies(all, { query: 'technology', companyId: '' }))).toEqual(['acme']);
    expect(ids(filterCompanies(all, { query: 'BEEKEEP', companyId: '' }))).toEqual(['bees']);
  });

  it('matches the description', () => {
    expect(ids(filterCompanies(all, { query: 'rocket', companyId: '' }))).toEqual([
      'acme',
      'clinic',
    ]);
  });

  it('narrows to the selected company, then searches within it', () => {
    expect(ids(filterCompanies(all, { query: '', companyId: 'clinic' }))).toEqual(['clinic']);
    expect(ids(filterCompanies(all, { query: 'rocket', companyId: 'clinic' }))).toEqual(['clinic']);
    expect(ids(filterCompanies(all, { query: 'honey', companyId: 'clinic' }))).toEqual([]);
  });

  it('finds nothing when nothing matches', () => {
    expect(filterCompanies(all, { query: 'zeppelin', companyId: '' })).toEqual([]);
  });
});
