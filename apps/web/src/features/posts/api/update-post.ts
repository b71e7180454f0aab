import { PostSchema } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';
import { STORAGE_USAGE_QUERY_KEY } from '../../../lib/queries/storage';
import { postPath } from './post-path';

export interface UpdatePostVariables {
  id: string;
  /** JSON fields, or FormData when the media changes. */
  body: Record<string, unknown> | FormData;
}

export async function updatePost({ id, body }: UpdatePostVariables) {
  const { data } = await apiRequest(postPath(id), { method: 'PATCH', body, schema: PostSchema });
  return data;
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    // Media count towards storage: its meter follows (components/ui/storage-meter.tsx).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: STORAGE_USAGE_QUERY_KEY }),
      ]),
  });
}
