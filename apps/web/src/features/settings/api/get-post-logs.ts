import { API_PATHS, LOGS_REFRESH_MS, LogListSchema } from '@cadence/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const POST_LOGS_PAGE_SIZE = 10;

export interface PostLogsFilter {
  status: '' | 'success' | 'error' | 'pending';
  q: string;
  page: number;
}

export function buildPostLogsSearch({ status, q, page }: PostLogsFilter): string {
  const params = new URLSearchParams({ page: String(page), limit: String(POST_LOGS_PAGE_SIZE) });
  if (status !== '') params.set('status', status);
  const text = q.trim();
  if (text !== '') params.set('q', text);
  return params.toString();
}

/** One page of the publishing log, newest first, filtered and searched on the server. */
export async function getPostLogs(filter: PostLogsFilter, signal?: AbortSignal) {
  const { data } = await apiRequest(`${API_PATHS.logs}?${buildPostLogsSearch(filter)}`, {
    schema: LogListSchema,
    signal,
  });
  return data;
}

export function postLogsQueryOptions(filter: PostLogsFilter) {
  return queryOptions({
    queryKey: ['post-logs', filter],
    queryFn: ({ signal }) => getPostLogs(filter, signal),
    placeholderData: keepPreviousData,
    // The section is mounted only while open, so this refreshes only then.
    refetchInterval: LOGS_REFRESH_MS,
  });
}

export function usePostLogs(filter: PostLogsFilter) {
  return useQuery(postLogsQueryOptions(filter));
}
