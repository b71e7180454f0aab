import type { NetworkId, RepeatType, ScheduleCreate } from '@cadence/shared';
import { SCHEDULE_MESSAGES } from '@cadence/shared';
import { dayRange, zonedDateTimeToIso } from '../../../lib/zoned-time';

export interface ScheduleFormValues {
  platforms: NetworkId[];
  /** 'yyyy-MM-dd' from the Date input. */
  date: string;
  /** 'HH:mm' from the Time input. */
  time: string;
  repeat: RepeatType | 'none';
  /** 'yyyy-MM-dd', only read when repeating. */
  repeatUntil: string;
}

export type ScheduleFormErrors = Partial<Record<'platforms' | 'dateTime' | 'repeatUntil', string>>;

export type ScheduleFormResult =
  { ok: true; payload: ScheduleCreate } | { ok: false; errors: ScheduleFormErrors };

/**
 * Checks the dialog's values with the spec's messages and builds the request: the date and time
 * are read in `zone`, and a repeat runs until the end of its last day in that zone.
 */
export function buildScheduleRequest(
  postId: string,
  values: ScheduleFormValues,
  zone: string,
  now: number,
): ScheduleFormResult {
  const errors: ScheduleFormErrors = {};
  if (values.platforms.length === 0) errors.platforms = SCHEDULE_MESSAGES.selectPlatform;

  const scheduleDate =
    values.date === '' || values.time === ''
      ? null
      : zonedDateTimeToIso(values.date, values.time, zone);
  if (scheduleDate === null) errors.dateTime = SCHEDULE_MESSAGES.selectDateTime;
  else if (Date.parse(scheduleDate) <= now) errors.dateTime = SCHEDULE_MESSAGES.futureDateTime;

  let repeatUntil: string | null = null;
  if (values.repeat !== 'none') {
    repeatUntil = dayRange(values.repeatUntil, zone)?.to ?? null;
    if (repeatUntil === null) errors.repeatUntil = SCHEDULE_MESSAGES.repeatUntilRequired;
    else if (scheduleDate !== null && Date.parse(repeatUntil) <= Date.parse(scheduleDate)) {
      errors.repeatUntil = SCHEDULE_MESSAGES.repeatUntilBeforeStart;
    }
  }

  if (Object.keys(errors).length > 0 || scheduleDate === null) return { ok: false, errors };
  return {
    ok: true,
    payload: {
      social_account_type: values.platforms,
      post_id: postId,
      schedule_date: scheduleDate,
      timezone: zone,
      ...(values.repeat === 'none'
        ? {}
        : { repeat_type: values.repeat, repeat_until: repeatUntil }),
    },
  };
}
