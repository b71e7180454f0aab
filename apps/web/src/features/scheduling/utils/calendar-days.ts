import type { CalendarDay } from '@cadence/shared';
import { CALENDAR_POPUP_MAX_POSTS } from '@cadence/shared';

export type CalendarPopupPost = CalendarDay['posts'][number];

export interface CalendarDaySummary {
  date: string;
  count: number;
  /** At most CALENDAR_POPUP_MAX_POSTS, earliest first. */
  posts: CalendarPopupPost[];
  /** Posts of the day the popup leaves out ('+N more posts'). */
  moreCount: number;
}

/** The server's days keyed by 'yyyy-MM-dd', ready for the tiles and their popups. */
export function indexCalendarDays(days: readonly CalendarDay[]): Map<string, CalendarDaySummary> {
  const index = new Map<string, CalendarDaySummary>();
  for (const day of days) {
    if (day.count <= 0) continue;
    const posts = [...day.posts]
      .sort((a, b) => Date.parse(a.scheduled_for) - Date.parse(b.scheduled_for))
      .slice(0, CALENDAR_POPUP_MAX_POSTS);
    index.set(day.date, {
      date: day.date,
      count: day.count,
      posts,
      moreCount: Math.max(0, day.count - posts.length),
    });
  }
  return index;
}

/** '1 post scheduled' / 'n posts scheduled', for the popup and the tile's accessible name. */
export function describePostCount(count: number): string {
  return `${count} ${count === 1 ? 'post' : 'posts'} scheduled`;
}
