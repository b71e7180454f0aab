import { API_PATHS, LogoUploadSchema } from '@cadence/shared';
import { apiRequest } from '../../../lib/api-client';

/** Stores the file and answers its URL (like `/uploads/logos/abc.png`) for the form's logo_url. */
export async function uploadLogo(file: File) {
  const body = new FormData();
  body.append('file', file);
  const { data } = await apiRequest(API_PATHS.companyLogo, {
    method: 'POST',
    body,
    schema: LogoUploadSchema,
  });
  return data.logo_url;
}
