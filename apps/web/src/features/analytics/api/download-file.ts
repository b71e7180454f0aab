import { API_BASE } from '../../../lib/api-client';
import { ApiRequestError, extractErrorMessage } from '../../../lib/api-error';
import { getToken } from '../../../lib/session';

/** The file name the server proposes in Content-Disposition, else `fallback`. */
function fileNameOf(response: Response, fallback: string) {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads an API answer as a file. The API needs the bearer token, so a plain link
 * cannot carry it: the answer is fetched and handed to the browser as a file.
 */
export async function downloadFile(path: string, fallbackName: string) {
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiRequestError(response.status, extractErrorMessage(body));
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
