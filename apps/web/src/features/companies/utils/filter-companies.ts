import type { Company } from '@cadence/shared';
import { getIndustryLabel } from './company-display';

export interface CompanyFilters {
  /** Free text matched against name, website, industry and description. */
  query: string;
  /** One company's id, or '' for all of them. */
  companyId: string;
}

function getSearchableTexts(company: Company): string[] {
  return [
    company.name,
    company.website,
    company.industry ?? '',
    getIndustryLabel(company) ?? '',
    company.description ?? '',
  ];
}

/** The companies the screen shows: the selector's choice, then the search, case-insensitively. */
export function filterCompanies(companies: readonly Company[], filters: CompanyFilters): Company[] {
  const needle = filters.query.trim().toLocaleLowerCase();
  return companies.filter((company) => {
    if (filters.companyId !== '' && company.id !== filters.companyId) return false;
    if (needle === '') return true;
    return getSearchableTexts(company).some((text) => text.toLocaleLowerCase().includes(needle));
  });
}
