import { API_PATHS, PostSchema } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';
import { STORAGE_USAGE_QUERY_KEY } from '../../../lib/queries/storage';

/** Multipart: the fields as text parts plus the optional 'media' file. */
export async function createPost(body: FormData) {
  const { data } = await apiRequest(API_PATHS.posts, { method: 'POST', body, schema: PostSchema });
  return data;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    // Media count towards storage: its meter follows (components/ui/storage-meter.tsx).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: STORAGE_USAGE_QUERY_KEY }),
      ]),
  });
}
