import type { ScheduledInstance, ScheduleList } from '@cadence/shared';
import { SCHEDULE_MESSAGES } from '@cadence/shared';
import { CalendarX2, CheckSquare, Trash2, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useCan } from '../../../hooks/use-can';
import { formatDateKey } from '../../../lib/zoned-time';
import { EmptyList } from './empty-list';
import { ListError } from './list-error';
import { ListSection } from './list-section';
import { ScheduledCard } from './scheduled-card';

interface ScheduledListProps {
  data: ScheduleList | undefined;
  error: unknown;
  isRefreshing: boolean;
  onRetry: () => void;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  timeZone: string;
  /** The day picked on the calendar ('yyyy-MM-dd'), or null for all. */
  selectedDay: string | null;
  isSelecting: boolean;
  onSelectingChange: (isSelecting: boolean) => void;
  selectedIds: ReadonlySet<string>;
  onSelectedIdsChange: (ids: Set<string>) => void;
  /** Asks to delete these scheduled posts (the page confirms first). */
  onDelete: (ids: string[], isBulk: boolean) => void;
  /** 'Move to...' on a card whose occurrence can still be moved. */
  onMoveTo: (instance: ScheduledInstance) => void;
}

/** 'All Scheduled Posts' or 'Posts for {date}', with single and bulk delete. */
export function ScheduledList({
  data,
  error,
  isRefreshing,
  onRetry,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  timeZone,
  selectedDay,
  isSelecting,
  onSelectingChange,
  selectedIds,
  onSelectedIdsChange,
  onDelete,
  onMoveTo,
}: ScheduledListProps) {
  // Selecting is for deleting: not offered to a viewer (shared/roles.ts).
  const canWrite = useCan('writePosts');
  const rows = data?.rows ?? [];
  const isAllSelected = rows.length > 0 && rows.every((row) => selectedIds.has(row.id));
  const title =
    selectedDay === null ? 'All Scheduled Posts' : `Posts for ${formatDateKey(selectedDay)}`;

  const toggle = (id: string) => {
    const next = new Set(selectedIds);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedIdsChange(next);
  };

  return (
    <ListSection
      id="scheduled-list"
      title={title}
      actions={
        canWrite && (rows.length > 0 || isSelecting) ? (
          <Button
            size="sm"
            variant={isSelecting ? 'ghost' : 'secondary'}
            icon={
              isSelecting ? (
                <X className="size-4" aria-hidden="true" />
              ) : (
                <CheckSquare className="size-4" aria-hidden="true" />
              )
            }
            onClick={() => {
              onSelectedIdsChange(new Set());
              onSelectingChange(!isSelecting);
            }}
          >
            {isSelecting ? 'Cancel Selection' : 'Select Multiple'}
          </Button>
        ) : undefined
      }
      toolbar={
        isSelecting ? (
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 bg-gray-50 px-4 py-2 sm:px-5">
            <Button
              size="sm"
              variant="ghost"
              disabled={rows.length === 0}
              onClick={() =>
                onSelectedIdsChange(isAllSelected ? new Set() : new Set(rows.map((row) => row.id)))
              }
            >
              {isAllSelected ? 'Deselect All' : 'Select All'}
            </Button>
            <Button
              size="sm"
              variant="danger"
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              disabled={selectedIds.size === 0}
              onClick={() => onDelete([...selectedIds], true)}
            >
              Delete Selected ({selectedIds.size})
            </Button>
          </div>
        ) : undefined
      }
      count={data?.count ?? 0}
      hasMore={data?.count_is_exact === false}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      itemsLabel="Scheduled posts"
      isRefreshing={isRefreshing}
    >
      {data === undefined ? (
        <ListError error={error} isRetrying={isRefreshing} onRetry={onRetry} />
      ) : rows.length === 0 ? (
        <EmptyList icon={CalendarX2} text={SCHEDULE_MESSAGES.noScheduledPosts} />
      ) : (
        <ul aria-label="Scheduled posts" className="space-y-3">
          {rows.map((instance) => (
            <ScheduledCard
              key={instance.id}
              instance={instance}
              timeZone={timeZone}
              isSelecting={isSelecting}
              isSelected={selectedIds.has(instance.id)}
              onToggle={toggle}
              onDelete={(id) => onDelete([id], false)}
              onMoveTo={onMoveTo}
            />
          ))}
        </ul>
      )}
    </ListSection>
  );
}
