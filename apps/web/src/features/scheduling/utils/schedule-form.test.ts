import { SCHEDULE_MESSAGES } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import type { ScheduleFormValues } from './schedule-form';
import { buildScheduleRequest } from './schedule-form';

const now = Date.parse('2025-07-01T10:00:00Z');
const values = (overrides: Partial<ScheduleFormValues>): ScheduleFormValues => ({
  platforms: ['bluesky'],
  date: '2025-07-01',
  time: '14:00',
  repeat: 'none',
  repeatUntil: '',
  ...overrides,
});

describe('buildScheduleRequest', () => {
  it('builds the request in the zone', () => {
    expect(buildScheduleRequest('p-1', values({}), 'Europe/Berlin', now)).toEqual({
      ok: true,
      payload: {
        social_account_type: ['bluesky'],
        post_id: 'p-1',
        schedule_date: '2025-07-01T14:00:00.000+02:00',
        timezone: 'Europe/Berlin',
      },
    });
  });

  it('asks for a platform and for both date and time', () => {
    const result = buildScheduleRequest('p-1', values({ platforms: [], time: '' }), 'UTC', now);
    expect(result).toEqual({
      ok: false,
      errors: {
        platforms: SCHEDULE_MESSAGES.selectPlatform,
        dateTime: SCHEDULE_MESSAGES.selectDateTime,
      },
    });
  });

  it('refuses a time that has passed in the zone', () => {
    // 11:30 in Berlin is 09:30 UTC, before now.
    const result = buildScheduleRequest('p-1', values({ time: '11:30' }), 'Europe/Berlin', now);
    expect(result).toEqual({ ok: false, errors: { dateTime: SCHEDULE_MESSAGES.futureDateTime } });
  });

  it('sends a repeat until the end of its last day', () => {
    const result = buildScheduleRequest(
      'p-1',
      values({ repeat: 'weekly', repeatUntil: '2025-07-29' }),
      'UTC',
      now,
    );
    expect(result.ok && result.payload).toMatchObject({
      repeat_type: 'weekly',
      repeat_until: '2025-07-29T23:59:59.999+00:00',
    });
  });

  it('checks the repeat end date', () => {
    expect(buildScheduleRequest('p-1', values({ repeat: 'daily' }), 'UTC', now)).toEqual({
      ok: false,
      errors: { repeatUntil: SCHEDULE_MESSAGES.repeatUntilRequired },
    });
    expect(
      buildScheduleRequest(
        'p-1',
        values({ repeat: 'daily', repeatUntil: '2025-06-30' }),
        'UTC',
        now,
      ),
    ).toEqual({ ok: false, errors: { repeatUntil: SCHEDULE_MESSAGES.repeatUntilBeforeStart } });
  });

  it("takes the start's own day as the repeat's end and refuses the day before (the schema's rule)", () => {
    const sameDay = buildScheduleRequest(
      'p-1',
      values({ repeat: 'daily', repeatUntil: '2025-07-01' }),
      'Europe/Berlin',
      now,
    );
    expect(sameDay.ok && sameDay.payload).toMatchObject({
      repeat_type: 'daily',
      repeat_until: '2025-07-01T23:59:59.999+02:00',
    });
    expect(
      buildScheduleRequest(
        'p-1',
        values({ date: '2025-07-02', repeat: 'daily', repeatUntil: '2025-07-01' }),
        'Europe/Berlin',
        now,
      ),
    ).toEqual({ ok: false, errors: { repeatUntil: SCHEDULE_MESSAGES.repeatUntilBeforeStart } });
  });
});
