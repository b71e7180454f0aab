import { ReviewStateChip } from '../../../components/approvals/review-state-badge';
import type { Post } from '@cadence/shared';
import { schedulePostPath } from '@cadence/shared';
import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { PostStatusBadge } from '../../../components/ui/post-status-badge';
import { useCan } from '../../../hooks/use-can';

/**
 * What publishing made of the post; a post never scheduled says so with the way to do it
 * (the Scheduling page with this post's Schedule dialog open), not a dead end.
 */
export function PostStatus({ post }: { post: Post }) {
  const canWrite = useCan('writePosts');
  if (post.publish_status !== null) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <PostStatusBadge status={post.publish_status} />
        <ReviewStateChip state={post.review_state} />
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 text-xs text-gray-600">
      <ReviewStateChip state={post.review_state} />
      Not scheduled
      {canWrite && (
        <Link
          to={schedulePostPath(post.id)}
          aria-label="Schedule this post"
          className="inline-flex min-h-6 items-center gap-1 rounded font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          <CalendarPlus className="size-3.5" aria-hidden="true" />
          Schedule
        </Link>
      )}
    </span>
  );
}
