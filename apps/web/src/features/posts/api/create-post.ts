import { API_PATHS, PostSchema } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';

/** Multipart: the fields as text parts plus the optional 'media' file. */
export async function createPost(body: FormData) {
  const { data } = await apiRequest(API_PATHS.posts, { method: 'POST', body, schema: PostSchema });
  return data;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
  });
}
