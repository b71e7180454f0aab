import { API_PATHS, OccurrencesSchema } from '@cadence/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SCHEDULES_QUERY_KEY } from '../../../lib/query-keys';
import { listQuery } from '../utils/list-query';

export interface OccurrencesParams {
  from: string;
  to: string;
  companyId: string;
}

/** Every occurrence of the shown days (the week and day views), soonest first. */
export async function getOccurrences(params: OccurrencesParams, signal?: AbortSignal) {
  const query = listQuery({ from: params.from, to: params.to, company_id: params.companyId });
  const { data } = await apiRequest(`${API_PATHS.scheduleOccurrences}${query}`, {
    schema: OccurrencesSchema,
    signal,
  });
  return data;
}

export const OCCURRENCES_QUERY_KEY = [...SCHEDULES_QUERY_KEY, 'occurrences'] as const;

export function occurrencesQueryOptions(params: OccurrencesParams) {
  return queryOptions({
    queryKey: [...OCCURRENCES_QUERY_KEY, params] as const,
    queryFn: ({ signal }) => getOccurrences(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOccurrences(params: OccurrencesParams, isEnabled = true) {
  return useQuery({ ...occurrencesQueryOptions(params), enabled: isEnabled });
}
