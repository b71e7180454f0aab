import { API_PATHS, type DeleteAccount } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, API_BASE } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { getToken } from '../../../lib/session';

export { useStorageUsage } from '../../../lib/queries/storage';

/** The file name the server proposes in Content-Disposition, else a dated default. */
function fileNameOf(response: Response) {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? 'cadence-export.json';
}

/**
 * Downloads the export. The API needs the bearer token, so a plain link cannot carry it:
 * the answer is fetched and handed to the browser as a file.
 */
export async function downloadExport() {
  const token = getToken();
  const response = await fetch(`${API_BASE}${API_PATHS.exportData}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiRequestError(response.status, null);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccount) =>
      apiRequest(API_PATHS.deleteAccount, { method: 'DELETE', body }),
  });
}
