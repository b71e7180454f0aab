import type { Company } from '@cadence/shared';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { controlClasses } from './field';

interface EntityFilterProps {
  /** Unique per page: the label points at it. */
  id: string;
  companies: readonly Company[];
  value: string;
  onChange: (companyId: string) => void;
  className?: string;
  /** While the entities load: the control holds its place, so nothing below it moves. */
  disabled?: boolean;
}

/** 'All Entities' or one entity; labelled 'Filter by entity' for screen readers. */
export function EntityFilter({
  id,
  companies,
  value,
  onChange,
  className,
  disabled = false,
}: EntityFilterProps) {
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        Filter by entity
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
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
