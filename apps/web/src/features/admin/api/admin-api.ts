import {
  API_PATHS,
  AdminLogPageSchema,
  AdminPlanSchema,
  PriceHistoryPageSchema,
  type PlanUpdate,
  AdminSettingSchema,
  AdminUserDetailsSchema,
  AdminUserPageSchema,
  DeploymentSchema,
  ServicesSchema,
  StatsSchema,
  type AdminSettingsUpdate,
  type PublisherAction,
  type UserSubscriptionUpdate,
} from '@cadence/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';

/** Every admin query key starts here, so one invalidation refreshes the panel. */
export const ADMIN_KEY = ['admin'] as const;

const withParams = (path: string, params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export function useAdminSettings() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'settings'],
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.adminSettings, { schema: z.array(AdminSettingSchema), signal }))
        .data,
  });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminSettingsUpdate) =>
      (
        await apiRequest(API_PATHS.adminSettings, {
          method: 'PUT',
          body,
          schema: z.array(AdminSettingSchema),
        })
      ).data,
    onSuccess: (data) => client.setQueryData([...ADMIN_KEY, 'settings'], data),
  });
}

export const deploymentQuery = (path: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'deployment', path],
    queryFn: async ({ signal }) =>
      (await apiRequest(path, { schema: DeploymentSchema, signal })).data,
    refetchInterval: 60_000,
  });

export function useSetDeployment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (at: string | null) =>
      (
        await apiRequest(API_PATHS.adminDeployment, {
          method: at === null ? 'DELETE' : 'PUT',
          body: at === null ? undefined : { next_deployment: at },
          schema: DeploymentSchema,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [...ADMIN_KEY, 'deployment'] }),
  });
}

export const SERVICES_KEY = [...ADMIN_KEY, 'services'] as const;

export function useServices() {
  return useQuery({
    queryKey: SERVICES_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.adminServices, { schema: ServicesSchema, signal })).data,
    refetchInterval: 30_000,
  });
}

export function usePublisherAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: PublisherAction) =>
      (
        await apiRequest(API_PATHS.adminPublisherAction.replace(':action', action), {
          method: 'POST',
          schema: ServicesSchema,
        })
      ).data,
    onSuccess: (data) => client.setQueryData(SERVICES_KEY, data),
  });
}

export function useStats(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'stats'],
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.adminStats, { schema: StatsSchema, signal })).data,
    enabled,
  });
}

export interface LogFilters {
  status: 'success' | 'error' | 'pending' | undefined;
  q: string;
  page: number;
  pageSize: number;
}

export function useAdminLogs(filters: LogFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'logs', filters],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(withParams(API_PATHS.adminLogs, { ...filters }), {
          schema: AdminLogPageSchema,
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useAdminUsers(
  filters: { q: string; page: number; pageSize: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'users', filters],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(withParams(API_PATHS.adminUsers, { ...filters }), {
          schema: AdminUserPageSchema,
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(userId: string | null) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'user', userId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(API_PATHS.adminUser.replace(':id', userId ?? ''), {
          schema: AdminUserDetailsSchema,
          signal,
        })
      ).data,
    enabled: userId !== null,
    retry: false,
  });
}

export function useToggleAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      (
        await apiRequest(API_PATHS.adminUserAdminAccess.replace(':id', userId), {
          method: 'POST',
          schema: z.object({ is_admin: z.boolean() }),
        })
      ).data.is_admin,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export function useUpdateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, body }: { userId: string; body: UserSubscriptionUpdate }) =>
      (
        await apiRequest(API_PATHS.adminUserSubscription.replace(':id', userId), {
          method: 'PUT',
          body,
          schema: AdminUserDetailsSchema,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export function useAdminPlans() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'plans'],
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.adminPlans, { schema: z.array(AdminPlanSchema), signal })).data,
  });
}

export function useUpdatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ planId, body }: { planId: string; body: PlanUpdate }) =>
      (
        await apiRequest(API_PATHS.adminPlan.replace(':id', planId), {
          method: 'PATCH',
          body,
          schema: AdminPlanSchema,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export function usePriceHistory(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'price-history', page, pageSize],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(withParams(API_PATHS.adminPriceHistory, { page, pageSize }), {
          schema: PriceHistoryPageSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
