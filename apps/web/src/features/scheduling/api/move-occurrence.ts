import type { MoveScope } from '@cadence/shared';
import { API_PATHS, OccurrenceMovedSchema } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SCHEDULES_QUERY_KEY } from '../../../lib/query-keys';

export interface MoveOccurrenceInput {
  id: string;
  /** The new time, an ISO instant. */
  scheduledFor: string;
  scope: MoveScope;
  /** The time the person saw it at: the server refuses the move (409) if it changed. */
  expectedScheduledFor: string;
}

export async function moveOccurrence(input: MoveOccurrenceInput) {
  const { data } = await apiRequest(
    API_PATHS.scheduleOccurrence.replace(':id', encodeURIComponent(input.id)),
    {
      method: 'PATCH',
      body: {
        scheduled_for: input.scheduledFor,
        scope: input.scope,
        expected_scheduled_for: input.expectedScheduledFor,
      },
      schema: OccurrenceMovedSchema,
    },
  );
  return data;
}

/** Moves an occurrence; the calendar and the lists are asked again either way (a 409 too). */
export function useMoveOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveOccurrence,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY }),
  });
}
