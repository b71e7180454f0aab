import type { ScheduleData, ScheduledInstance } from '@cadence/shared';

// Scheduled-list answers for unit tests: a waiting publication on X, in an occurrence of a
// post with no entity; each test says only what it changes.

let sequence = 0;

export function publicationFixture(overrides: Partial<ScheduleData> = {}): ScheduleData {
  return {
    id: `pub-${++sequence}`,
    network: 'twitter',
    social_account: { name: 'X' },
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

export function occurrenceFixture(overrides: Partial<ScheduledInstance> = {}): ScheduledInstance {
  return {
    id: `instance-${++sequence}`,
    schedule_id: 'schedule-1',
    scheduled_for: '2026-11-24T10:00:00.000Z',
    status: 'pending',
    repeat_type: null,
    post: { id: 'post-1', content: 'Hello', url: null, attachments: [], company: null },
    schedule_data: [],
    ...overrides,
  };
}
