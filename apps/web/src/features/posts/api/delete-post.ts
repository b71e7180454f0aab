import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';
import { postPath } from './post-path';

export async function deletePost(id: string) {
  const { message } = await apiRequest<null>(postPath(id), { method: 'DELETE' });
  return message;
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
  });
}
