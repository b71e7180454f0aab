import type { Company } from '@cadence/shared';
import { EntityFilter } from '../../../components/ui/entity-filter';

interface CompanyFilterProps {
  companies: readonly Company[];
  value: string;
  onChange: (companyId: string) => void;
}

/** 'All Entities' or one entity: filters the calendar and both lists. */
export function CompanyFilter({ companies, value, onChange }: CompanyFilterProps) {
  return (
    <EntityFilter
      id="scheduling-entity-filter"
      className="w-full sm:w-64"
      companies={companies}
      value={value}
      onChange={onChange}
    />
  );
}
