import type { MoveScope, RepeatType } from '@cadence/shared';
import { OCCURRENCE_MESSAGES, SCHEDULE_MESSAGES } from '@cadence/shared';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { toastApiError } from '../../../../components/ui/error-toast';
import { ApiRequestError } from '../../../../lib/api-error';
import { useMoveOccurrence } from '../../api/move-occurrence';
import { MoveOccurrenceDialog } from './move-occurrence-dialog';
import { MoveScopeDialog } from './move-scope-dialog';

/** What moving needs to know of an occurrence, from the calendar or the scheduled list. */
export interface MovableOccurrence {
  id: string;
  scheduled_for: string;
  repeat_type: RepeatType | null;
  content: string;
}

export interface OccurrenceMover {
  /** 'Move to...': opens the date and time fields. */
  openMoveTo: (occurrence: MovableOccurrence) => void;
  /** A drop at `to` (ISO): moves at once, or asks first when the schedule repeats. */
  drop: (occurrence: MovableOccurrence, to: string) => void;
  /** The occurrence being moved and where to, while the move is asked or under way. */
  pending: { id: string; to: string } | null;
  /** The dialogs: render them once beside whatever calls the mover. */
  dialogs: ReactNode;
}

/**
 * The one way an occurrence is moved: drag and 'Move to...' both end here. `initial` opens
 * 'Move to...' at once (the scheduled list's button); `onClosed` hears a 'Move to...' or a
 * drop end (moved, refused or given up).
 */
export function useOccurrenceMover(
  timeZone: string,
  options: { initial?: MovableOccurrence; onClosed?: () => void } = {},
): OccurrenceMover {
  const move = useMoveOccurrence();
  const [moveTo, setMoveToState] = useState<MovableOccurrence | null>(options.initial ?? null);
  const setMoveTo = (next: MovableOccurrence | null) => {
    setMoveToState(next);
    if (next === null) options.onClosed?.();
  };
  const [dropped, setDropped] = useState<{ occurrence: MovableOccurrence; to: string } | null>(
    null,
  );
  const [pending, setPending] = useState<{ id: string; to: string } | null>(null);

  /** `done` after a move or a 409 (the dialog closes); `settled` after any answer. */
  function send(
    occurrence: MovableOccurrence,
    to: string,
    scope: MoveScope,
    done: () => void,
    settled?: () => void,
  ) {
    setPending({ id: occurrence.id, to });
    move.mutate(
      {
        id: occurrence.id,
        scheduledFor: to,
        scope,
        expectedScheduledFor: occurrence.scheduled_for,
      },
      {
        onSuccess: () => {
          toast.success(OCCURRENCE_MESSAGES.moved);
          done();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'STALE') {
            toast.error(OCCURRENCE_MESSAGES.stale);
            done();
          } else toastApiError(error, OCCURRENCE_MESSAGES.moveFailed);
        },
        onSettled: () => {
          setPending(null);
          settled?.();
        },
      },
    );
  }

  return {
    openMoveTo: setMoveTo,
    drop(occurrence, to) {
      const finished = () => options.onClosed?.();
      if (to === occurrence.scheduled_for) return finished();
      if (Date.parse(to) <= Date.now()) {
        toast.error(SCHEDULE_MESSAGES.futureDateTime);
        return finished();
      }
      if (occurrence.repeat_type === null) send(occurrence, to, 'one', () => undefined, finished);
      else {
        setPending({ id: occurrence.id, to });
        setDropped({ occurrence, to });
      }
    },
    pending: pending ?? (dropped ? { id: dropped.occurrence.id, to: dropped.to } : null),
    dialogs: (
      <>
        <MoveOccurrenceDialog
          occurrence={moveTo}
          timeZone={timeZone}
          isPending={move.isPending}
          onSubmit={(to, scope) => moveTo && send(moveTo, to, scope, () => setMoveTo(null))}
          onClose={() => setMoveTo(null)}
        />
        <MoveScopeDialog
          to={dropped?.to ?? null}
          timeZone={timeZone}
          isPending={move.isPending}
          onChoose={(scope) =>
            dropped &&
            send(dropped.occurrence, dropped.to, scope, () => {
              setDropped(null);
              options.onClosed?.();
            })
          }
          onClose={() => {
            setDropped(null);
            setPending(null);
            options.onClosed?.();
          }}
        />
      </>
    ),
  };
}
