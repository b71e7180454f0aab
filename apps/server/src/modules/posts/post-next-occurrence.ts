import { INSTANCE_PUBLISH_STATUS } from '@cadence/shared';
import { sql } from 'drizzle-orm';
import { posts } from '../../db/schema/posts.js';
import { scheduledInstances } from '../../db/schema/schedules.js';

/** The occurrence statuses that still wait to go out (pending, or being sent now). */
const WAITING = Object.entries(INSTANCE_PUBLISH_STATUS)
  .filter(([, status]) => status === 'scheduled')
  .map(([name]) => sql`${name}`);

/** When the post next goes out: its earliest waiting occurrence, null when none waits. */
export const nextScheduledAtSql = sql<Date | string | null>`(select min(nso.scheduled_for)
  from ${scheduledInstances} nso
  where nso.post_id = ${posts.id} and nso.status in (${sql.join(WAITING, sql`, `)}))`;

/** The drivers hand a timestamp back as a Date or as text: ISO either way. */
export function toIsoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}
