import type { Company, Post } from '@cadence/shared';
import { startTransition, useEffect, useState } from 'react';
import type { PostActionHandlers } from './post-actions';
import { PostCards } from './post-cards';
import { PostsEmpty, PostsError, PostsLoading, PostsNoMatch } from './posts-states';
import { PostsTable } from './posts-table';

interface PostsContentProps extends PostActionHandlers {
  status: 'loading' | 'loaded' | 'failed';
  posts: Post[];
  companies: readonly Company[];
  /** A search or entity filter is on: no rows then means no match, not no posts. */
  isFiltered: boolean;
  isWide: boolean;
  errorDetail: string | null;
  isRetrying: boolean;
  onRetry: () => void;
  onCreate: () => void;
  onClearFilters: () => void;
}

/**
 * Posts in the list's first render: a phone's screenful of cards, a wide screen's of rows.
 * The rest of the page follows in the next task, so the first rows paint without waiting
 * for all of them (one long task of 25 rows held the first paint back on a slow phone).
 */
const FIRST_POSTS = { cards: 4, rows: 12 } as const;

/**
 * False for the list's first render with posts, true from the next task on. The rest of the
 * list renders as a transition: React works on it in slices of a few milliseconds, so a
 * tap or a key press in between is answered at once (in one task it blocked the page for
 * 80 ms on this machine, 330 ms at a phone's 4x slower CPU).
 */
function useIsPastFirstRender(hasPosts: boolean): boolean {
  const [isPast, setIsPast] = useState(false);
  useEffect(() => {
    if (!hasPosts || isPast) return;
    const id = window.setTimeout(() => startTransition(() => setIsPast(true)), 0);
    return () => window.clearTimeout(id);
  }, [hasPosts, isPast]);
  return isPast;
}

/** The list area: loading, failed, empty, nothing matching, or the posts themselves. */
export function PostsContent({
  status,
  posts,
  isFiltered,
  isWide,
  errorDetail,
  isRetrying,
  onRetry,
  onCreate,
  onClearFilters,
  ...rest
}: PostsContentProps) {
  const isPastFirstRender = useIsPastFirstRender(status === 'loaded' && posts.length > 0);
  if (status === 'loading') return <PostsLoading />;
  if (status === 'failed') {
    return <PostsError detail={errorDetail} isRetrying={isRetrying} onRetry={onRetry} />;
  }
  if (posts.length === 0) {
    return isFiltered ? (
      <PostsNoMatch onClear={onClearFilters} />
    ) : (
      <PostsEmpty onCreate={onCreate} />
    );
  }
  const shown = isPastFirstRender
    ? posts
    : posts.slice(0, isWide ? FIRST_POSTS.rows : FIRST_POSTS.cards);
  return isWide ? <PostsTable posts={shown} {...rest} /> : <PostCards posts={shown} {...rest} />;
}
