import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, MEDIA_MIME_TYPES } from '@cadence/shared';

/** The spec's type and size rules, with its messages; null when the file may be sent. */
export function checkMediaFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(MEDIA_MIME_TYPES as readonly string[]).includes(file.type)) return MEDIA_MESSAGES.type;
  if (file.size > MEDIA_MAX_BYTES) return MEDIA_MESSAGES.size;
  return null;
}
