import type { ScheduleData } from '@cadence/shared';
import {
  API_PATHS,
  FOLLOW_UP_MESSAGES,
  FOLLOW_UP_RETRYABLE,
  PartRetryResultSchema,
  PUBLICATION_MESSAGES,
  firstCommentLabel,
  threadStateLabel,
} from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import toast from 'react-hot-toast';
import { useCan } from '../../hooks/use-can';
import { apiRequest } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { SCHEDULES_QUERY_KEY } from '../../lib/query-keys';
import { Button } from '../ui/button';
import { toastApiError } from '../ui/error-toast';

/** Retry of a thread part or a first comment: the server resumes the thread at that part. */
function useRetryPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partId: string) =>
      apiRequest(API_PATHS.publicationPartRetry.replace(':id', encodeURIComponent(partId)), {
        method: 'POST',
        schema: PartRetryResultSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY }),
  });
}

/**
 * What went out after a publication: how far its thread went ('Part 2 of 4 failed') and its
 * first comment, each with its own Retry when it stopped. The post's own status is not
 * theirs: a failed comment leaves the post published.
 */
export function FollowUpStates({ publication }: { publication: ScheduleData }) {
  const retry = useRetryPart();
  // A viewer sees where a thread or comment stopped, with no Retry (the server's role table).
  const mayRetry = useCan('writePosts');
  const thread = publication.thread ?? null;
  const comment = publication.first_comment ?? null;
  if (thread === null && comment === null) return null;
  const run = (partId: string, label: string) =>
    retry.mutate(partId, {
      onSuccess: () => toast.success(FOLLOW_UP_MESSAGES.retried),
      onError: (error) => toastApiError(error, `${label}: ${PUBLICATION_MESSAGES.failed}`),
    });
  const stop = thread?.stopped_at ?? null;
  const threadLabel = thread === null ? null : threadStateLabel(thread);
  const isThreadStuck = stop !== null && FOLLOW_UP_RETRYABLE.includes(stop.status);
  const isCommentStuck = comment !== null && FOLLOW_UP_RETRYABLE.includes(comment.status);
  return (
    <div className="flex basis-full flex-col gap-1.5 pl-7 text-xs">
      {thread !== null && threadLabel !== null && (
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn('font-medium', isThreadStuck ? 'text-red-700' : 'text-gray-700')}>
            {threadLabel}
          </span>
          {isThreadStuck && stop.error !== null && (
            <span className="break-words text-red-700">{stop.error}</span>
          )}
          {isThreadStuck && mayRetry && (
            <Button
              size="sm"
              variant="secondary"
              icon={<RotateCcw className="size-4" aria-hidden="true" />}
              disabled={retry.isPending}
              onClick={() => run(stop.part_id, threadLabel)}
            >
              Retry part {stop.part}
            </Button>
          )}
        </div>
      )}
      {comment !== null && (
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn('font-medium', isCommentStuck ? 'text-red-700' : 'text-gray-700')}>
            {firstCommentLabel(comment)}
          </span>
          {isCommentStuck && comment.error !== null && (
            <span className="break-words text-red-700">{comment.error}</span>
          )}
          {isCommentStuck && mayRetry && (
            <Button
              size="sm"
              variant="secondary"
              icon={<RotateCcw className="size-4" aria-hidden="true" />}
              disabled={retry.isPending}
              onClick={() => run(comment.id, firstCommentLabel(comment))}
            >
              Retry comment
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
