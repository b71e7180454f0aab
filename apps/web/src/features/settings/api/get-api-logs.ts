import { API_PATHS, ApiLogListSchema } from '@cadence/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const API_LOGS_PAGE_SIZE = 10;

/** One page of this account's AI calls, newest first, with this month's totals. */
export async function getApiLogs(page: number, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: String(page), limit: String(API_LOGS_PAGE_SIZE) });
  const { data } = await apiRequest(`${API_PATHS.apiLogs}?${search.toString()}`, {
    schema: ApiLogListSchema,
    signal,
  });
  return data;
}

export function apiLogsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['api-logs', page],
    queryFn: ({ signal }) => getApiLogs(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApiLogs(page: number) {
  return useQuery(apiLogsQueryOptions(page));
}
