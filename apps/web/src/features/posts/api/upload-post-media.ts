import { API_PATHS, AttachmentSchema, MEDIA_FIELD } from '@cadence/shared';
import { apiRequest } from '../../../lib/api-client';

/** Stores one file for a network's own version of a post; answers its id and address. */
export async function uploadPostMedia(file: File) {
  const body = new FormData();
  body.append(MEDIA_FIELD, file);
  const { data } = await apiRequest(API_PATHS.postMedia, {
    method: 'POST',
    body,
    schema: AttachmentSchema,
  });
  return data;
}
