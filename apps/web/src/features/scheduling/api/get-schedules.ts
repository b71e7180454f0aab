import { API_PATHS, ScheduleListSchema } from '@cadence/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SCHEDULES_QUERY_KEY } from '../../../lib/query-keys';
import { listQuery } from '../utils/list-query';
import { nextRefreshDelay } from '../../../components/publications/refresh-delay';

export interface SchedulesParams {
  page: number;
  pageSize: number;
  companyId: string;
  /** The selected day as an ISO range in the page's zone, or null for all days. */
  range: { from: string; to: string } | null;
}

/** One page of scheduled posts, soonest first. */
export async function getSchedules(params: SchedulesParams, signal?: AbortSignal) {
  const query = listQuery({
    page: params.page,
    pageSize: params.pageSize,
    company_id: params.companyId,
    from: params.range?.from,
    to: params.range?.to,
  });
  const { data } = await apiRequest(`${API_PATHS.schedules}${query}`, {
    schema: ScheduleListSchema,
    signal,
  });
  return data;
}

export function schedulesQueryOptions(params: SchedulesParams) {
  return queryOptions({
    queryKey: [...SCHEDULES_QUERY_KEY, 'list', params] as const,
    queryFn: ({ signal }) => getSchedules(params, signal),
    placeholderData: keepPreviousData,
    // Polls while something is going out, so a post is seen becoming published.
    refetchInterval: (query) => {
      const rows = query.state.data?.rows;
      return rows === undefined ? false : nextRefreshDelay(rows, Date.now());
    },
  });
}

export function useSchedules(params: SchedulesParams) {
  return useQuery(schedulesQueryOptions(params));
}
