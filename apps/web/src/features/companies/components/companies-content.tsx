import type { Company } from '@cadence/shared';
import {
  CompaniesEmpty,
  CompaniesError,
  CompaniesLoading,
  CompaniesNoMatch,
} from './companies-states';
import { CompaniesTable } from './companies-table';
import type { CompanyActionHandlers } from './company-actions';
import { CompanyCards } from './company-cards';

interface CompaniesContentProps extends CompanyActionHandlers {
  status: 'loading' | 'loaded' | 'failed';
  /** All companies, before search and selector. */
  totalCount: number;
  /** The companies left after search and selector. */
  companies: Company[];
  /** Table on wide screens, cards on narrow ones. */
  isWide: boolean;
  errorDetail: string | null;
  isRetrying: boolean;
  onRetry: () => void;
  onAdd: () => void;
  onClearFilters: () => void;
}

/** The list area: loading, failed, empty, nothing matching, or the companies themselves. */
export function CompaniesContent({
  status,
  totalCount,
  companies,
  isWide,
  errorDetail,
  isRetrying,
  onRetry,
  onAdd,
  onClearFilters,
  ...handlers
}: CompaniesContentProps) {
  if (status === 'loading') return <CompaniesLoading />;
  if (status === 'failed') {
    return <CompaniesError detail={errorDetail} isRetrying={isRetrying} onRetry={onRetry} />;
  }
  if (totalCount === 0) return <CompaniesEmpty onAdd={onAdd} />;
  if (companies.length === 0) return <CompaniesNoMatch onClear={onClearFilters} />;
  return isWide ? (
    <CompaniesTable companies={companies} {...handlers} />
  ) : (
    <CompanyCards companies={companies} {...handlers} />
  );
}
