import type { ScheduleData } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { occurrenceFixture, publicationFixture } from '../../../test/schedule-fixtures';
import { publicationsNeedingAction } from './post-publications';

const item = (status: ScheduleData['status'], overrides: Partial<ScheduleData> = {}) =>
  publicationFixture({ status, ...overrides });
const occurrence = (at: string, items: ScheduleData[]) =>
  occurrenceFixture({
    id: `i-${at}`,
    scheduled_for: at,
    repeat_type: 'daily',
    schedule_data: items,
  });

describe('publicationsNeedingAction', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');

  it('lists stuck copies and the next occurrence, not the later ones', () => {
    const failed = item('failed');
    const unconfirmed = item('unconfirmed');
    const stuck = item('pending');
    const next = item('pending');
    const nextOther = item('pending', { network: 'bluesky' });
    const later = item('pending');
    const rows = [
      occurrence('2026-11-22T10:00:00Z', [failed, item('published')]),
      occurrence('2026-11-23T10:00:00Z', [unconfirmed]),
      occurrence('2026-11-24T09:00:00Z', [stuck]),
      occurrence('2026-11-25T10:00:00Z', [next, nextOther]),
      occurrence('2026-11-26T10:00:00Z', [later]),
    ];
    expect(publicationsNeedingAction(rows, now).map((found) => found.publication.id)).toEqual([
      failed.id,
      unconfirmed.id,
      stuck.id,
      next.id,
      nextOther.id,
    ]);
  });

  it('counts a copy asked to go out now as due, and keeps to the limit', () => {
    const asked = item('pending', { due_at: '2026-11-24T09:59:00Z' });
    const rows = [
      occurrence('2026-11-20T10:00:00Z', [item('missed'), item('missed')]),
      occurrence('2026-11-30T10:00:00Z', [asked]),
    ];
    expect(publicationsNeedingAction(rows, now, 3)).toHaveLength(3);
    expect(publicationsNeedingAction(rows, now, 3).at(-1)?.publication.id).toBe(asked.id);
    expect(
      publicationsNeedingAction([occurrence('2026-11-20T10:00:00Z', [item('published')])], now),
    ).toEqual([]);
  });
});
