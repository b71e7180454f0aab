import { COMMENT_VISIBILITIES, type CommentVisibility } from '@cadence/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../ui/button';
import { toastApiError } from '../ui/error-toast';
import { SelectField } from '../ui/select-field';
import { TextareaField } from '../ui/textarea-field';
import { ReviewStateBadge } from './review-state-badge';
import { useAddComment, usePostComments, usePostReview, useReviewAction } from './review-api';

const VISIBILITY_LABELS: Record<CommentVisibility, string> = {
  team: 'Team only',
  client: 'Team and client',
};

/** A post's review in its view: state and marks, the actions the person may take, comments. */
export function PostReviewPanel({ postId }: { postId: string }) {
  const review = usePostReview(postId);
  const action = useReviewAction(postId);
  const [isAsking, setIsAsking] = useState(false);
  const [changes, setChanges] = useState('');
  const [changesError, setChangesError] = useState<string | undefined>(undefined);

  if (!review.data || review.data.approval === 'none') return null;
  const { actions } = review.data;
  const run = (input: Parameters<typeof action.mutate>[0]) =>
    action.mutate(input, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setIsAsking(false);
        setChanges('');
      },
      onError: (error) => toastApiError(error, 'The review could not be changed. Try again.'),
    });

  return (
    <section aria-label="Review" className="mt-6 space-y-4 border-t border-gray-200 pt-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-gray-900">Review</h3>
        <ReviewStateBadge review={review.data} />
      </div>
      {isAsking && (
        <TextareaField
          id={`request-changes-${postId}`}
          label="What should change?"
          rows={3}
          value={changes}
          error={changesError}
          onChange={(event) => setChanges(event.target.value)}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {isAsking ? (
          <>
            <Button variant="secondary" onClick={() => setIsAsking(false)}>
              Cancel
            </Button>
            <Button
              isLoading={action.isPending}
              onClick={() => {
                if (changes.trim() === '') return setChangesError('Comment is required');
                setChangesError(undefined);
                run({ action: 'request_changes', comment: changes });
              }}
            >
              Send back
            </Button>
          </>
        ) : (
          <>
            {actions.includes('submit') && (
              <Button isLoading={action.isPending} onClick={() => run({ action: 'submit' })}>
                Submit for review
              </Button>
            )}
            {actions.includes('approve') && (
              <Button isLoading={action.isPending} onClick={() => run({ action: 'approve' })}>
                Approve
              </Button>
            )}
            {actions.includes('request_changes') && (
              <Button variant="secondary" onClick={() => setIsAsking(true)}>
                Request changes
              </Button>
            )}
          </>
        )}
      </div>
      <PostComments postId={postId} />
    </section>
  );
}

function PostComments({ postId }: { postId: string }) {
  const comments = usePostComments(postId);
  const add = useAddComment(postId);
  const [body, setBody] = useState('');
  const [visibility, setVisibility] = useState<CommentVisibility>('team');
  const [error, setError] = useState<string | undefined>(undefined);

  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold text-gray-900">Comments</h4>
      {comments.data && comments.data.length > 0 ? (
        <ul className="space-y-2">
          {comments.data.map((comment) => (
            <li key={comment.id} className="rounded-lg bg-gray-50 px-3 py-2 text-sm">
              <p className="text-xs text-gray-600">
                {`${comment.author_name}${comment.by_client ? ' (client)' : ''} · ${
                  VISIBILITY_LABELS[comment.visibility]
                }`}
              </p>
              <p className="mt-0.5 whitespace-pre-wrap text-gray-900">{comment.body}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600">No comments yet.</p>
      )}
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (body.trim() === '') return setError('Comment is required');
          setError(undefined);
          add.mutate(
            { body, visibility },
            {
              onSuccess: ({ message }) => {
                toast.success(message);
                setBody('');
              },
              onError: (failure) => toastApiError(failure, 'The comment could not be added.'),
            },
          );
        }}
      >
        <TextareaField
          id={`comment-${postId}`}
          label="Add a comment"
          rows={2}
          value={body}
          error={error}
          onChange={(event) => setBody(event.target.value)}
        />
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            id={`comment-visibility-${postId}`}
            label="Who sees it"
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as CommentVisibility)}
          >
            {COMMENT_VISIBILITIES.map((value) => (
              <option key={value} value={value}>
                {VISIBILITY_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary" isLoading={add.isPending}>
            Comment
          </Button>
        </div>
      </form>
    </div>
  );
}
