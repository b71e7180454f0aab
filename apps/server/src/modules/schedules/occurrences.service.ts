import {
  isScheduleDateInFuture,
  OCCURRENCE_MESSAGES,
  OCCURRENCES_MAX,
  SCHEDULE_MESSAGES,
  type MoveScope,
  type NetworkId,
  type Occurrences,
  type OccurrenceMoved,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { assertEntityVisible, type EntityAccess } from '../../lib/entity-scope.js';
import type { Clock } from '../../lib/clock.js';
import * as repo from './occurrences.repository.js';
import { expandOccurrences } from './recurrence.js';

export interface OccurrencesDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  savedAutoDst: (userId: string) => Promise<boolean>;
}

export interface MoveInput {
  scheduled_for: string;
  scope: MoveScope;
  expected_scheduled_for: string;
}

/** Later than any occurrence: a split series is as long as the occurrences it takes. */
const NO_END = new Date(8.64e15);

const stale = () => AppError.conflict(OCCURRENCE_MESSAGES.stale, 'STALE');
const notFound = () => AppError.notFound(SCHEDULE_MESSAGES.notFound, 'SCHEDULE_NOT_FOUND');

/** The calendar's occurrences of a range, and moving one (or it and those after it). */
export function createOccurrences(deps: OccurrencesDeps) {
  const { db } = deps;

  return {
    async occurrences(
      userId: string,
      query: { from: string; to: string; company_id?: string | undefined },
      access?: EntityAccess,
    ): Promise<Occurrences> {
      const rows = await repo.listOccurrences(db, {
        userId,
        access,
        from: new Date(query.from),
        to: new Date(query.to),
        companyId: query.company_id,
        now: deps.clock(),
      });
      return {
        occurrences: rows.slice(0, OCCURRENCES_MAX).map((row) => ({
          id: row.id,
          schedule_id: row.schedule_id,
          scheduled_for: new Date(row.scheduled_for).toISOString(),
          status: row.status,
          repeat_type: row.repeat_type,
          content: row.content,
          company_name: row.company_name,
          networks:
            typeof row.networks === 'string'
              ? (JSON.parse(row.networks) as NetworkId[])
              : row.networks,
          movable: row.movable === true,
        })),
        truncated: rows.length > OCCURRENCES_MAX,
      };
    },

    /**
     * Moves a waiting, future occurrence to `scheduled_for`, if it is still at
     * `expected_scheduled_for` (else 409 STALE, nothing moved). 'following' on a repeating
     * schedule moves it and every later movable occurrence of its series: they become their
     * own series, repeating from the new time in the schedule's zone (the recurrence rule the
     * schedule was made with), as many as moved.
     */
    async move(
      userId: string,
      instanceId: string,
      input: MoveInput,
      /** The person moving it (a workspace's member): the schedule records them. */
      actorId: string = userId,
      access?: EntityAccess,
    ): Promise<OccurrenceMoved> {
      const now = deps.clock();
      if (!isScheduleDateInFuture(input.scheduled_for, now.getTime())) {
        throw AppError.badRequest(SCHEDULE_MESSAGES.futureDateTime, 'DATE_NOT_IN_FUTURE');
      }
      const to = new Date(input.scheduled_for);
      const expected = Date.parse(input.expected_scheduled_for);
      const keepWallClock = input.scope === 'following' ? await deps.savedAutoDst(userId) : true;

      const result = await db.transaction(async (tx) => {
        const schedule = await repo.lockScheduleOfInstance(tx, userId, instanceId);
        if (!schedule) throw notFound();
        assertEntityVisible(access, schedule.companyId, notFound);
        const following = input.scope === 'following' && schedule.repeatType !== null;
        const locked = await repo.lockInstances(tx, {
          userId,
          instanceId,
          scheduleId: schedule.id,
          following,
          now,
        });
        const target = locked.find((row) => row.id === instanceId);
        // Gone, moved to another series, moved in time, or publishing began: nothing moves.
        if (!target || target.scheduleId !== schedule.id) throw stale();
        if (target.scheduledFor.getTime() !== expected || !target.movable) throw stale();
        const shift = to.getTime() - target.scheduledFor.getTime();
        if (shift === 0) return { scheduleId: schedule.id, moved: [] };

        if (!following || schedule.repeatType === null) {
          await repo.setInstanceTimes(tx, [
            { id: target.id, scheduledFor: to, scheduleId: schedule.id },
          ]);
          await repo.markChangedBy(tx, [schedule.id], actorId);
          return {
            scheduleId: schedule.id,
            moved: [{ id: target.id, scheduledFor: to }],
          };
        }

        // Those after it that already went out (or are going) stay where they are.
        // The moved one first (another of the series may share its time after a 'one' move).
        const moving = [target, ...locked.filter((row) => row.movable && row.id !== target.id)];
        const times = expandOccurrences({
          first: to,
          zone: schedule.timezone,
          repeatType: schedule.repeatType,
          repeatUntil: NO_END,
          keepWallClock,
          cap: moving.length,
        });
        const lastNew = times[times.length - 1] ?? to;
        const shiftedEnd = schedule.repeatUntil
          ? new Date(schedule.repeatUntil.getTime() + shift)
          : lastNew;
        const repeatUntil = shiftedEnd > lastNew ? shiftedEnd : lastNew;
        const staying = await repo.lastOtherInstanceTime(
          tx,
          schedule.id,
          moving.map((row) => row.id),
        );
        let scheduleId = schedule.id;
        if (staying === null) {
          // Nothing of the series stays behind: it simply starts at the new time.
          await repo.updateSeries(tx, schedule.id, { firstAt: to, repeatUntil });
        } else {
          scheduleId = await repo.insertSeries(tx, {
            userId,
            from: schedule,
            firstAt: to,
            repeatUntil,
          });
          await repo.updateSeries(tx, schedule.id, { repeatUntil: staying });
        }
        const moved = moving.map((row, index) => ({
          id: row.id,
          scheduledFor: times[index] ?? to,
        }));
        await repo.setInstanceTimes(
          tx,
          moved.map((row) => ({ id: row.id, scheduledFor: row.scheduledFor, scheduleId })),
        );
        await repo.markChangedBy(tx, [...new Set([schedule.id, scheduleId])], actorId);
        return { scheduleId, moved };
      });

      return {
        schedule_id: result.scheduleId,
        moved: result.moved.map((row) => ({
          id: row.id,
          scheduled_for: row.scheduledFor.toISOString(),
        })),
      };
    },
  };
}
