import { API_PATHS, StorageUsageSchema, type DeleteAccount } from '@cadence/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

export function useStorageUsage() {
  return useQuery({
    queryKey: ['storage-usage'],
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.storage, { schema: StorageUsageSchema, signal })).data,
  });
}

/** Downloads the export (one JSON file). */
export function downloadExport() {
  return downloadFile(API_PATHS.exportData, 'cadence-export.json');
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccount) =>
      apiRequest(API_PATHS.deleteAccount, { method: 'DELETE', body }),
  });
}
