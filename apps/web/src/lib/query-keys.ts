/**
 * Query keys more than one feature reads or invalidates. Everything under 'posts' (the Posts
 * table, the scheduling queue) refreshes together when a post or a schedule changes.
 */
export const POSTS_QUERY_KEY = ['posts'] as const;

/** The signed-in account (`/customer/me`): the session check, and the navigation's name and avatar. */
export const ME_QUERY_KEY = ['me'] as const;

/**
 * Everything the Scheduling page lists (scheduled posts, the calendar, the queue): refreshed
 * after a schedule changes or an action on a publication (retry, publish now) from any page.
 */
export const SCHEDULES_QUERY_KEY = ['schedules'] as const;
