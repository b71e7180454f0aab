import type { ScheduleData, ScheduleList, ScheduledInstance } from '@cadence/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';
import { occurrenceFixture, publicationFixture } from '../../../test/schedule-fixtures';
import { CALENDAR_QUERY_KEY } from '../api/get-calendar';
import { followPublishing } from './use-posts-follow-publishing';

const occurrence = (id: string, status: string, publication: ScheduleData['status']) =>
  occurrenceFixture({ id, status, schedule_data: [publicationFixture({ status: publication })] });

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
