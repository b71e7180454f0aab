import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';

/**
 * Instances due by `now` and not finished whose job is gone: never sent (the process died
 * between the insert and the send, or a 'Publish now' whose send failed), cancelled by
 * mistake, or held by a worker that died. An instance is due at its earliest waiting
 * publication's due time (a retry's or publish-now's, else the instance's own), so a
 * publish-now on an instance scheduled for next week is found too. Reads pg-boss's job
 * table: a job alive for it is one queued to start by now (jobs are sent with `startAfter`
 * from the same clock), one waiting for pg-boss's retry, or one still within its expiry.
 */
export async function findInstancesWithoutLiveJob(
  db: DbExecutor,
  queueName: string,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; due: Date; scheduledFor: Date }>> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with candidates as (
      select si.id, si.scheduled_for
      from scheduled_instances si
      where si.status in ('pending', 'publishing') and si.scheduled_for <= ${at}::timestamptz
      union
      select si.id, si.scheduled_for
      from publications p
      join scheduled_instances si on si.id = p.instance_id
      where p.status = 'pending' and p.due_at <= ${at}::timestamptz
        and si.status in ('pending', 'publishing')
      union
      -- A thread part retried after its instance finished, whose job was lost.
      select si.id, si.scheduled_for
      from publication_parts pp
      join publications p on p.id = pp.publication_id
      join scheduled_instances si on si.id = p.instance_id
      where pp.kind = 'thread' and pp.status = 'pending'
        and coalesce(pp.due_at, si.scheduled_for) <= ${at}::timestamptz
        and si.status <> 'cancelled'
        and not exists (select 1 from publication_parts e
          where e.publication_id = pp.publication_id and e.kind = 'thread'
            and e.position < pp.position and e.status in ('failed', 'unconfirmed'))
    ), live as (
      -- The instances a job is alive for, read in one pass over the queue's jobs: a job's key
      -- is its instance id, or the id followed by ':' and what the job is for. Compared by
      -- equality, so the anti-join is hashed (a LIKE per candidate read the jobs once per
      -- candidate: with 3,000 instances due, 4.5 million rows compared and 10 s per pass).
      select split_part(j.singleton_key, ':', 1) as instance_key
      from pgboss.job j
      where j.name = ${queueName}
        and ((j.state = 'created' and j.start_after <= ${at}::timestamptz + interval '1 second')
          or j.state = 'retry'
          or (j.state = 'active' and j.started_on + j.expire_in > now()))
    ), due as (
      select c.id, c.scheduled_for,
        coalesce(
          (select min(coalesce(p.next_attempt_at, p.due_at, c.scheduled_for))
            from publications p where p.instance_id = c.id and p.status = 'pending'),
          c.scheduled_for) as due
      from candidates c
    )
    select d.id, d.due, d.scheduled_for
    from due d
    where d.due <= ${at}::timestamptz
      and d.id::text not in (select l.instance_key from live l where l.instance_key is not null)
    order by d.due
    limit ${limit}`);
  return (
    result as { rows: Array<{ id: string; due: string | Date; scheduled_for: string | Date }> }
  ).rows.map((row) => ({
    id: row.id,
    due: new Date(row.due),
    scheduledFor: new Date(row.scheduled_for),
  }));
}
