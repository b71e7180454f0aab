/**
 * Query keys more than one feature reads or invalidates. Everything under 'posts' (the Posts
 * table, the scheduling queue) refreshes together when a post or a schedule changes.
 */
export const POSTS_QUERY_KEY = ['posts'] as const;
