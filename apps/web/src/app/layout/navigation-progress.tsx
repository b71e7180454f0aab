import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** Navigations quicker than this show nothing, so moving between screens does not flash. */
export const NAVIGATION_PROGRESS_DELAY_MS = 150;

/**
 * A slim bar along the top of the window while the next screen's code or data loads (React
 * Router's navigation state), shown only once a navigation has taken longer than the delay.
 * Screen readers hear an indeterminate progress bar named 'Loading the page'.
 */
export function NavigationProgress({ delayMs = NAVIGATION_PROGRESS_DELAY_MS }) {
  const navigation = useNavigation();
  // Each navigation has its own location key: the delay runs for that one alone.
  const pending = navigation.state === 'idle' ? null : (navigation.location?.key ?? 'pending');
  const [slowKey, setSlowKey] = useState<string | null>(null);

  useEffect(() => {
    if (pending === null) return undefined;
    const timer = setTimeout(() => setSlowKey(pending), delayMs);
    return () => clearTimeout(timer);
  }, [pending, delayMs]);

  if (pending === null || slowKey !== pending) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-progress-slide bg-brand-600 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
