import type { ReactNode } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { totalPagesOf } from '../../../components/ui/page-items';
import { cn } from '../../../lib/cn';
import { PageSizeSelect } from './page-size-select';

interface ListSectionProps {
  id: string;
  title: string;
  /** Buttons at the right of the heading. */
  actions?: ReactNode;
  /** A row under the heading, e.g. the selection tools. */
  toolbar?: ReactNode;
  count: number;
  /** More rows match than were counted (decision 041): the count reads "N+". */
  hasMore?: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Names the page-size select and the pagination, e.g. 'Posts'. */
  itemsLabel: string;
  /** A newer page is on its way: the old one stays, dimmed. */
  isRefreshing: boolean;
  children: ReactNode;
}

/** The frame both lists share: heading, a scrolling area of at most 600px, size and pages. */
export function ListSection({
  id,
  title,
  actions,
  toolbar,
  count,
  hasMore = false,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  itemsLabel,
  isRefreshing,
  children,
}: ListSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-2xl border border-gray-200 bg-white shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-100 px-4 py-3 sm:px-5">
        <h2 id={headingId} className="text-base font-semibold text-gray-900">
          {title}
          <span className="ml-2 text-sm font-normal text-gray-600">
            ({hasMore ? `${count}+` : count})
          </span>
        </h2>
        {actions !== undefined && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {toolbar}
      <div
        className={cn(
          // Positioned, so what is laid out absolutely inside (screen-reader-only labels) is
          // clipped by this scroll box instead of stretching the page below it.
          'relative max-h-[600px] overflow-y-auto p-3 transition-opacity sm:p-4',
          isRefreshing && 'opacity-60',
        )}
        aria-busy={isRefreshing || undefined}
      >
        {children}
      </div>
      <div className="flex flex-col items-center gap-3 border-t border-gray-100 px-4 py-3 sm:flex-row sm:justify-between sm:px-5">
        <PageSizeSelect
          value={pageSize}
          onChange={onPageSizeChange}
          label={`${itemsLabel} per page`}
        />
        <Pagination
          page={page}
          totalPages={totalPagesOf(count, pageSize)}
          hasMore={hasMore}
          onPageChange={onPageChange}
          label={`${itemsLabel} pages`}
        />
      </div>
    </section>
  );
}
