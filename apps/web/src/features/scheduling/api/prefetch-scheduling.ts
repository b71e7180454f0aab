import { SCHEDULE_PAGE_SIZE_DEFAULT } from '@cadence/shared';
import type { QueryClient } from '@tanstack/react-query';
import { companiesQueryOptions } from '../../../lib/queries/companies';
import { userSettingsQueryOptions } from '../../../lib/queries/user-settings';
import { browserTimeZone, monthGridRange, monthOf, resolveTimeZone } from '../../../lib/zoned-time';
import { calendarQueryOptions } from './get-calendar';
import { queuePostsQueryOptions } from './get-queue-posts';
import { schedulesQueryOptions } from './get-schedules';

/**
 * Starts every request the Scheduling page opens with, while its code is still loading:
 * the lists at once, the calendar as soon as the saved time zone is known (its days are
 * counted in that zone). The page's own queries then find them in flight or done.
 */
export async function prefetchScheduling(queryClient: QueryClient): Promise<void> {
  const first = { page: 1, pageSize: SCHEDULE_PAGE_SIZE_DEFAULT, companyId: '' };
  void queryClient.prefetchQuery(companiesQueryOptions());
  void queryClient.prefetchQuery(queuePostsQueryOptions(first));
  void queryClient.prefetchQuery(schedulesQueryOptions({ ...first, range: null }));
  await queryClient.prefetchQuery(userSettingsQueryOptions());
  const saved = queryClient.getQueryData(userSettingsQueryOptions().queryKey);
  const timeZone = resolveTimeZone(saved?.timezone, browserTimeZone());
  const { year, monthIndex } = monthOf(Date.now(), timeZone);
  const range = monthGridRange(year, monthIndex, timeZone);
  await queryClient.prefetchQuery(calendarQueryOptions({ ...range, companyId: '', timeZone }));
}
