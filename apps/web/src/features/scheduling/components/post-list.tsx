import type { Post, PostList as PostListData } from '@cadence/shared';
import { SCHEDULE_MESSAGES } from '@cadence/shared';
import { Inbox } from 'lucide-react';
import { EmptyList } from './empty-list';
import { ListSection } from './list-section';
import { ListError } from './list-error';
import { PostCard } from './post-card';

interface PostListProps {
  data: PostListData | undefined;
  error: unknown;
  isRefreshing: boolean;
  onRetry: () => void;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  timeZone: string;
  onSchedule: (post: Post) => void;
  onAddToQueue: (post: Post) => void;
}

/** 'Post List': the posts of the selected entity, each with its Schedule and Add to queue buttons. */
export function PostList({
  data,
  error,
  isRefreshing,
  onRetry,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  timeZone,
  onSchedule,
  onAddToQueue,
}: PostListProps) {
  const rows = data?.rows ?? [];
  return (
    <ListSection
      id="post-list"
      title="Post List"
      count={data?.count ?? 0}
      hasMore={data?.count_is_exact === false}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      itemsLabel="Posts"
      isRefreshing={isRefreshing}
    >
      {data === undefined ? (
        <ListError error={error} isRetrying={isRefreshing} onRetry={onRetry} />
      ) : rows.length === 0 ? (
        <EmptyList icon={Inbox} text={SCHEDULE_MESSAGES.noPostsInQueue} />
      ) : (
        <ul aria-label="Posts" className="space-y-3">
          {rows.map((post) => (
            <PostCard
              key={post.id}
              post={post}
              timeZone={timeZone}
              onSchedule={onSchedule}
              onAddToQueue={onAddToQueue}
            />
          ))}
        </ul>
      )}
    </ListSection>
  );
}
