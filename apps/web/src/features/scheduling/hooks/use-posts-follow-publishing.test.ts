import type { ScheduleList, ScheduledInstance } from '@cadence/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';
import { CALENDAR_QUERY_KEY } from '../api/get-calendar';
import { followPublishing } from './use-posts-follow-publishing';

function occurrence(id: string, status: string, publication: string): ScheduledInstance {
  return {
    id,
    schedule_id: `schedule-${id}`,
    scheduled_for: '2026-11-24T10:00:00.000Z',
    status,
    repeat_type: null,
    post: { id: `post-${id}`, content: 'Hello', url: null, attachments: [], company: null },
    schedule_data: [
      {
        id: `publication-${id}`,
        network: 'twitter',
        social_account: { name: 'X' },
        status: publication as ScheduledInstance['schedule_data'][number]['status'],
        external_url: null,
        error: null,
        attempts: 0,
        published_at: null,
        due_at: null,
        reconnect_before: null,
      },
    ],
  };
}

const list = (...rows: ScheduledInstance[]): ScheduleList => ({
  rows,
  count: rows.length,
  page: 1,
  pageSize: 10,
});

/** A client holding a posts list and a calendar month, both fresh. */
function client() {
  const queryClient = new QueryClient();
  queryClient.setQueryData([...POSTS_QUERY_KEY, 'list', 1], { rows: [] });
  queryClient.setQueryData([...CALENDAR_QUERY_KEY, { from: 'a', to: 'b' }], { days: [] });
  const stale = () => ({
    posts: queryClient.getQueryState([...POSTS_QUERY_KEY, 'list', 1])?.isInvalidated,
    calendar: queryClient.getQueryState([...CALENDAR_QUERY_KEY, { from: 'a', to: 'b' }])
      ?.isInvalidated,
  });
  return { queryClient, stale };
}

describe('followPublishing', () => {
  it('reloads the posts lists and the calendar when an occurrence seen twice moved on', () => {
    const { queryClient, stale } = client();
    const first = followPublishing(
      queryClient,
      undefined,
      list(occurrence('a', 'pending', 'publishing')),
    );
    expect(stale()).toEqual({ posts: false, calendar: false });
    followPublishing(queryClient, first, list(occurrence('a', 'published', 'published')));
    expect(stale()).toEqual({ posts: true, calendar: true });
  });

  it('leaves them alone for the same states, or for occurrences of another page', () => {
    const { queryClient, stale } = client();
    const first = followPublishing(
      queryClient,
      undefined,
      list(occurrence('a', 'pending', 'pending')),
    );
    const second = followPublishing(
      queryClient,
      first,
      list(occurrence('a', 'pending', 'pending')),
    );
    followPublishing(queryClient, second, list(occurrence('b', 'published', 'published')));
    expect(stale()).toEqual({ posts: false, calendar: false });
  });
});
