import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { pageItems } from './page-items';

interface PaginationProps {
  page: number;
  totalPages: number;
  /** More pages follow `totalPages` (a list that counts only a few pages ahead). */
  hasMore?: boolean;
  onPageChange: (page: number) => void;
  /** Names the list for screen readers, e.g. 'Posts pages'. */
  label: string;
  className?: string;
}

/** Previous/next plus first, last and current ±1 pages; hidden for one page or none. */
export function Pagination({
  page,
  totalPages,
  hasMore = false,
  onPageChange,
  label,
  className,
}: PaginationProps) {
  const items = pageItems(page, totalPages, hasMore);
  if (items.length === 0) return null;
  const arrow =
    'inline-flex size-9 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';
  return (
    <nav aria-label={label} className={cn('flex items-center justify-center gap-1', className)}>
      <button
        type="button"
        className={arrow}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      {items.map((item) =>
        item.kind === 'gap' ? (
          <span key={item.key} className="px-2 text-gray-400" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            onClick={() => onPageChange(item.page)}
            aria-label={`Page ${item.page}`}
            aria-current={item.page === page ? 'page' : undefined}
            className={cn(
              'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium',
              item.page === page
                ? 'bg-brand-600 text-white shadow-sm'
                : 'text-gray-700 hover:bg-gray-100',
            )}
          >
            {item.page}
          </button>
        ),
      )}
      <button
        type="button"
        className={arrow}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages && !hasMore}
        aria-label="Next page"
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}
