import type { PublicationStatus } from '@cadence/shared';
import { SCHEDULE_MESSAGES } from '@cadence/shared';

export type StatusTone = 'neutral' | 'info' | 'success' | 'danger' | 'warning';

interface StatusDisplay {
  label: string;
  tone: StatusTone;
  /** A longer explanation for a tooltip, when the label alone does not say enough. */
  hint: string | null;
}

const DISPLAY: Record<PublicationStatus, StatusDisplay> = {
  pending: { label: 'Pending', tone: 'neutral', hint: 'Waiting for the scheduled time' },
  publishing: { label: 'Publishing', tone: 'info', hint: 'Being sent to the network now' },
  published: { label: 'Published', tone: 'success', hint: null },
  failed: { label: 'Failed', tone: 'danger', hint: null },
  unconfirmed: { label: SCHEDULE_MESSAGES.unconfirmed, tone: 'warning', hint: null },
  missed: { label: 'Missed', tone: 'warning', hint: SCHEDULE_MESSAGES.missed },
  cancelled: { label: 'Cancelled', tone: 'neutral', hint: null },
};

/** How one network's publication status reads on a scheduled post card. */
export function describeStatus(status: PublicationStatus, error: string | null): StatusDisplay {
  const display = DISPLAY[status];
  if (status === 'failed') return { ...display, hint: error ?? 'The network refused the post' };
  return display;
}
