import { API_PATHS, ApiCallListSchema } from '@cadence/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const API_CALLS_PAGE_SIZE = 10;
export const apiCallsQueryKey = (page: number) => ['api-calls', page] as const;

/** One page of the calls made to the public API with this account's keys, newest first. */
export async function getApiCalls(page: number, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: String(page), limit: String(API_CALLS_PAGE_SIZE) });
  const { data } = await apiRequest(`${API_PATHS.apiKeyCalls}?${search.toString()}`, {
    schema: ApiCallListSchema,
    signal,
  });
  return data;
}

export function useApiCalls(page: number) {
  return useQuery(
    queryOptions({
      queryKey: apiCallsQueryKey(page),
      queryFn: ({ signal }) => getApiCalls(page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
