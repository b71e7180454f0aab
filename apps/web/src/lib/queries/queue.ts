import type { NetworkId, QueueUpdate } from '@cadence/shared';
import { API_PATHS, QueueSchema } from '@cadence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { POSTS_QUERY_KEY, SCHEDULES_QUERY_KEY } from '../query-keys';

/** Every entity's queue (its zone, slots and next slot times) lives under this key. */
export const QUEUE_QUERY_KEY = ['queue'] as const;

const queuePath = (companyId: string) =>
  API_PATHS.companyQueue.replace(':id', encodeURIComponent(companyId));

export async function getQueue(companyId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(queuePath(companyId), { schema: QueueSchema, signal });
  return data;
}

/** The entity's queue; off while there is no entity to ask about. */
export function useEntityQueue(companyId: string | null) {
  return useQuery({
    queryKey: [...QUEUE_QUERY_KEY, companyId],
    queryFn: ({ signal }) => getQueue(companyId ?? '', signal),
    enabled: companyId !== null,
  });
}

export function useSaveQueue(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: QueueUpdate) =>
      (await apiRequest(queuePath(companyId), { method: 'PUT', body: update, schema: QueueSchema }))
        .data,
    onSuccess: (queue) => queryClient.setQueryData([...QUEUE_QUERY_KEY, companyId], queue),
  });
}

interface AddToQueueInput {
  postId: string;
  networks: NetworkId[];
}

/** Schedules the post at its entity's next open slot; the answer is the schedule route's. */
export function useAddToQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, networks }: AddToQueueInput) =>
      apiRequest<{ id: string; instances: Array<{ scheduled_for: string }> }>(
        API_PATHS.postQueue.replace(':id', encodeURIComponent(postId)),
        { method: 'POST', body: { networks } },
      ),
    // The lists, the calendar and the post's 'Scheduled' badge all change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
      ]),
  });
}
