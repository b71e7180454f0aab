import { REVIEW_STATE_LABELS, type PostReview, type ReviewState } from '@cadence/shared';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

const TONES = {
  draft: 'bg-gray-100 text-gray-700',
  in_review: 'bg-amber-50 text-amber-800',
  changes_requested: 'bg-red-50 text-red-700',
  approved: 'bg-green-50 text-green-800',
} as const;

/** A post's review state, with the team's and (team and client) the client's marks. */
export function ReviewStateBadge({ review }: { review: PostReview }) {
  if (review.approval === 'none') return null;
  const needsClient = review.approval === 'team_and_client';
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', TONES[review.state])}>
        {review.waiting_for_client ? 'Waiting for the client' : REVIEW_STATE_LABELS[review.state]}
      </span>
      <Mark label="Team" isDone={review.team_approved_at !== null} />
      {needsClient && <Mark label="Client" isDone={review.client_approved_at !== null} />}
    </span>
  );
}

function Mark({ label, isDone }: { label: string; isDone: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 text-xs ring-1 ring-inset',
        isDone ? 'text-green-800 ring-green-300' : 'text-gray-600 ring-gray-300',
      )}
    >
      {isDone && <Check aria-hidden="true" className="size-3" />}
      {`${label} ${isDone ? 'approved' : 'not yet'}`}
    </span>
  );
}

/** The review state alone, for a post's card or row (null: its entity needs no approval). */
export function ReviewStateChip({ state }: { state: ReviewState | null | undefined }) {
  if (state === null || state === undefined) return null;
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', TONES[state])}>
      {REVIEW_STATE_LABELS[state]}
    </span>
  );
}
