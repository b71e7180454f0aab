import type { Attachment } from '@cadence/shared';
import { format } from 'date-fns';

export const POST_DATE_FORMAT = 'MMM d, yyyy h:mm a';

/** 'Jun 1, 2025 9:30 AM' in the browser's time zone; '' for a date that does not parse. */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, POST_DATE_FORMAT);
}

export function isVideoAttachment(
  attachment: Pick<Attachment, 'mime_type' | 'media_url'>,
): boolean {
  if (attachment.mime_type.startsWith('video/')) return true;
  if (attachment.mime_type !== '') return false;
  return /\.(mp4|mov|webm)$/i.test(attachment.media_url);
}
