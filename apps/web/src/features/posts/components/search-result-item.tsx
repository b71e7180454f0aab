import type { ReactNode } from 'react';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { cn } from '../../../lib/cn';
import { formatPostDate } from '../utils/post-display';

interface SearchResultItemProps {
  title: string;
  description: string;
  /** The source's name, or the page's URL when there is none. */
  origin: string;
  publishedAt: string | null;
  isSelected?: boolean;
  /** The result's button(s): 'Select', or a checkbox in the multi-article picker. */
  action: ReactNode;
}

/** One search hit: title, description, where it is from, its date and an action. */
export function SearchResultItem({
  title,
  description,
  origin,
  publishedAt,
  isSelected = false,
  action,
}: SearchResultItemProps) {
  const { timeZone } = useTimeZone();
  const date = publishedAt === null ? '' : formatPostDate(publishedAt, timeZone);
  return (
    <li
      aria-label={title}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-3 transition-colors',
        isSelected ? 'border-brand-300 bg-brand-50/60' : 'border-gray-200 bg-white',
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-gray-900">{title}</p>
        {description !== '' && (
          <p className="mt-0.5 line-clamp-2 text-sm break-words text-gray-600">{description}</p>
        )}
        <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-gray-500">
          <span className="max-w-full truncate">{origin}</span>
          {date !== '' && <time dateTime={publishedAt ?? undefined}>{date}</time>}
        </p>
      </div>
      <div className="shrink-0">{action}</div>
    </li>
  );
}
