import type { Company } from '@cadence/shared';
import { ChevronDown } from 'lucide-react';
import { controlClasses } from '../../../components/ui/field';

interface CompanyFilterProps {
  companies: readonly Company[];
  value: string;
  onChange: (companyId: string) => void;
}

/** 'All Entities' or one entity: filters the calendar and both lists. */
export function CompanyFilter({ companies, value, onChange }: CompanyFilterProps) {
  return (
    <div className="relative w-full sm:w-64">
      <label htmlFor="scheduling-entity-filter" className="sr-only">
        Filter by entity
      </label>
      <select
        id="scheduling-entity-filter"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={controlClasses(false, 'h-10 appearance-none truncate pr-9 pl-3')}
      >
        <option value="">All Entities</option>
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
  );
}
