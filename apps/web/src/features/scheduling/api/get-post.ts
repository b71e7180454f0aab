import { API_PATHS, PostSchema } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** One post by id, for `/scheduling?schedule=<id>` (from the Posts page); idle without an id. */
export function usePostToSchedule(id: string | null) {
  return useQuery({
    queryKey: ['post', id],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(API_PATHS.post.replace(':id', encodeURIComponent(id ?? '')), {
          schema: PostSchema,
          signal,
        })
      ).data,
    enabled: id !== null,
    retry: false,
  });
}
