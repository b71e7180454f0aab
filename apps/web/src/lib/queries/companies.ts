import { API_PATHS, CompanyListSchema } from '@cadence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** The customer's companies (newest first), the plan's networks and its company limit. */
export async function getCompanies(signal?: AbortSignal) {
  const { data } = await apiRequest(API_PATHS.companies, { schema: CompanyListSchema, signal });
  return data;
}

export const COMPANIES_QUERY_KEY = ['companies'] as const;

export function companiesQueryOptions() {
  return queryOptions({
    queryKey: COMPANIES_QUERY_KEY,
    queryFn: ({ signal }) => getCompanies(signal),
  });
}

export function useCompanies() {
  return useQuery(companiesQueryOptions());
}
