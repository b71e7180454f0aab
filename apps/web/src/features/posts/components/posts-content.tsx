import type { Company, Post } from '@cadence/shared';
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
  return isWide ? <PostsTable posts={posts} {...rest} /> : <PostCards posts={posts} {...rest} />;
}
