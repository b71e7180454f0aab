import { ANALYTICS_API_PATHS, AnalyticsSummarySchema } from '@cadence/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { analyticsSearch, type AnalyticsRange } from '../utils/analytics-range';

export const ANALYTICS_QUERY_KEY = ['analytics'] as const;

export interface AnalyticsFilter {
  range: AnalyticsRange;
  /** One entity's numbers; '' for every entity. */
  companyId: string;
}

/** The period's totals, the same for the period before, the days, networks, top posts, hours. */
export async function getAnalyticsSummary(
  { range, companyId }: AnalyticsFilter,
  signal?: AbortSignal,
) {
  const { data } = await apiRequest(
    `${ANALYTICS_API_PATHS.summary}?${analyticsSearch(range, companyId)}`,
    { schema: AnalyticsSummarySchema, signal },
  );
  return data;
}

export function analyticsSummaryQueryOptions(filter: AnalyticsFilter) {
  return queryOptions({
    queryKey: [
      ...ANALYTICS_QUERY_KEY,
      'summary',
      filter.companyId,
      filter.range.from,
      filter.range.to,
    ],
    queryFn: ({ signal }) => getAnalyticsSummary(filter, signal),
    // The last period's numbers stay on screen while another period or entity loads.
    placeholderData: keepPreviousData,
  });
}

/** `isEnabled` false until the saved time zone is known, so the days are asked for once. */
export function useAnalyticsSummary(filter: AnalyticsFilter, isEnabled = true) {
  return useQuery({ ...analyticsSummaryQueryOptions(filter), enabled: isEnabled });
}
