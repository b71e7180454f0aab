import type { Company } from '@cadence/shared';
import { Search } from 'lucide-react';
import { EntityFilter } from '../../../components/ui/entity-filter';
import { controlClasses } from '../../../components/ui/field';

interface PostsToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  companies: readonly Company[];
  selectedId: string;
  onSelectedIdChange: (id: string) => void;
}

/** Search (content, url, entity name) and the entity filter above the list. */
export function PostsToolbar({
  search,
  onSearchChange,
  companies,
  selectedId,
  onSelectedIdChange,
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
    </div>
  );
}
