import { ANALYTICS_API_PATHS, PostMetricsSchema } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The numbers are read from the networks every hour at most: a minute is often enough here. */
const REFRESH_MS = 60_000;

/** Each of the post's publications with its latest numbers and when they were read. */
export function usePostMetrics(postId: string) {
  return useQuery({
    queryKey: ['post-metrics', postId] as const,
    queryFn: async ({ signal }) => {
      const path = ANALYTICS_API_PATHS.postMetrics.replace(':id', encodeURIComponent(postId));
      const { data } = await apiRequest(path, { schema: PostMetricsSchema, signal });
      return data.publications;
    },
    refetchInterval: REFRESH_MS,
  });
}
