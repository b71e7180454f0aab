import { PostSchema } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postPath } from './post-path';

/** One post by id, for links that open it (`/posts?post=<id>`); idle without an id. */
export function usePostById(id: string | null) {
  return useQuery({
    queryKey: ['post', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(postPath(id ?? ''), { schema: PostSchema, signal })).data,
    enabled: id !== null,
    retry: false,
  });
}
