import { API_PATHS, StorageUsageSchema } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const STORAGE_USAGE_QUERY_KEY = ['storage-usage'] as const;

/** The workspace's stored bytes against its plan's allowance (logos, avatars, post media). */
export function useStorageUsage() {
  return useQuery({
    queryKey: STORAGE_USAGE_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.storage, { schema: StorageUsageSchema, signal })).data,
  });
}
