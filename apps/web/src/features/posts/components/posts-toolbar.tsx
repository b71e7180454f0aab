import type { Company, PostSort, PostStatusFilter } from '@cadence/shared';
import { POST_STATUS_FILTERS, POST_STATUS_LABELS } from '@cadence/shared';
import { ChevronDown, Search } from 'lucide-react';
import { EntityFilter } from '../../../components/ui/entity-filter';
import { controlClasses } from '../../../components/ui/field';

interface PostsToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  companies: readonly Company[];
  selectedId: string;
  onSelectedIdChange: (id: string) => void;
  status: PostStatusFilter | '';
  onStatusChange: (status: PostStatusFilter | '') => void;
  sort: PostSort;
  onSortChange: (sort: PostSort) => void;
}

/** Search (content, url, entity name), the entity and status filters and the order above the list. */
export function PostsToolbar({
  search,
  onSearchChange,
  companies,
  selectedId,
  onSelectedIdChange,
  status,
  onStatusChange,
  sort,
  onSortChange,
}: PostsToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative sm:w-80">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
          aria-hidden="true"
        />
        <input
          type="search"
          aria-label="Search posts"
          placeholder="Search posts..."
          value={search}
          maxLength={200}
          onChange={(event) => onSearchChange(event.target.value)}
          className={controlClasses(false, 'h-10 pr-3 pl-9')}
        />
      </div>
      <EntityFilter
        id="post-entity-filter"
        className="sm:w-60"
        companies={companies}
        value={selectedId}
        onChange={onSelectedIdChange}
      />
      <div className="relative sm:w-48">
        <label htmlFor="post-status-filter" className="sr-only">
          Filter by status
        </label>
        <select
          id="post-status-filter"
          value={status}
          onChange={(event) => onStatusChange(event.target.value as PostStatusFilter | '')}
          className={controlClasses(false, 'h-10 appearance-none truncate pr-9 pl-3')}
        >
          <option value="">All statuses</option>
          {POST_STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {POST_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-400"
          aria-hidden="true"
        />
      </div>
      <div className="relative sm:w-48">
        <label htmlFor="post-sort" className="sr-only">
          Sort posts
        </label>
        <select
          id="post-sort"
          value={sort}
          onChange={(event) => onSortChange(event.target.value as PostSort)}
          className={controlClasses(false, 'h-10 appearance-none truncate pr-9 pl-3')}
        >
          <option value="newest">Newest first</option>
          <option value="engagement">Most engagement first</option>
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-400"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
