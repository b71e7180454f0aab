import type { Post } from '@cadence/shared';
import { CalendarClock } from 'lucide-react';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { cn } from '../../../lib/cn';
import { formatPostDate } from '../utils/post-display';

/** When the post next goes out, labelled, in the customer's zone; nothing when none waits. */
export function PostNextTime({ post, size = 'sm' }: { post: Post; size?: 'sm' | 'xs' }) {
  const { timeZone } = useTimeZone();
  if (post.next_scheduled_at === null) return null;
  return (
    <p
      className={cn(
        'flex items-center gap-1.5 font-medium whitespace-nowrap text-brand-700',
        size === 'xs' ? 'mt-1 text-xs' : 'text-sm',
      )}
    >
      <CalendarClock className={size === 'xs' ? 'size-3.5' : 'size-4'} aria-hidden="true" />
      <span>
        Goes out{' '}
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
      {isLabelled && <PostNextTime post={post} />}
      <p className={isLabelled ? 'text-xs text-gray-500' : undefined}>
        {isLabelled && 'Created '}
        <time dateTime={post.created_at}>{created}</time>
      </p>
      <PostAuthor post={post} />
      {updated !== created && updated !== '' && (
        <p className="text-xs text-gray-500">
          Updated <time dateTime={post.updated_at}>{updated}</time>
        </p>
      )}
    </div>
  );
}

/** Who wrote the post: 'by {name}' (nothing for posts from before teams). */
export function PostAuthor({ post, className }: { post: Post; className?: string }) {
  if (!post.created_by) return null;
  return (
    <p className={cn('text-xs text-gray-500', className)} data-testid="post-author">
      by {post.created_by.name}
    </p>
  );
}
