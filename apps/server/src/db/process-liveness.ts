import { sql, type SQL } from 'drizzle-orm';

/**
 * Every running process writes its row in `service_heartbeats` every few seconds (the admin's
 * Service Monitoring, `modules/admin/heartbeat.ts`). A process whose last beat is older than
 * this is gone: its card shows as an error, and the work it held (the publisher's leases on
 * instances) is taken over by the others without waiting for the lease to run out.
 */
export const SILENT_AFTER_MS = 30_000;

/**
 * True when the process named by `owner` (a heartbeat id) has not beaten for
 * `SILENT_AFTER_MS` before `now`: it was killed, or it stopped and removed its row. `owner`
 * may be null (a process that does not beat, as in tests): never silent then.
 */
export function processIsSilent(owner: SQL, now: SQL): SQL {
  return sql`(${owner} is not null and not exists (
    select 1 from service_heartbeats h
    where h.id = ${owner}
      and h.last_beat_at > ${now} - make_interval(secs => ${SILENT_AFTER_MS / 1000})))`;
}
