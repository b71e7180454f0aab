import { API_PATHS, MeSchema } from '@cadence/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { ApiRequestError } from '../api-error';
import { ME_QUERY_KEY } from '../query-keys';

export async function getMe(signal?: AbortSignal) {
  const { data } = await apiRequest(API_PATHS.me, { schema: MeSchema, signal });
  return data;
}

/**
 * The session check (`/customer/me`). Every observer of it passes these options, so a refetch
 * (after a payment, a plan change) always has the real query function.
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
    // The session check gates every screen: one quick retry for a dropped connection or a
    // 5xx, then the Authentication Error page, rather than a long spinner.
    retry: (failureCount, error) =>
      failureCount < 1 &&
      !(error instanceof ApiRequestError && error.status < 500 && error.status > 0),
    retryDelay: 500,
  });
}
