import type { Company } from '@cadence/shared';
import { Search } from 'lucide-react';
import { EntityFilter } from '../../../components/ui/entity-filter';
import { controlClasses } from '../../../components/ui/field';

interface CompaniesToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** The companies the selector offers; it is hidden while there are none. */
  companies: readonly Company[];
  selectedId: string;
  onSelectedIdChange: (id: string) => void;
}

/** Search and the company selector above the list. */
export function CompaniesToolbar({
  query,
  onQueryChange,
  companies,
  selectedId,
  onSelectedIdChange,
}: CompaniesToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative sm:w-80">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
          aria-hidden="true"
        />
        <input
          type="search"
          aria-label="Search entities"
          placeholder="Search entities..."
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          className={controlClasses(false, 'h-10 pr-3 pl-9')}
        />
      </div>
      {companies.length > 0 && (
        <EntityFilter
          id="entity-filter"
          className="sm:w-60"
          companies={companies}
          value={selectedId}
          onChange={onSelectedIdChange}
        />
      )}
    </div>
  );
}
