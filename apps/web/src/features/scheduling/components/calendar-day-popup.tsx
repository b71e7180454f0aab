import { CALENDAR_POPUP_MAX_POSTS } from '@cadence/shared';
import type { CalendarDaySummary } from '../utils/calendar-days';
import { describePostCount } from '../utils/calendar-days';
import { formatDateKey, formatInZone } from '../../../lib/zoned-time';
import { PostStatusBadge } from '../../../components/ui/post-status-badge';

export const POPUP_WIDTH = 272;

interface CalendarDayPopupProps {
  day: CalendarDaySummary;
  timeZone: string;
  left: number;
  top: number;
}

/** What a hovered or focused day holds: its first posts by time and how many more. */
export function CalendarDayPopup({ day, timeZone, left, top }: CalendarDayPopupProps) {
  return (
    <div
      role="tooltip"
      id="calendar-day-popup"
      style={{ left, top, width: POPUP_WIDTH }}
      className="pointer-events-none absolute z-20 max-w-full animate-fade-in rounded-xl bg-white p-3 text-left shadow-xl ring-1 ring-gray-900/10"
    >
      <p className="text-sm font-semibold text-gray-900">
        {formatDateKey(day.date, 'EEEE, MMM d, yyyy')}
      </p>
      <p className="text-xs text-gray-600">{describePostCount(day.count)}</p>
      <ul className="mt-2 space-y-1.5">
        {day.posts.slice(0, CALENDAR_POPUP_MAX_POSTS).map((post) => (
          <li key={post.id} className="flex gap-2 text-xs">
            <time
              dateTime={post.scheduled_for}
              className="w-16 shrink-0 font-medium text-brand-700 tabular-nums"
            >
              {formatInZone(post.scheduled_for, timeZone, 'h:mm a')}
            </time>
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2 break-words text-gray-700">{post.content}</span>
              {post.publish_status !== null && (
                <PostStatusBadge status={post.publish_status} className="mt-0.5" />
              )}
            </span>
          </li>
        ))}
      </ul>
      {day.moreCount > 0 && (
        <p className="mt-2 text-xs font-medium text-gray-600">+{day.moreCount} more posts</p>
      )}
    </div>
  );
}
