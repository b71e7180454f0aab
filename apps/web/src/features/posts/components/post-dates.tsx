import type { Post } from '@cadence/shared';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatPostDate } from '../utils/post-display';

/** The creation date, and the last change when there was one. */
export function PostDates({ post }: { post: Post }) {
  const { timeZone } = useTimeZone();
  const created = formatPostDate(post.created_at, timeZone);
  const updated = formatPostDate(post.updated_at, timeZone);
  return (
    <div className="text-sm whitespace-nowrap text-gray-700">
      <time dateTime={post.created_at}>{created}</time>
      {updated !== created && updated !== '' && (
        <p className="text-xs text-gray-500">
          Updated <time dateTime={post.updated_at}>{updated}</time>
        </p>
      )}
    </div>
  );
}
