import { API_PATHS, ScheduleListSchema } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { nextRefreshDelay } from '../../../components/publications/refresh-delay';
import { apiRequest } from '../../../lib/api-client';
import { SCHEDULES_QUERY_KEY } from '../../../lib/query-keys';

/** The most occurrences one post's view reads (the list's page limit). */
const POST_OCCURRENCES_MAX = 100;

/**
 * One post's occurrences with each network's publication, for the post's own view. Under
 * the schedules key, so an action on a publication (from here or the Scheduling page)
 * refreshes it.
 */
export function usePostSchedules(postId: string) {
  return useQuery({
    queryKey: [...SCHEDULES_QUERY_KEY, 'post', postId] as const,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        post_id: postId,
        pageSize: String(POST_OCCURRENCES_MAX),
      });
      const { data } = await apiRequest(`${API_PATHS.schedules}?${query.toString()}`, {
        schema: ScheduleListSchema,
        signal,
      });
      return data.rows;
    },
    // Polls while something is going out, as the Scheduling page does, so a 'Publish now'
    // from here is seen turning published.
    refetchInterval: (query) => {
      const rows = query.state.data;
      return rows === undefined ? false : nextRefreshDelay(rows, Date.now());
    },
  });
}
