import type { NetworkId, RepeatType } from '@cadence/shared';
import { OCCURRENCES_MAX } from '@cadence/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { entityCondition, type EntityAccess } from '../../lib/entity-scope.js';
import { uuidArray } from '../../db/uuid-array.js';

/** Rows of a raw query (the two drivers type `execute` differently). */
async function rowsOf<T>(db: DbExecutor, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

const isoOf = (value: Date | string) => new Date(value);

/**
 * An occurrence may be moved while it waits, its time is still ahead and none of its
 * publications has started or been asked for early (a retry or publish-now sets `due_at`):
 * a publisher that claims it from now on finds it not due yet.
 */
const movable = (now: Date): SQL => sql`(si.status = 'pending'
  and si.scheduled_for > ${now.toISOString()}::timestamptz
  and not exists (select 1 from publications pub where pub.instance_id = si.id
    and (pub.status <> 'pending' or pub.due_at is not null or pub.next_attempt_at is not null)))`;

export interface LockedSchedule {
  id: string;
  postId: string;
  networks: NetworkId[];
  repeatType: RepeatType | null;
  repeatUntil: Date | null;
  timezone: string;
  /** The post's entity (who may move it). */
  companyId: string | null;
}

/**
 * Locks the schedule of the caller's occurrence (FOR UPDATE), so that two moves of one series
 * wait for each other; always taken before the occurrences' own locks (no deadlock).
 */
export async function lockScheduleOfInstance(
  db: DbExecutor,
  userId: string,
  instanceId: string,
): Promise<LockedSchedule | undefined> {
  const [row] = await rowsOf<{
    id: string;
    post_id: string;
    networks: NetworkId[] | string;
    repeat_type: RepeatType | null;
    repeat_until: Date | string | null;
    timezone: string;
    company_id: string | null;
  }>(
    db,
    sql`select s.id, s.post_id, s.networks, s.repeat_type, s.repeat_until, s.timezone,
        (select p.company_id from posts p where p.id = s.post_id) as company_id
      from schedules s join scheduled_instances si on si.schedule_id = s.id
      where si.id = ${instanceId} and si.user_id = ${userId} and s.user_id = ${userId}
      for update of s`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    postId: row.post_id,
    networks:
      typeof row.networks === 'string' ? (JSON.parse(row.networks) as NetworkId[]) : row.networks,
    repeatType: row.repeat_type,
    repeatUntil: row.repeat_until === null ? null : isoOf(row.repeat_until),
    timezone: row.timezone,
    companyId: row.company_id,
  };
}

export interface LockedInstance {
  id: string;
  scheduleId: string;
  scheduledFor: Date;
  movable: boolean;
}

/**
 * Locks the occurrence (FOR UPDATE) and, with `following`, every occurrence of its schedule
 * from its time on, by time. The publisher's claim is an UPDATE of the same row: whichever
 * takes the row first wins, and the other sees what it wrote (a claim makes the occurrence
 * not movable; a move makes the claim find nothing due yet).
 */
export async function lockInstances(
  db: DbExecutor,
  input: { userId: string; instanceId: string; scheduleId: string; following: boolean; now: Date },
): Promise<LockedInstance[]> {
  const which = input.following
    ? sql`si.schedule_id = ${input.scheduleId} and (si.id = ${input.instanceId} or si.scheduled_for >= (
        select t.scheduled_for from scheduled_instances t where t.id = ${input.instanceId}))`
    : sql`si.id = ${input.instanceId}`;
  const rows = await rowsOf<{
    id: string;
    schedule_id: string;
    scheduled_for: Date | string;
    movable: boolean;
  }>(
    db,
    sql`select si.id, si.schedule_id, si.scheduled_for, ${movable(input.now)} as movable
      from scheduled_instances si
      where si.user_id = ${input.userId} and ${which}
      order by si.scheduled_for, si.id
      for update of si`,
  );
  return rows.map((row) => ({
    id: row.id,
    scheduleId: row.schedule_id,
    scheduledFor: isoOf(row.scheduled_for),
    movable: row.movable === true,
  }));
}

/**
 * New times (and schedule) of occurrences already locked by `lockInstances`; each one's run
 * moves with it, in the same statement (a movable occurrence has nothing asked earlier).
 */
export async function setInstanceTimes(
  db: DbExecutor,
  moves: Array<{ id: string; scheduledFor: Date; scheduleId: string }>,
) {
  if (moves.length === 0) return;
  const rows = moves.map((move) => ({
    id: move.id,
    scheduled_for: move.scheduledFor.toISOString(),
    schedule_id: move.scheduleId,
  }));
  await db.execute(sql`
    update scheduled_instances as si
    set scheduled_for = v.scheduled_for, schedule_id = v.schedule_id, run_at = v.scheduled_for
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(id uuid, scheduled_for timestamptz, schedule_id uuid)
    where si.id = v.id`);
}

/** The latest time among the schedule's occurrences other than `excluded`; null when none. */
export async function lastOtherInstanceTime(
  db: DbExecutor,
  scheduleId: string,
  excluded: string[],
): Promise<Date | null> {
  const [row] = await rowsOf<{ last: Date | string | null }>(
    db,
    sql`select max(si.scheduled_for) as last from scheduled_instances si
      where si.schedule_id = ${scheduleId}
        and not (si.id = any(${uuidArray(excluded)}::uuid[]))`,
  );
  return row?.last ? isoOf(row.last) : null;
}

/** The schedule's first time and repeat end (its series now starts elsewhere). */
export async function updateSeries(
  db: DbExecutor,
  scheduleId: string,
  change: { firstAt?: Date; repeatUntil: Date },
) {
  await db.execute(sql`
    update schedules set
      first_at = coalesce(${change.firstAt?.toISOString() ?? null}::timestamptz, first_at),
      repeat_until = ${change.repeatUntil.toISOString()}::timestamptz
    where id = ${scheduleId}`);
}

/** Who last moved or changed these schedules (the calendar's move). */
export async function markChangedBy(db: DbExecutor, scheduleIds: string[], actorId: string) {
  if (scheduleIds.length === 0) return;
  await db.execute(sql`
    update schedules set updated_by = ${actorId}
    where id in (${sql.join(
      scheduleIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/**
 * The series split off at a moved occurrence ('This and the following ones'): it keeps the
 * person who scheduled it.
 */
export async function insertSeries(
  db: DbExecutor,
  input: {
    userId: string;
    from: LockedSchedule;
    firstAt: Date;
    repeatUntil: Date;
  },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into schedules (user_id, post_id, networks, first_at, repeat_type, repeat_until, timezone, created_by)
      values (${input.userId}, ${input.from.postId}, ${JSON.stringify(input.from.networks)}::jsonb,
        ${input.firstAt.toISOString()}::timestamptz, ${input.from.repeatType},
        ${input.repeatUntil.toISOString()}::timestamptz, ${input.from.timezone},
        (select created_by from schedules where id = ${input.from.id}))
      returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export interface OccurrenceRow {
  id: string;
  schedule_id: string;
  scheduled_for: Date | string;
  status: string;
  repeat_type: RepeatType | null;
  content: string;
  company_name: string | null;
  networks: NetworkId[] | string;
  movable: boolean;
}

/** The caller's occurrences in [from, to), by time, at most OCCURRENCES_MAX + 1 of them. */
export async function listOccurrences(
  db: DbExecutor,
  input: {
    userId: string;
    from: Date;
    to: Date;
    companyId?: string | undefined;
    now: Date;
    access?: EntityAccess | undefined;
  },
) {
  const only = entityCondition(sql.raw('p.company_id'), input.access);
  const company = sql`${input.companyId ? sql`and p.company_id = ${input.companyId}` : sql``}${only ? sql` and ${only}` : sql``}`;
  return rowsOf<OccurrenceRow>(
    db,
    sql`select si.id, si.schedule_id, si.scheduled_for, si.status, s.repeat_type,
        left(p.content, 120) as content, c.name as company_name,
        coalesce((select json_agg(pub.network order by pub.network) from publications pub
          where pub.instance_id = si.id), '[]') as networks,
        ${movable(input.now)} as movable
      from scheduled_instances si
      join schedules s on s.id = si.schedule_id
      join posts p on p.id = si.post_id
      left join companies c on c.id = p.company_id
      where si.user_id = ${input.userId}
        and si.scheduled_for >= ${input.from.toISOString()}::timestamptz
        and si.scheduled_for < ${input.to.toISOString()}::timestamptz
        ${company}
      order by si.scheduled_for, si.id
      limit ${OCCURRENCES_MAX + 1}`,
  );
}
