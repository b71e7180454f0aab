import type { ScheduleList } from '@cadence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';

/** Each occurrence's state and its publications' states, by occurrence id. */
function statesOf(list: ScheduleList): Map<string, string> {
  return new Map(
    list.rows.map((row) => [
      row.id,
      `${row.status}:${row.schedule_data.map((publication) => publication.status).join(',')}`,
    ]),
  );
}

/**
 * The scheduled list polls while something is going out; when a poll finds a publication
 * (or an occurrence) in another state, the posts lists (the Post List here, the Posts table)
 * read their 'Scheduled' / 'Published' status again, so both say the same thing. Only an
 * occurrence seen in both answers counts: another page, filter or day is not a change.
 */
export function usePostsFollowPublishing(list: ScheduleList | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef<Map<string, string> | undefined>(undefined);
  useEffect(() => {
    if (list === undefined) return;
    const before = previous.current;
    const now = statesOf(list);
    previous.current = now;
    if (before === undefined) return;
    for (const [id, state] of now) {
      const was = before.get(id);
      if (was !== undefined && was !== state) {
        void queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY });
        return;
      }
    }
  }, [list, queryClient]);
}
