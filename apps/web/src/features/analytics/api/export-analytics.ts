import { ANALYTICS_API_PATHS } from '@cadence/shared';
import { downloadFile } from './download-file';
import type { AnalyticsFilter } from './get-analytics-summary';
import { analyticsSearch } from '../utils/analytics-range';

/** The period's numbers as a CSV file, for the same entity and period as the screen. */
export function exportAnalyticsCsv({ range, companyId }: AnalyticsFilter) {
  return downloadFile(
    `${ANALYTICS_API_PATHS.export}?${analyticsSearch(range, companyId)}`,
    `cadence-analytics-${range.from.slice(0, 10)}.csv`,
  );
}
