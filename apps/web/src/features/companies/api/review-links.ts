import {
  API_PATHS,
  CreatedReviewLinkSchema,
  ReviewLinkListSchema,
  type ReviewLinkCreate,
} from '@cadence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const reviewLinksKey = (companyId: string) => ['review-links', companyId] as const;

const linksPath = (companyId: string) =>
  API_PATHS.companyReviewLinks.replace(':id', encodeURIComponent(companyId));

/** An entity's review links for clients, newest first (never their tokens). */
export function useReviewLinks(companyId: string) {
  return useQuery({
    queryKey: reviewLinksKey(companyId),
    queryFn: async ({ signal }) =>
      (await apiRequest(linksPath(companyId), { schema: ReviewLinkListSchema, signal })).data.rows,
  });
}

/** Creates a link; the answer holds its URL, this once. */
export function useCreateReviewLink(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewLinkCreate) =>
      (
        await apiRequest(linksPath(companyId), {
          method: 'POST',
          body,
          schema: CreatedReviewLinkSchema,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: reviewLinksKey(companyId) }),
  });
}

export function useRevokeReviewLink(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(API_PATHS.reviewLink.replace(':id', encodeURIComponent(id)), {
        method: 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewLinksKey(companyId) }),
  });
}
