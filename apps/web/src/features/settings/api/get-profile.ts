import { API_PATHS, ProfileSchema } from '@cadence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The profile: name, email, profile_image, gender and address. */
export async function getProfile(signal?: AbortSignal) {
  const { data } = await apiRequest(API_PATHS.customer, { schema: ProfileSchema, signal });
  return data;
}

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function profileQueryOptions() {
  return queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
