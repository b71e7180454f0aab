import { useEffect, useRef } from 'react';
import type { MovableOccurrence } from './use-occurrence-mover';
import { useOccurrenceMover } from './use-occurrence-mover';

interface StandaloneMoveToProps {
  occurrence: MovableOccurrence;
  timeZone: string;
  /** A month-view drop: move there (asking first when it repeats) instead of 'Move to...'. */
  dropTo?: string | undefined;
  onClose: () => void;
}

/**
 * A move started outside the week and day views (loaded with its first use): 'Move to...'
 * from a scheduled post's card, or a drop on a day of the month view.
 */
export function StandaloneMoveTo({ occurrence, timeZone, dropTo, onClose }: StandaloneMoveToProps) {
  const mover = useOccurrenceMover(timeZone, {
    ...(dropTo === undefined ? { initial: occurrence } : {}),
    onClosed: onClose,
  });
  // Once, even when StrictMode runs effects twice: a second request would be refused as stale.
  const isStarted = useRef(false);
  useEffect(() => {
    if (dropTo === undefined || isStarted.current) return;
    isStarted.current = true;
    mover.drop(occurrence, dropTo);
  });
  return mover.dialogs;
}
