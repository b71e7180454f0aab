import type { PublicationStatus, ScheduledInstance } from '@cadence/shared';
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

const ACTIVE_REFRESH_MS = 5_000;
const IDLE_REFRESH_MAX_MS = 60 * 60_000;

/**
 * How long until the scheduled list should be fetched again, or false for never: every 5 s
 * while a publication is being sent or is due, else shortly after the next one falls due.
 */
export function nextRefreshDelay(rows: readonly ScheduledInstance[], now: number): number | false {
  let nextDue = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    for (const item of row.schedule_data) {
      if (item.status === 'publishing') return ACTIVE_REFRESH_MS;
      if (item.status !== 'pending') continue;
      const due = Date.parse(row.scheduled_for);
      if (!Number.isNaN(due)) nextDue = Math.min(nextDue, due);
    }
  }
  if (nextDue === Number.POSITIVE_INFINITY) return false;
  const wait = nextDue - now;
  if (wait <= 0) return ACTIVE_REFRESH_MS;
  return Math.min(Math.max(wait, ACTIVE_REFRESH_MS), IDLE_REFRESH_MAX_MS);
}
