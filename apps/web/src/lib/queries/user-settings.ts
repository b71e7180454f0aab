import { API_PATHS, UserSettingsSchema } from '@cadence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** The saved time zone (null until one is saved) and the daylight-saving option. */
export async function getUserSettings(signal?: AbortSignal) {
  const { data } = await apiRequest(API_PATHS.settings, { schema: UserSettingsSchema, signal });
  return data;
}

export const USER_SETTINGS_QUERY_KEY = ['user-settings'] as const;

export function userSettingsQueryOptions() {
  return queryOptions({
    queryKey: USER_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => getUserSettings(signal),
    // The page falls back to the browser's zone at once; asking again only delays it.
    retry: false,
  });
}

export function useUserSettings() {
  return useQuery(userSettingsQueryOptions());
}
