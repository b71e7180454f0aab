import type { Company, Post } from '@cadence/shared';
import type { PostActionHandlers } from './post-actions';
import { PostActions } from './post-actions';
import { PostAttachments } from './post-attachments';
import { PostDates, PostNextTime } from './post-dates';
import { PostEntity } from './post-entity';
import { PostText } from './post-text';
import { PostStatus } from './post-status';

interface PostsTableProps extends PostActionHandlers {
  posts: Post[];
  companies: readonly Company[];
}

const HEADER_CELL =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-gray-500 uppercase';

/** The wide-screen list: one row per post. */
export function PostsTable({ posts, companies, ...handlers }: PostsTableProps) {
  return (
    <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-xs">
      {/* Positioned: its screen-reader-only texts are laid out inside the scroll box. */}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[44rem] divide-y divide-gray-200 text-sm">
          <caption className="sr-only">Posts</caption>
          <thead className="bg-gray-50/80">
            <tr>
              <th scope="col" className={`${HEADER_CELL} pl-5`}>
                Entity
              </th>
              <th scope="col" className={`${HEADER_CELL} w-full`}>
                Post
              </th>
              <th scope="col" className={HEADER_CELL}>
                Status
              </th>
              <th scope="col" className={HEADER_CELL}>
                Created/Updated
              </th>
              <th scope="col" className={HEADER_CELL}>
                Attachments
              </th>
              <th scope="col" className={`${HEADER_CELL} pr-5 text-right`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {posts.map((post) => (
              <tr key={post.id} className="align-middle transition-colors hover:bg-gray-50/70">
                <td className="py-3.5 pr-4 pl-5">
                  <div className="w-40 lg:w-48">
                    <PostEntity post={post} companies={companies} showStatus={false} />
                  </div>
                </td>
                <td className="px-4 py-3.5">
                  <div className="min-w-48">
                    <PostText post={post} />
                  </div>
                </td>
                <td className="px-4 py-3.5">
                  <div className="w-max">
                    <div className="max-w-32">
                      <PostStatus post={post} />
                    </div>
                    {/* When it goes out, labelled, under its status. */}
                    <PostNextTime post={post} size="xs" />
                  </div>
                </td>
                <td className="px-4 py-3.5">
                  <PostDates post={post} />
                </td>
                <td className="px-4 py-3.5">
                  <div className="w-max max-w-40">
                    <PostAttachments attachments={post.attachments} />
                  </div>
                </td>
                <td className="py-3.5 pr-5 pl-2 whitespace-nowrap">
                  <PostActions post={post} layout="row" {...handlers} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
