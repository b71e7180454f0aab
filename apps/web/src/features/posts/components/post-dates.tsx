import type { Post } from '@cadence/shared';
import { CalendarClock } from 'lucide-react';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatPostDate } from '../utils/post-display';

/** When the post next goes out, in the customer's zone; a dash when nothing waits. */
export function PostNextTime({ post, isLabelled = false }: { post: Post; isLabelled?: boolean }) {
  const { timeZone } = useTimeZone();
  if (post.next_scheduled_at === null) {
    if (isLabelled) return null;
    // The Status column already says 'Not scheduled'; a dash keeps this one quiet.
    return (
      <>
        <span className="text-sm text-gray-400" aria-hidden="true">
          —
        </span>
        <span className="sr-only">Not scheduled</span>
      </>
    );
  }
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium whitespace-nowrap text-brand-700">
      <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {isLabelled && 'Goes out '}
        <time dateTime={post.next_scheduled_at}>
          {formatPostDate(post.next_scheduled_at, timeZone)}
        </time>
      </span>
    </p>
  );
}

/**
 * The creation date, and the last change when there was one. `isLabelled` (the phone's
 * cards, which have no column headings) says which date is which, and when it goes out.
 */
export function PostDates({ post, isLabelled = false }: { post: Post; isLabelled?: boolean }) {
  const { timeZone } = useTimeZone();
  const created = formatPostDate(post.created_at, timeZone);
  const updated = formatPostDate(post.updated_at, timeZone);
  return (
    <div className="text-sm whitespace-nowrap text-gray-700">
      {isLabelled && <PostNextTime post={post} isLabelled />}
      <p className={isLabelled ? 'text-xs text-gray-500' : undefined}>
        {isLabelled && 'Created '}
        <time dateTime={post.created_at}>{created}</time>
      </p>
      {updated !== created && updated !== '' && (
        <p className="text-xs text-gray-500">
          Updated <time dateTime={post.updated_at}>{updated}</time>
        </p>
      )}
    </div>
  );
}
