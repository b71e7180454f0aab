import {
  API_PATHS,
  PostCommentListSchema,
  PostCommentSchema,
  PostReviewSchema,
  ReviewPageSchema,
  type CommentVisibility,
} from '@cadence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { POSTS_QUERY_KEY, SCHEDULES_QUERY_KEY } from '../../lib/query-keys';

const at = (template: string, values: Record<string, string>) =>
  Object.entries(values).reduce(
    (path, [key, value]) => path.replace(`:${key}`, encodeURIComponent(value)),
    template,
  );

export const reviewKey = (postId: string) => [...POSTS_QUERY_KEY, 'review', postId] as const;
export const commentsKey = (postId: string) => [...POSTS_QUERY_KEY, 'comments', postId] as const;
export const reviewPageKey = (token: string) => ['review-link', token] as const;

/** A post's review: its state, the team's and client's marks, what the viewer may do. */
export function usePostReview(postId: string) {
  return useQuery({
    queryKey: reviewKey(postId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(at(API_PATHS.postReview, { id: postId }), {
          schema: PostReviewSchema,
          signal,
        })
      ).data,
  });
}

export type ReviewActionInput =
  { action: 'submit' | 'approve' } | { action: 'request_changes'; comment: string };

const ACTION_PATHS = {
  submit: API_PATHS.postSubmit,
  approve: API_PATHS.postApprove,
  request_changes: API_PATHS.postRequestChanges,
} as const;

export function useReviewAction(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReviewActionInput) =>
      apiRequest(at(ACTION_PATHS[input.action], { id: postId }), {
        method: 'POST',
        body: input.action === 'request_changes' ? { comment: input.comment } : {},
        schema: PostReviewSchema,
      }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(reviewKey(postId), data);
      void queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
      // An approval may let a missed publication be published now.
      void queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY });
    },
  });
}

export function usePostComments(postId: string) {
  return useQuery({
    queryKey: commentsKey(postId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(at(API_PATHS.postComments, { id: postId }), {
          schema: PostCommentListSchema,
          signal,
        })
      ).data.rows,
  });
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { body: string; visibility: CommentVisibility }) =>
      apiRequest(at(API_PATHS.postComments, { id: postId }), {
        method: 'POST',
        body: input,
        schema: PostCommentSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKey(postId) }),
  });
}

// ---- The client's review link (no account: never sends the session's token) ----

export function useReviewPage(token: string) {
  return useQuery({
    queryKey: reviewPageKey(token),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(at(API_PATHS.review, { token }), {
          auth: false,
          schema: ReviewPageSchema,
          signal,
        })
      ).data,
    retry: false,
  });
}

export type ClientAnswer =
  | { action: 'approve'; postId: string; name: string }
  | { action: 'request_changes'; postId: string; name: string; comment: string };

export function useClientAnswer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answer: ClientAnswer) =>
      apiRequest<null>(
        at(answer.action === 'approve' ? API_PATHS.reviewApprove : API_PATHS.reviewRequestChanges, {
          token,
          post_id: answer.postId,
        }),
        {
          method: 'POST',
          auth: false,
          body:
            answer.action === 'approve'
              ? answer.name.trim() === ''
                ? {}
                : { name: answer.name }
              : { name: answer.name, comment: answer.comment },
        },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewPageKey(token) }),
  });
}
