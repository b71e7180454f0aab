import {
  API_PATHS,
  NotificationEventListSchema,
  NotificationSettingsSchema,
  type MarkNotificationsRead,
  type NotificationSettings,
} from '@cadence/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const NOTIFICATION_EVENTS_KEY = ['notification-events'] as const;
export const NOTIFICATION_SETTINGS_KEY = ['notification-settings'] as const;
/** How often the bell asks for news while the app is open. */
const BELL_REFRESH_MS = 60_000;

export function useNotificationEvents(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...NOTIFICATION_EVENTS_KEY, page, pageSize],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${API_PATHS.notificationEvents}?page=${page}&page_size=${pageSize}`, {
          schema: NotificationEventListSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: BELL_REFRESH_MS,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsRead) =>
      apiRequest(API_PATHS.notificationEventsRead, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_EVENTS_KEY }),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(API_PATHS.notifications, {
          schema: NotificationSettingsSchema,
          signal,
        })
      ).data,
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationSettings) =>
      (
        await apiRequest(API_PATHS.notifications, {
          method: 'PUT',
          body,
          schema: NotificationSettingsSchema,
        })
      ).data,
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, saved),
  });
}
