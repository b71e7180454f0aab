import type { ScheduleData } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { occurrenceFixture, publicationFixture } from '../../test/schedule-fixtures';
import { nextRefreshDelay } from './refresh-delay';

const buildItem = (overrides: Partial<ScheduleData>) =>
  publicationFixture({ network: 'bluesky', social_account: { name: 'Bluesky' }, ...overrides });
const buildRow = (scheduledFor: string, items: ScheduleData[]) =>
  occurrenceFixture({ scheduled_for: scheduledFor, schedule_data: items });

describe('nextRefreshDelay', () => {
  const now = Date.parse('2025-07-01T10:00:00Z');

  it('polls every 5 s while something is publishing or due', () => {
    expect(
      nextRefreshDelay(
        [buildRow('2025-07-02T10:00:00Z', [buildItem({ status: 'publishing' })])],
        now,
      ),
    ).toBe(5_000);
    expect(nextRefreshDelay([buildRow('2025-07-01T09:59:00Z', [buildItem({})])], now)).toBe(5_000);
  });

  it('waits until the next pending post falls due', () => {
    expect(nextRefreshDelay([buildRow('2025-07-01T10:02:00Z', [buildItem({})])], now)).toBe(
      120_000,
    );
    expect(nextRefreshDelay([buildRow('2025-07-01T10:00:01Z', [buildItem({})])], now)).toBe(5_000);
    expect(nextRefreshDelay([buildRow('2025-08-01T10:00:00Z', [buildItem({})])], now)).toBe(
      3_600_000,
    );
  });

  it('polls a post asked to go out now, though its time is later', () => {
    const asked = buildItem({ due_at: '2025-07-01T10:00:00Z' });
    expect(nextRefreshDelay([buildRow('2025-08-01T10:00:00Z', [asked])], now)).toBe(5_000);
  });

  it('stops when nothing is waiting', () => {
    expect(nextRefreshDelay([], now)).toBe(false);
    expect(
      nextRefreshDelay(
        [buildRow('2025-07-01T09:00:00Z', [buildItem({ status: 'published' })])],
        now,
      ),
    ).toBe(false);
  });
});
