import { Clock } from 'lucide-react';
import { useNow } from '../../../hooks/use-now';
import { formatInZone } from '../../../lib/zoned-time';

/** The time now in the page's zone, ticking every second, with the zone's name. */
export function LiveClock({ timeZone }: { timeZone: string }) {
  const now = useNow(1_000);
  return (
    <p
      role="timer"
      className="inline-flex items-center gap-1.5 rounded-full bg-gray-100 px-2.5 py-1 text-xs font-medium text-gray-700 tabular-nums"
    >
      <Clock className="size-3.5 text-gray-500" aria-hidden="true" />
      <time dateTime={new Date(now).toISOString()}>{formatInZone(now, timeZone, 'h:mm:ss a')}</time>
      <span className="text-gray-600">{timeZone}</span>
    </p>
  );
}
