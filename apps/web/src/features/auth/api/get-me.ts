import { API_PATHS, MeSchema } from '@cadence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { useToken } from '../../../lib/session';

export async function getMe(signal?: AbortSignal) {
  const { data } = await apiRequest(API_PATHS.me, { schema: MeSchema, signal });
  return data;
}

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

/** The signed-in customer; idle while there is no token. */
export function useMe() {
  const token = useToken();
  return useQuery({ ...meQueryOptions(), enabled: token !== null });
}
