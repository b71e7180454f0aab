import type { Attachment } from '@cadence/shared';
import { formatInZone } from '../../../lib/zoned-time';

export const POST_DATE_FORMAT = 'MMM d, yyyy h:mm a';

/**
 * 'Jun 1, 2025 9:30 AM' in the customer's zone (the saved one, else the browser's, as on the
 * Scheduling page); '' for a date that does not parse.
 */
export function formatPostDate(iso: string, zone: string): string {
  return formatInZone(iso, zone, POST_DATE_FORMAT);
}

export function isVideoAttachment(
  attachment: Pick<Attachment, 'mime_type' | 'media_url'>,
): boolean {
  if (attachment.mime_type.startsWith('video/')) return true;
  if (attachment.mime_type !== '') return false;
  return /\.(mp4|mov|webm)$/i.test(attachment.media_url);
}
