import { API_PATHS, SCHEDULE_MESSAGES } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';
import { SCHEDULES_QUERY_KEY } from '../../../lib/query-keys';

/**
 * Deletes scheduled posts: one through DELETE /schedules/:id, several in one bulk call.
 * Resolves with the text to show, the server's '<n> post(s) deleted' when it sent one.
 */
export async function deleteSchedules(ids: readonly string[]): Promise<string> {
  const [only] = ids;
  const { message } =
    ids.length === 1 && only !== undefined
      ? await apiRequest(API_PATHS.schedule.replace(':id', encodeURIComponent(only)), {
          method: 'DELETE',
        })
      : await apiRequest(API_PATHS.schedulesBulkDelete, { method: 'POST', body: { ids } });
  return message === '' ? SCHEDULE_MESSAGES.deleted(ids.length) : message;
}

export function useDeleteSchedules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedules,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY }),
        // A post whose last schedule went loses its 'Scheduled' badge.
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
      ]),
  });
}
