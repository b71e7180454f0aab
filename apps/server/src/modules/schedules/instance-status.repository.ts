import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { scheduledInstances } from '../../db/schema/schedules.js';
import { uuidArray } from '../../db/uuid-array.js';

/*
 * The status of an instance as publishing moves it (claimed, finished, waiting again). The
 * schedules module owns the instances, so these writes live here; the publishing module calls
 * them. When the publisher runs an instance: `instance-runs.repository.ts`.
 */

/**
 * The UPDATE that marks instances as being worked on, answering their id, user, post and
 * time; for the publisher's statement that also loads what publishing it reads. A finished
 * one is taken again when a publication of it waits (decision 091). The run asked is taken
 * with it (decision 130): this run sees everything asked before this statement, and the run
 * asks again for what it leaves waiting.
 */
export function claimInstances(instanceIds: readonly string[], now: Date): SQL {
  // The ids as one array, so that one statement text serves any number of instances
  // (decision 142). The status is judged in a CASE, which no index serves: as an OR of two
  // status lists, the plan kept for the named statement combined the primary key with a scan
  // of the status index over every instance.
  return sql`
    update scheduled_instances set status = 'publishing', claimed_at = ${now.toISOString()}::timestamptz,
      run_at = null
    where id = any(${uuidArray(instanceIds)}::uuid[]) and case
      when status in ('pending', 'publishing') then true
      when status in ('published', 'partial', 'failed', 'missed') then exists (
          select 1 from publications p
          where p.instance_id = scheduled_instances.id and p.status = 'pending')
        or ${threadPartWaits(sql`scheduled_instances.id`, ['pending'])}
      else false end
    returning id, user_id, post_id, scheduled_for`;
}

/**
 * A thread part of the instance that has not gone out yet waits (or is being sent): the
 * instance is not finished until its threads are, and a retried part takes it up again.
 */
function threadPartWaits(instanceId: string | SQL, statuses: readonly string[]): SQL {
  return sql`exists (
    select 1 from publication_parts pp join publications p on p.id = pp.publication_id
    where p.instance_id = ${instanceId} and pp.kind = 'thread'
      and pp.status in (${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )})
      and not exists (select 1 from publication_parts e
        where e.publication_id = pp.publication_id and e.kind = 'thread'
          and e.position < pp.position and e.status in ('failed', 'unconfirmed')))`;
}

/** The instance's outcome, or pending again (its retry asked apart); only while it is not finished. */
export async function setInstanceStatus(
  db: DbExecutor,
  instanceId: string,
  status: 'pending' | 'published' | 'partial' | 'failed' | 'missed',
  now: Date,
) {
  const isFinal = status !== 'pending';
  await db
    .update(scheduledInstances)
    .set({
      status,
      ...(isFinal ? { completedAt: now } : {}),
    })
    .where(
      and(
        eq(scheduledInstances.id, instanceId),
        inArray(scheduledInstances.status, ['pending', 'publishing']),
        // An outcome read before the customer retried a publication is no longer true.
        isFinal
          ? sql`not exists (select 1 from publications p where p.instance_id = ${instanceId}
              and p.status in ('pending', 'publishing'))
              and not ${threadPartWaits(instanceId, ['pending', 'publishing'])}`
          : undefined,
      ),
    );
}

/**
 * The UPDATE that gives the instance its outcome when none of its publications waits or is
 * being published, answering its id (none when some still do); for the publisher's statement
 * that also records the occurrence's webhook event.
 */
export function finishInstanceStatement(
  instanceId: string,
  outcome: 'published' | 'partial' | 'failed' | 'missed',
  now: Date,
): SQL {
  return sql`
    update scheduled_instances set status = ${outcome}, completed_at = ${now.toISOString()}::timestamptz
    where id = ${instanceId} and status in ('pending', 'publishing')
      and not exists (
        select 1 from publications
        where instance_id = ${instanceId} and status in ('pending', 'publishing'))
      and not ${threadPartWaits(instanceId, ['pending', 'publishing'])}
    returning id`;
}

/** A finished instance is waiting again (a retried publication in it). */
export async function reopenInstance(db: DbExecutor, instanceId: string) {
  await db
    .update(scheduledInstances)
    .set({ status: 'pending', completedAt: null })
    .where(
      and(
        eq(scheduledInstances.id, instanceId),
        inArray(scheduledInstances.status, ['published', 'partial', 'failed', 'missed']),
      ),
    );
}

/**
 * Writes the instance's outcome once nothing of it waits (after mark-published). Unlike the
 * publisher's `finishInstance`, it also rewrites a finished instance's outcome: marking an
 * unconfirmed publication published turns 'partial' into 'published'.
 */
export async function setOutcome(
  db: DbExecutor,
  instanceId: string,
  outcome: 'published' | 'partial' | 'failed' | 'missed',
  now: Date,
) {
  await db
    .update(scheduledInstances)
    .set({
      status: outcome,
      completedAt: sql`coalesce(${scheduledInstances.completedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(scheduledInstances.id, instanceId), ne(scheduledInstances.status, 'cancelled')));
}
