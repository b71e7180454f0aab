import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { processIsSilent } from '../../db/process-liveness.js';
import { uuidArray } from '../../db/uuid-array.js';

/*
 * The publisher's runs of instances (decision 130). Each instance is its own job: `run_at` is
 * when a run is asked (null: none), `lease_until` how long a worker holds it. A row is due
 * when `coalesce(lease_until, run_at) <= now`: asked and not held, or held by a lease that
 * ran out (its worker died, or the backoff after a run that threw is over). The schedules
 * module owns the table, so these statements live here; the publisher's loop calls them.
 */

/**
 * What a service may ask of the publisher: run an instance at a time. Services take this
 * port, never the table's columns.
 */
export interface PublishRuns {
  /**
   * The publisher runs the instance at `at`, or sooner when a run is already asked sooner
   * (earliest wins). `tx`: ask in that transaction, with the change that needs the run.
   */
  publishAt(instanceId: string, at: Date, tx?: DbExecutor): Promise<void>;
}

export function createPublishRuns(db: DbExecutor): PublishRuns {
  return {
    publishAt: (instanceId, at, tx) => askRun(tx ?? db, instanceId, at),
  };
}

/** Asks a run of the instance at `at`; an earlier one already asked stays. */
export async function askRun(db: DbExecutor, instanceId: string, at: Date) {
  await executePrepared(
    db,
    'instance_ask_run',
    sql`update scheduled_instances
      set run_at = least(coalesce(run_at, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)
      where id = ${instanceId} and status <> 'cancelled'`,
  );
}

export interface ClaimedRun {
  id: string;
  /** When it fell due (its asked time, or when the lease before ran out). */
  dueAt: Date;
  /** The lease taken: the run's finish and failure are conditional on it. */
  leaseUntil: Date;
}

/**
 * Takes at most `limit` due instances, earliest first, for a run each: the lease is set until
 * `leaseUntil` and the asked time taken (null again), so an ask made while the run works is
 * what the next run is for. `SKIP LOCKED`: workers claiming at once never take the same row,
 * nor wait for each other.
 */
export async function claimDueRuns(
  db: DbExecutor,
  now: Date,
  leaseUntil: Date,
  limit: number,
  /** The claiming process's heartbeat id (null when it does not beat). */
  owner: string | null = null,
): Promise<ClaimedRun[]> {
  const rows = await executePrepared<{ id: string; due_at: string | Date }>(
    db,
    'instance_claim_runs',
    // The rows are updated by primary key (`= any(array)`), not joined to the CTE: with the
    // generic plan of a prepared statement, PostgreSQL expects thousands of due rows and
    // joined them by a sequential scan of the whole table.
    sql`with due as (
        select id, coalesce(lease_until, run_at) as due_at
        from scheduled_instances
        where coalesce(lease_until, run_at) <= ${now.toISOString()}::timestamptz
        order by coalesce(lease_until, run_at)
        limit ${limit}
        for update skip locked
      ), taken as (
        update scheduled_instances
        set run_at = null, lease_until = ${leaseUntil.toISOString()}::timestamptz,
          lease_owner = ${owner}::text
        where id = any(array(select d.id from due d))
        returning id
      )
      select t.id, d.due_at from taken t join due d on d.id = t.id`,
  );
  return rows
    .map((row) => ({ id: row.id, dueAt: new Date(row.due_at), leaseUntil }))
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/**
 * Runs that ended: their leases are let go (and their failures forgotten), each only while it
 * is still the run's own (a run that outlived its lease has lost the row to another worker).
 * A run asked meanwhile keeps its `run_at`, and is due at once.
 */
export async function finishRuns(db: DbExecutor, runs: ReadonlyArray<ClaimedRun>) {
  if (runs.length === 0) return;
  const ids = uuidArray(runs.map((run) => run.id));
  const leases = `{${runs.map((run) => `"${run.leaseUntil.toISOString()}"`).join(',')}}`;
  await executePrepared(
    db,
    'instance_finish_runs',
    sql`update scheduled_instances si
      set lease_until = null, lease_owner = null, run_failures = 0
      from unnest(${ids}::uuid[], ${leases}::timestamptz[]) as done(id, lease_until)
      where si.id = done.id and si.lease_until = done.lease_until`,
  );
}

/**
 * Leases held by a process that fell silent (killed: no heartbeat for `SILENT_AFTER_MS`) are
 * let go now, and their instances are due at once: a dead worker's instances wait half a
 * minute, not PUBLISH_JOB_EXPIRE_SECONDS. Its publications' claims are judged the same way by
 * the run that takes them (decision 131). A backoff after a run that threw names no owner
 * and is kept. Answers how many were let go.
 */
export async function releaseSilentLeases(db: DbExecutor, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await executePrepared<{ id: string }>(
    db,
    'instance_release_silent_leases',
    sql`update scheduled_instances si
      set lease_until = ${at}, lease_owner = null
      where si.lease_owner is not null and si.lease_until > ${at}
        and ${processIsSilent(sql`si.lease_owner`, at)}
      returning si.id`,
  );
  return rows.length;
}

/** The first wait after a run that threw; doubled at each one after, up to the cap. */
export const RUN_RETRY_BASE_SECONDS = 15;
export const RUN_RETRY_MAX_SECONDS = 600;

/**
 * A run that threw: the instance is held until its backoff is over (15 s, doubling with each
 * failure in a row, at most 10 minutes), then due again; what was asked meanwhile waits too.
 */
export async function holdFailedRun(db: DbExecutor, run: ClaimedRun, now: Date) {
  await executePrepared(
    db,
    'instance_hold_failed_run',
    sql`update scheduled_instances
      set run_failures = run_failures + 1, lease_owner = null,
        lease_until = ${now.toISOString()}::timestamptz + least(
          ${RUN_RETRY_BASE_SECONDS}::float8 * power(2, least(run_failures, 16)),
          ${RUN_RETRY_MAX_SECONDS}::float8) * interval '1 second'
      where id = ${run.id} and lease_until = ${run.leaseUntil.toISOString()}::timestamptz`,
  );
}

/**
 * The publisher's queue as the admin's Service Monitoring shows it: instances due and not
 * held, held by a run now, whose last run threw (waiting for its retry), and how long the
 * oldest due one has waited (seconds; null when none waits).
 */
export async function runQueueFigures(db: DbExecutor, now: Date) {
  const at = now.toISOString();
  const rows = await executePrepared<{
    waiting: number;
    active: number;
    failed: number;
    oldest: number | null;
  }>(
    db,
    'instance_run_figures',
    sql`select
        count(*) filter (where coalesce(lease_until, run_at) <= ${at}::timestamptz)::int as waiting,
        count(*) filter (where lease_until > ${at}::timestamptz and run_failures = 0)::int as active,
        count(*) filter (where run_failures > 0)::int as failed,
        extract(epoch from ${at}::timestamptz - min(coalesce(lease_until, run_at))
          filter (where coalesce(lease_until, run_at) <= ${at}::timestamptz))::int as oldest
      from scheduled_instances
      where coalesce(lease_until, run_at) is not null`,
  );
  const [row] = rows;
  return {
    waiting: Number(row?.waiting ?? 0),
    active: Number(row?.active ?? 0),
    failed: Number(row?.failed ?? 0),
    oldest: row?.oldest == null ? null : Number(row.oldest),
  };
}
