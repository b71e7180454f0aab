import { sql, type SQL } from 'drizzle-orm';

/**
 * Every running process writes its row in `service_heartbeats` every few seconds (the admin's
 * Service Monitoring, `modules/admin/heartbeat.ts`). A process whose last beat is older than
 * this is gone: its card shows as an error, and the work it held (the publisher's leases on
 * instances) is taken over by the others without waiting for the lease to run out.
 */
export const SILENT_AFTER_MS = 30_000;

/**
 * True when the process named by `owner` (a heartbeat id) is gone: it has not beaten for
 * `SILENT_AFTER_MS` before `now` (it was killed, or it stopped and removed its row), or, on
 * PostgreSQL, the connection it beats on has ended, which happens the moment the process
 * dies (decision 137). `owner` may be null (a process that does not beat, as in tests):
 * never silent then.
 *
 * A process wrongly judged gone costs work, never a second post: its claims and leases are
 * taken over under new lease values, so its own later writes change nothing, and a claim
 * whose call may be out becomes `unconfirmed` rather than sent again.
 */
export function processIsSilent(owner: SQL, now: SQL): SQL {
  // `not in` rather than a correlated `not exists`: PostgreSQL reads the live processes once
  // per statement (a hashed subplan), not once per row held.
  return sql`(${owner} is not null and ${owner} not in (
    select h.id from service_heartbeats h
    where h.last_beat_at > ${now} - make_interval(secs => ${SILENT_AFTER_MS / 1000})
      and (h.backend_pid is null or exists (
        select 1 from pg_stat_get_activity(h.backend_pid) a
        where h.backend_started_at is null or a.backend_start is null
          or a.backend_start = h.backend_started_at))))`;
}
