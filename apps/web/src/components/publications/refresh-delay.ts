import type { ScheduledInstance } from '@cadence/shared';

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
      // A retry or publish-now from the screen is due at its own time, usually now.
      const due = Date.parse(item.due_at ?? row.scheduled_for);
      if (!Number.isNaN(due)) nextDue = Math.min(nextDue, due);
    }
  }
  if (nextDue === Number.POSITIVE_INFINITY) return false;
  const wait = nextDue - now;
  if (wait <= 0) return ACTIVE_REFRESH_MS;
  return Math.min(Math.max(wait, ACTIVE_REFRESH_MS), IDLE_REFRESH_MAX_MS);
}
