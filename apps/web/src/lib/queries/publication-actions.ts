import { API_PATHS, PublicationActionResultSchema, type PublicationAction } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { POSTS_QUERY_KEY, SCHEDULES_QUERY_KEY } from '../query-keys';

const PATHS: Record<PublicationAction, string> = {
  retry: API_PATHS.publicationRetry,
  'confirm-absent': API_PATHS.publicationConfirmAbsent,
  'mark-published': API_PATHS.publicationMarkPublished,
  'publish-now': API_PATHS.publicationPublishNow,
};

interface PublicationActionRequest {
  publicationId: string;
  action: PublicationAction;
  /** The post's link, for 'mark-published' only. */
  url?: string;
}

/** One action on one network's publication; resolves with the server's sentence to show. */
async function runPublicationAction({ publicationId, action, url }: PublicationActionRequest) {
  const { message, data } = await apiRequest(
    PATHS[action].replace(':id', encodeURIComponent(publicationId)),
    {
      method: 'POST',
      ...(action === 'mark-published' ? { body: { url } } : {}),
      schema: PublicationActionResultSchema,
    },
  );
  return { message, data };
}

/**
 * Retry, confirm-absent, mark-published or publish-now. Settled either way (a 409 means the
 * publication moved on), the lists that show publications are fetched again.
 */
export function usePublicationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runPublicationAction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY }),
        // The post's own status ('Failed' -> 'Scheduled', 'Published') follows.
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
      ]),
  });
}
