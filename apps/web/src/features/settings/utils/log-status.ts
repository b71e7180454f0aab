import type { SystemLog } from '@cadence/shared';

/** Spec 001 section 4: success green, error red, pending yellow (text colours >= 4.5:1). */
export const LOG_STATUS_CLASSES: Record<SystemLog['status'], string> = {
  success: 'bg-green-50 text-green-800 ring-green-600/30',
  error: 'bg-red-50 text-red-800 ring-red-600/30',
  pending: 'bg-yellow-50 text-yellow-800 ring-yellow-600/40',
};

export const LOG_STATUS_LABELS: Record<SystemLog['status'], string> = {
  success: 'Success',
  error: 'Error',
  pending: 'Pending',
};

/**
 * 'Retry n' once a log is a retry; nothing for a first attempt. Passing faults are retried
 * for a window of time, not a fixed number of times, so there is no 'of n'.
 */
export function retryLabel(retryCount: number): string | null {
  return retryCount > 0 ? `Retry ${retryCount}` : null;
}

/**
 * The people of a log row: ' · by {who the attempt was for}', and ' · written by {author}'
 * when another person wrote the post; nothing when neither is known.
 */
export function logPeople(log: Pick<SystemLog, 'acted_by' | 'post_author'>): string {
  const by = log.acted_by ?? log.post_author;
  if (!by) return '';
  const writer =
    log.acted_by && log.post_author && log.post_author !== log.acted_by
      ? ` · written by ${log.post_author}`
      : '';
  return ` · by ${by}${writer}`;
}
