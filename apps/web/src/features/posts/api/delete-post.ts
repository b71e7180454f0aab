import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';
import { STORAGE_USAGE_QUERY_KEY } from '../../../lib/queries/storage';
import { postPath } from './post-path';

export async function deletePost(id: string) {
  const { message } = await apiRequest<null>(postPath(id), { method: 'DELETE' });
  return message;
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    // Media count towards storage: its meter follows (components/ui/storage-meter.tsx).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: STORAGE_USAGE_QUERY_KEY }),
      ]),
  });
}
