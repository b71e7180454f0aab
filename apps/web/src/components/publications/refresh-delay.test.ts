import type { ScheduledInstance, ScheduleData } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { nextRefreshDelay } from './refresh-delay';

function buildItem(overrides: Partial<ScheduleData>): ScheduleData {
  return {
    id: 'pub-1',
    network: 'bluesky',
    social_account: { name: 'Bluesky' },
    status: 'pending',
    external_url: null,
    error: null,
    attempts: 0,
    published_at: null,
    due_at: null,
    reconnect_before: null,
    ...overrides,
  };
}

function buildRow(scheduledFor: string, items: ScheduleData[]): ScheduledInstance {
  return {
    id: 'i-1',
    schedule_id: 's-1',
    scheduled_for: scheduledFor,
    status: 'pending',
    repeat_type: null,
    post: { id: 'p-1', content: 'Hello', url: null, attachments: [], company: null },
    schedule_data: items,
  };
}

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
