import type { ScheduleCreate } from '@cadence/shared';
import { API_PATHS } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';
import { SCHEDULES_QUERY_KEY } from '../../../lib/query-keys';

export async function createSchedule(payload: ScheduleCreate) {
  return apiRequest(API_PATHS.schedules, { method: 'POST', body: payload });
}

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchedule,
    // The lists, the calendar and the post's 'Scheduled' badge all change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
      ]),
  });
}
