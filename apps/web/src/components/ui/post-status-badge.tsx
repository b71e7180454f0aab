import type { PostPublishStatus } from '@cadence/shared';
import { POST_STATUS_LABELS } from '@cadence/shared';
import { CalendarClock, CircleAlert, CircleCheck, CircleDashed } from 'lucide-react';
import { cn } from '../../lib/cn';

const STYLES: Record<PostPublishStatus, { className: string; Icon: typeof CircleCheck }> = {
  scheduled: { className: 'bg-brand-50 text-brand-700 ring-brand-200', Icon: CalendarClock },
  published: { className: 'bg-emerald-50 text-emerald-800 ring-emerald-200', Icon: CircleCheck },
  partly_published: { className: 'bg-amber-50 text-amber-800 ring-amber-200', Icon: CircleDashed },
  failed: { className: 'bg-red-50 text-red-700 ring-red-200', Icon: CircleAlert },
};

/**
 * What publishing made of a post: 'Scheduled' only while it waits, then 'Published',
 * 'Partly published' or 'Failed' (the rule is `postPublishStatusOf` in packages/shared).
 */
export function PostStatusBadge({
  status,
  className,
}: {
  status: PostPublishStatus;
  className?: string;
}) {
  const { className: tone, Icon } = STYLES[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
        tone,
        className,
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {POST_STATUS_LABELS[status]}
    </span>
  );
}
