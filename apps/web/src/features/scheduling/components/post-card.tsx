import type { Post } from '@cadence/shared';
import { articleHref, POST_MESSAGES } from '@cadence/shared';
import { CalendarClock, CalendarPlus, ExternalLink } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CompanyAvatar } from '../../../components/entities/company-avatar';
import { PostStatusBadge } from '../../../components/ui/post-status-badge';
import { formatInZone } from '../../../lib/zoned-time';
import { AttachmentThumbs } from './attachment-thumbs';

interface PostCardProps {
  post: Post;
  timeZone: string;
  onSchedule: (post: Post) => void;
  /** 'Add to queue': the entity's next open slot. */
  onAddToQueue: (post: Post) => void;
}

/** One post of the queue: who it is for, what it says and the way to schedule it. */
export function PostCard({ post, timeZone, onSchedule, onAddToQueue }: PostCardProps) {
  const companyName = post.company?.name ?? POST_MESSAGES.unknownCompany;
  const url = post.url?.trim() ?? '';
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4 transition-colors hover:border-gray-300">
      <div className="flex items-start gap-3">
        <CompanyAvatar name={companyName} logoUrl={post.company?.logo_url ?? null} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="text-sm font-semibold break-words text-gray-900">{companyName}</h3>
            {post.publish_status !== null && <PostStatusBadge status={post.publish_status} />}
          </div>
          <p className="mt-0.5 text-xs text-gray-600">
            Created{' '}
            <time dateTime={post.created_at}>{formatInZone(post.created_at, timeZone)}</time>
          </p>
        </div>
      </div>
      <p className="mt-3 line-clamp-5 text-sm leading-6 break-words whitespace-pre-line text-gray-700">
        {post.content}
      </p>
      <div className="mt-3">
        <AttachmentThumbs attachments={post.attachments} />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-end gap-2 border-t border-gray-100 pt-3">
        {url !== '' && (
          <a
            href={articleHref(url)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('ghost', 'sm', 'mr-auto')}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            View Article
          </a>
        )}
        <Button
          size="sm"
          variant="secondary"
          icon={<CalendarClock className="size-4" aria-hidden="true" />}
          onClick={() => onAddToQueue(post)}
        >
          Add to queue
        </Button>
        <Button
          size="sm"
          variant="soft"
          icon={<CalendarPlus className="size-4" aria-hidden="true" />}
          onClick={() => onSchedule(post)}
        >
          Schedule
        </Button>
      </div>
    </li>
  );
}
