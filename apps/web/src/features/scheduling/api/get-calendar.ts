import { API_PATHS, CalendarSchema } from '@cadence/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { listQuery } from '../utils/list-query';
import { SCHEDULES_QUERY_KEY } from '../../../lib/query-keys';

export interface CalendarParams {
  from: string;
  to: string;
  companyId: string;
  timeZone: string;
}

/** Posts per day of the shown weeks, days counted in `timeZone`. */
export async function getCalendar(params: CalendarParams, signal?: AbortSignal) {
  const query = listQuery({
    from: params.from,
    to: params.to,
    company_id: params.companyId,
    timezone: params.timeZone,
  });
  const { data } = await apiRequest(`${API_PATHS.schedulesCalendar}${query}`, {
    schema: CalendarSchema,
    signal,
  });
  return data;
}

/** Every shown month of the calendar (and its day popups). */
export const CALENDAR_QUERY_KEY = [...SCHEDULES_QUERY_KEY, 'calendar'] as const;

export function calendarQueryOptions(params: CalendarParams) {
  return queryOptions({
    queryKey: [...CALENDAR_QUERY_KEY, params] as const,
    queryFn: ({ signal }) => getCalendar(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCalendar(params: CalendarParams) {
  return useQuery(calendarQueryOptions(params));
}
