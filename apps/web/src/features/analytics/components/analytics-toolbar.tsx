import type { AnalyticsPeriod, Company } from '@cadence/shared';
import { ANALYTICS_PERIODS } from '@cadence/shared';
import { ChevronDown, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EntityFilter } from '../../../components/ui/entity-filter';
import { controlClasses } from '../../../components/ui/field';

interface AnalyticsToolbarProps {
  companies: readonly Company[];
  companyId: string;
  onCompanyIdChange: (id: string) => void;
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  isExporting: boolean;
  onExport: () => void;
}

/** Which entity, which period, and the same numbers as a CSV file. */
export function AnalyticsToolbar({
  companies,
  companyId,
  onCompanyIdChange,
  period,
  onPeriodChange,
  isExporting,
  onExport,
}: AnalyticsToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <EntityFilter
        id="analytics-entity-filter"
        className="sm:w-60"
        companies={companies}
        value={companyId}
        onChange={onCompanyIdChange}
      />
      <div className="relative sm:w-44">
        <label htmlFor="analytics-period" className="sr-only">
          Period
        </label>
        <select
          id="analytics-period"
          value={period}
          onChange={(event) => onPeriodChange(Number(event.target.value) as AnalyticsPeriod)}
          className={controlClasses(false, 'h-10 appearance-none truncate pr-9 pl-3')}
        >
          {ANALYTICS_PERIODS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-400"
          aria-hidden="true"
        />
      </div>
      <Button
        variant="secondary"
        className="sm:ml-auto"
        icon={<Download className="size-4" aria-hidden="true" />}
        isLoading={isExporting}
        loadingText="Exporting..."
        onClick={onExport}
      >
        Export CSV
      </Button>
    </div>
  );
}
