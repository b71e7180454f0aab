import type { ScheduleList } from '@cadence/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';
import { CALENDAR_QUERY_KEY } from '../api/get-calendar';

/** Each occurrence's state and its publications' states, by occurrence id. */
type States = Map<string, string>;

function statesOf(list: ScheduleList): States {
  return new Map(
    list.rows.map((row) => [
      row.id,
      `${row.status}:${row.schedule_data.map((publication) => publication.status).join(',')}`,
    ]),
  );
}

/**
 * Compares a new answer of the scheduled list with the one before; when an occurrence seen
 * in both moved on, the posts lists and the calendar (its day popups show each post's
 * status) read again. Answers the states to compare the next answer with.
 */
export function followPublishing(
  queryClient: QueryClient,
  before: States | undefined,
  list: ScheduleList,
): States {
  const now = statesOf(list);
  if (before === undefined) return now;
  for (const [id, state] of now) {
    const was = before.get(id);
    if (was !== undefined && was !== state) {
      void queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_KEY });
      break;
    }
  }
  return now;
}

/**
 * The scheduled list polls while something is going out; when a poll finds a publication
 * (or an occurrence) in another state, the posts lists (the Post List here, the Posts table)
 * and the calendar read their 'Scheduled' / 'Published' status again, so all say the same
 * thing. Only an occurrence seen in both answers counts: another page, filter or day is not
 * a change.
 */
export function usePostsFollowPublishing(list: ScheduleList | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef<States | undefined>(undefined);
  useEffect(() => {
    if (list === undefined) return;
    previous.current = followPublishing(queryClient, previous.current, list);
  }, [list, queryClient]);
}
