import type { Post } from '@cadence/shared';
import { articleHref } from '@cadence/shared';
import { ExternalLink } from 'lucide-react';

/** The content clamped to two lines, then 'View Article' when the post has a link. */
export function PostText({ post }: { post: Post }) {
  return (
    <div className="min-w-0">
      <p
        className="line-clamp-2 break-words whitespace-pre-line text-gray-800"
        title={post.content}
      >
        {post.content}
      </p>
      {post.url !== null && post.url !== '' && (
        <a
          href={articleHref(post.url)}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:text-brand-800 hover:underline"
        >
          View Article
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      )}
    </div>
  );
}
