import type { MovableOccurrence } from './use-occurrence-mover';
import { useOccurrenceMover } from './use-occurrence-mover';

interface StandaloneMoveToProps {
  occurrence: MovableOccurrence;
  timeZone: string;
  onClose: () => void;
}

/** 'Move to...' opened from a scheduled post's card (loaded with its first use). */
export function StandaloneMoveTo({ occurrence, timeZone, onClose }: StandaloneMoveToProps) {
  return useOccurrenceMover(timeZone, { initial: occurrence, onClosed: onClose }).dialogs;
}
