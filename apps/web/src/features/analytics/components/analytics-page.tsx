import type { AnalyticsPeriod, AnalyticsSummary } from '@cadence/shared';
import { ANALYTICS_DEFAULT_PERIOD, ANALYTICS_MESSAGES, ANALYTICS_PERIODS } from '@cadence/shared';
import { useState } from 'react';
import { PageHeader, type ScreenHeader } from '../../../components/layout/page-header';
import { toastApiError } from '../../../components/ui/error-toast';
import { useNow } from '../../../hooks/use-now';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { ApiRequestError } from '../../../lib/api-error';
import { useCompanies } from '../../../lib/queries/companies';
import { exportAnalyticsCsv } from '../api/export-analytics';
import { useAnalyticsSummary } from '../api/get-analytics-summary';
import { analyticsRange } from '../utils/analytics-range';
import { AnalyticsChart } from './analytics-chart';
import { AnalyticsEmpty, AnalyticsError, AnalyticsLoading } from './analytics-states';
import { AnalyticsToolbar } from './analytics-toolbar';
import { AnalyticsTotals } from './analytics-totals';
import { BestHours } from './best-hours';
import { NetworkTable } from './network-table';
import { TopPosts } from './top-posts';

/** The range changes at midnight; asking the clock once a minute is enough to follow it. */
const CLOCK_MS = 60_000;
const LONGEST_PERIOD = ANALYTICS_PERIODS[2];

/** Nothing went out in the period nor the one before: there is nothing to read yet. */
function isEmpty(summary: AnalyticsSummary): boolean {
  return (
    summary.posts_published === 0 &&
    summary.previous.posts_published === 0 &&
    summary.engagements === 0 &&
    summary.impressions === 0 &&
    summary.clicks === 0 &&
    summary.top_posts.length === 0
  );
}

/** The heading, also the screen's first frame (app/first-frames.tsx). */
export const ANALYTICS_HEADER: ScreenHeader = {
  title: 'Analytics',
  description:
    'What worked: likes, comments, shares, impressions and link clicks from every network.',
};

/** What worked: the period's totals, day by day, per network, the top posts, the best hours. */
export function AnalyticsPage() {
  const companiesQuery = useCompanies();
  const companies = companiesQuery.data?.rows ?? [];
  const [selectedId, setSelectedId] = useState('');
  const [period, setPeriod] = useState<AnalyticsPeriod>(ANALYTICS_DEFAULT_PERIOD);
  const [isExporting, setIsExporting] = useState(false);
  const { timeZone, isLoading: isZoneLoading } = useTimeZone();
  const now = useNow(CLOCK_MS);
  // A filter on an entity that has since been deleted no longer applies.
  const companyId = companies.some((company) => company.id === selectedId) ? selectedId : '';
  const filter = { range: analyticsRange(period, now, timeZone), companyId };
  const summaryQuery = useAnalyticsSummary(filter, !isZoneLoading);
  const { data, error, isError } = summaryQuery;

  async function exportCsv() {
    setIsExporting(true);
    try {
      await exportAnalyticsCsv(filter);
    } catch (failure) {
      toastApiError(failure, ANALYTICS_MESSAGES.exportFailed);
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <>
      <PageHeader {...ANALYTICS_HEADER} />
      <div className="mt-6">
        <AnalyticsToolbar
          companies={companies}
          companyId={companyId}
          onCompanyIdChange={setSelectedId}
          period={period}
          onPeriodChange={setPeriod}
          isExporting={isExporting}
          onExport={() => void exportCsv()}
        />
      </div>
      <div className="mt-5" aria-busy={summaryQuery.isFetching}>
        {data !== undefined ? (
          isEmpty(data) ? (
            <AnalyticsEmpty
              period={period}
              isNarrowed={companyId !== '' || period !== LONGEST_PERIOD}
              onWiden={() => {
                setSelectedId('');
                setPeriod(LONGEST_PERIOD);
              }}
            />
          ) : (
            <div className="space-y-6">
              <AnalyticsTotals summary={data} period={period} />
              <AnalyticsChart series={data.series} />
              <NetworkTable rows={data.by_network} />
              <TopPosts posts={data.top_posts} timeZone={timeZone} />
              <BestHours
                needed={data.best_hours.needed}
                cells={data.best_hours.cells}
                period={period}
                timeZone={timeZone}
              />
            </div>
          )
        ) : isError ? (
          <AnalyticsError
            detail={error instanceof ApiRequestError ? error.serverMessage : null}
            isRetrying={summaryQuery.isFetching}
            onRetry={() => void summaryQuery.refetch()}
          />
        ) : (
          <AnalyticsLoading />
        )}
      </div>
    </>
  );
}
