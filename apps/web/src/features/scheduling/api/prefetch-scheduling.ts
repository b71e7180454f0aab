import { SCHEDULE_PAGE_SIZE_DEFAULT } from '@cadence/shared';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { companiesQueryOptions } from '../../../lib/queries/companies';
import { userSettingsQueryOptions } from '../../../lib/queries/user-settings';
import { browserTimeZone, monthGridRange, monthOf, resolveTimeZone } from '../../../lib/zoned-time';
import { calendarQueryOptions } from './get-calendar';
import { queuePostsQueryOptions } from './get-queue-posts';
import { schedulesQueryOptions } from './get-schedules';

/**
 * Starts every request the Scheduling page opens with, while its code is still loading.
 * The calendar's days are counted in the customer's zone: the saved one, else the
 * browser's. It starts at once in the zone already known (the browser's when the settings
 * have not arrived yet: the same zone for everyone who saved none or works in the zone
 * they saved) and again once the settings say otherwise, instead of always waiting for
 * the settings first. The page's own queries then find them in flight or done.
 */
export async function prefetchScheduling(queryClient: QueryClient): Promise<void> {
  const first = { page: 1, pageSize: SCHEDULE_PAGE_SIZE_DEFAULT, companyId: '' };
  void queryClient.prefetchQuery(companiesQueryOptions());
  void queryClient.prefetchQuery(queuePostsQueryOptions(first));
  void queryClient.prefetchQuery(schedulesQueryOptions({ ...first, range: null }));
  const calendarIn = (saved: string | null | undefined) => {
    const timeZone = resolveTimeZone(saved, browserTimeZone());
    const { year, monthIndex } = monthOf(Date.now(), timeZone);
    const range = monthGridRange(year, monthIndex, timeZone);
    return calendarQueryOptions({ ...range, companyId: '', timeZone });
  };
  const settingsKey = userSettingsQueryOptions().queryKey;
  const guess = calendarIn(queryClient.getQueryData(settingsKey)?.timezone);
  void queryClient.prefetchQuery(guess);
  await queryClient.prefetchQuery(userSettingsQueryOptions());
  const known = calendarIn(queryClient.getQueryData(settingsKey)?.timezone);
  if (hashKey(known.queryKey) !== hashKey(guess.queryKey)) await queryClient.prefetchQuery(known);
}
