import type { UserSettings } from '@cadence/shared';
import { API_PATHS, UserSettingsSchema } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { USER_SETTINGS_QUERY_KEY } from '../../../lib/queries/user-settings';

/** `PUT /customer/settings`: the zone and the daylight-saving option. */
export async function saveUserSettings(input: { timezone: string; auto_dst: boolean }) {
  const { data } = await apiRequest(API_PATHS.settings, {
    method: 'PUT',
    body: input,
    schema: UserSettingsSchema,
  });
  return data;
}

export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserSettings,
    onSuccess: async (settings: UserSettings) => {
      queryClient.setQueryData(USER_SETTINGS_QUERY_KEY, settings);
      // Every list and calendar reads times in the zone: ask for them again.
      await queryClient.invalidateQueries();
    },
  });
}
