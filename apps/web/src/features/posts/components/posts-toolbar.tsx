import type { Company } from '@cadence/shared';
import { ChevronDown, Search } from 'lucide-react';
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
      <div className="relative sm:w-60">
        <label htmlFor="post-entity-filter" className="sr-only">
          Filter by entity
        </label>
        <select
          id="post-entity-filter"
          value={selectedId}
          onChange={(event) => onSelectedIdChange(event.target.value)}
          className={controlClasses(false, 'h-10 appearance-none truncate pr-9 pl-3')}
        >
          <option value="">All entities</option>
          {companies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-400"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
