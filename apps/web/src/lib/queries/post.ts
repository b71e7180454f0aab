import { API_PATHS, PostSchema } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/**
 * One post by id, for links that open it (`/posts?post=<id>`, `/scheduling?schedule=<id>`);
 * idle without an id.
 */
export function usePostById(id: string | null) {
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
