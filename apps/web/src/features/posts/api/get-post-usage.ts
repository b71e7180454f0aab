import { API_PATHS, PostUsageSchema } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';

/** Under the posts' key: making or deleting a post refreshes it with the lists. */
export const POST_USAGE_QUERY_KEY = [...POSTS_QUERY_KEY, 'usage'] as const;

/** Posts made this month against the plan's allowance (null limit: none). */
export function usePostUsage() {
  return useQuery({
    queryKey: POST_USAGE_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.postUsage, { schema: PostUsageSchema, signal })).data,
  });
}
