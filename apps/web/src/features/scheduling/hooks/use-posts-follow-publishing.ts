import type { ScheduleList } from '@cadence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';

/**
 * The scheduled list polls while something is going out; when a poll finds a publication
 * (or an occurrence) in another state, the posts lists (the Post List here, the Posts table)
 * read their 'Scheduled' / 'Published' status again, so both say the same thing.
 */
export function usePostsFollowPublishing(list: ScheduleList | undefined) {
  const queryClient = useQueryClient();
  const states = list?.rows
    .map((row) => `${row.id}:${row.status}:${row.schedule_data.map((p) => p.status).join(',')}`)
    .join('|');
  const previous = useRef(states);
  useEffect(() => {
    if (states === undefined) return;
    const before = previous.current;
    previous.current = states;
    if (before !== undefined && before !== states)
      void queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY });
  }, [states, queryClient]);
}
