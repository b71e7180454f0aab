import type { ScheduleData, ScheduledInstance } from '@cadence/shared';
import { publicationActionsFor } from '@cadence/shared';

export interface PublicationNeedingAction {
  instance: ScheduledInstance;
  publication: ScheduleData;
}

/**
 * What the post's own view offers actions for: every failed, missed or unconfirmed copy, a
 * pending one already past its time (stuck), and the copies of the next occurrence still
 * to come ('Publish now'). Later occurrences of a repeating post are left to the
 * Scheduling page. At most `limit`, in time order.
 */
export function publicationsNeedingAction(
  rows: readonly ScheduledInstance[],
  now: number,
  limit = 10,
): PublicationNeedingAction[] {
  const found: PublicationNeedingAction[] = [];
  let next: ScheduledInstance | null = null;
  for (const instance of rows) {
    for (const publication of instance.schedule_data) {
      if (publicationActionsFor(publication.status, publication.error_code).length === 0) continue;
      if (publication.status !== 'pending') {
        found.push({ instance, publication });
        continue;
      }
      const due = Date.parse(publication.due_at ?? instance.scheduled_for);
      if (due <= now) found.push({ instance, publication });
      else if (next === null || next.id === instance.id) {
        next = instance;
        found.push({ instance, publication });
      }
    }
  }
  return found
    .sort((a, b) => Date.parse(a.instance.scheduled_for) - Date.parse(b.instance.scheduled_for))
    .slice(0, limit);
}
