import type { Company, Post } from '@cadence/shared';
import type { PostActionHandlers } from './post-actions';
import { PostActions } from './post-actions';
import { PostAttachments } from './post-attachments';
import { PostDates } from './post-dates';
import { getPostEntity, PostEntity } from './post-entity';
import { PostText } from './post-text';

interface PostCardsProps extends PostActionHandlers {
  posts: Post[];
  companies: readonly Company[];
}

/** The narrow-screen list: one card per post, with the same actions as a table row. */
export function PostCards({ posts, companies, ...handlers }: PostCardsProps) {
  return (
    <ul aria-label="Posts" className="space-y-3">
      {posts.map((post) => (
        <li
          key={post.id}
          aria-label={`${getPostEntity(post, companies).name}: ${post.content.slice(0, 60)}`}
          className="rounded-2xl border border-gray-200 bg-white p-4 shadow-xs"
        >
          <PostEntity post={post} companies={companies} />
          <div className="mt-3 text-sm">
            <PostText post={post} />
          </div>
          <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
            <PostAttachments attachments={post.attachments} />
            <PostDates post={post} isLabelled />
          </div>
          <div className="mt-4 border-t border-gray-100 pt-3">
            <PostActions post={post} layout="card" {...handlers} />
          </div>
        </li>
      ))}
    </ul>
  );
}
